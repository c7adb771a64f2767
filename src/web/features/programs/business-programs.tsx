import { Suspense, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { CheckCircle2, Plus } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { lazyPage } from '../../app/lazy-page';
import { Alert } from '../../components/ui/alert';
import { publicConfigQuery } from '../../lib/public-config';
import { refreshPayments } from '../billing/api';
import { Instalments } from '../billing/instalments';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { planSummary, programById, programs, type ProgramId } from '../../../shared/programs-rules';
import { useRequestProgram } from './api';
import { OtherServices } from './other-services';
import { PaymentHistory } from './payment-history';
import { ProgramDetails } from './program-details';

const SUCCESS_CLOSE_MS = 6000;
// Stripe's webhook may reach the portal a moment after the client comes back: ask again for a while.
const CONFIRM_POLL_MS = 3000;
const CONFIRM_POLL_FOR_MS = 30_000;

// The agreement and its signing form load when the client chooses Make a Payment with card payments on.
const AgreementDialog = lazyPage(() => import('../billing/agreement-dialog'), 'AgreementDialog');

/** Home page section: pick a program, ask staff for payment instructions, see past payments. */
export function BusinessPrograms() {
  const { user, isAdmin } = useAuth();
  const isPortalAdmin = useIsPortalAdmin();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<ProgramId | ''>(() => programById(params.get('program') ?? '')?.id ?? '');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestProgram(user?.id ?? '');
  const sectionRef = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const program = selected ? programById(selected) : undefined;
  const config = useQuery(publicConfigQuery);
  // Card payments are the client's own: staff acting for a client keep today's request.
  const online = Boolean(config.data?.onlinePayments) && !isAdmin;
  const [agreementOpen, setAgreementOpen] = useState(false);
  const returned = params.get('payment');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (returned !== 'done' || !user) return;
    void refreshPayments(queryClient, user.id);
    const poll = setInterval(() => void refreshPayments(queryClient, user.id), CONFIRM_POLL_MS);
    const stop = setTimeout(() => clearInterval(poll), CONFIRM_POLL_FOR_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [returned, user, queryClient]);

  // Plan cards link here with #business-programs; the router does not scroll to hashes itself.
  useEffect(() => {
    if (hash === '#business-programs') sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    setSelected('');
    setNote('');
    request.reset();
  };
  const submit = () => {
    if (!program || request.isPending) return;
    if (online) return setAgreementOpen(true);
    request.mutate(
      { programId: program.id, note },
      {
        onSuccess: () => {
          setSubmitted(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            setSubmitted(false);
            close();
          }, SUCCESS_CLOSE_MS);
        },
      },
    );
  };

  return (
    <section
      id="business-programs"
      ref={sectionRef}
      aria-labelledby="business-programs-heading"
      className="scroll-mt-4"
    >
      <Card>
        <CardHeader>
          <CardTitle id="business-programs-heading">Business Programs</CardTitle>
          <CardDescription>Choose a build-out program and we will send you payment instructions.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {returned === 'done' && (
            <Alert tone="success">Thank you. Your payment was received; it shows in your Payment History below.</Alert>
          )}
          {returned === 'cancelled' && (
            <Alert tone="warning">The payment was not completed. You can choose Make a Payment to try again.</Alert>
          )}
          <div className="flex flex-col gap-1">
            <Label htmlFor="program-select">Choose a program</Label>
            <select
              id="program-select"
              value={selected}
              disabled={request.isPending}
              onChange={(e) => {
                setSelected(e.target.value as ProgramId | '');
                request.reset();
              }}
              className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <option value="">Select a program</option>
              {programs.map((p) => (
                <option key={p.id} value={p.id} title={p.description}>
                  {`${p.name} — ${planSummary(p)}`}
                </option>
              ))}
            </select>
            <ul className="mt-2 grid gap-2 text-sm md:grid-cols-3" aria-label="Programs at a glance">
              {programs.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    aria-pressed={p.id === selected}
                    disabled={request.isPending}
                    onClick={() => {
                      setSelected(p.id);
                      request.reset();
                    }}
                    className={`h-full w-full rounded-lg border p-3 text-left hover:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${p.id === selected ? 'border-brand-600 bg-brand-50' : 'border-gray-200'}`}
                  >
                    <span className="block font-medium text-gray-900">{p.name}</span>
                    <span className="mt-1 block text-gray-600">{p.description}</span>
                    <span className="mt-1 block font-medium text-brand-800">{planSummary(p)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>

          {program && (
            <ProgramDetails
              program={program}
              note={note}
              onNoteChange={setNote}
              onCancel={close}
              onSubmit={submit}
              sending={request.isPending}
              failed={request.isError}
              online={online}
            />
          )}
          {program && online && agreementOpen && user && (
            <Suspense fallback={null}>
              <AgreementDialog clientId={user.id} program={program} open onOpenChange={setAgreementOpen} />
            </Suspense>
          )}
          {online && user && <Instalments clientId={user.id} />}

          <OtherServices />

          {user && <PaymentHistory clientId={user.id} />}
          {isAdmin && (
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={() => navigate('/account')}>
                <Plus aria-hidden="true" /> Add Payment
              </Button>
              {isPortalAdmin && (
                <Link to="/agreements" className="text-sm font-medium text-brand-700 hover:underline">
                  Service agreements
                </Link>
              )}
            </div>
          )}
        </CardContent>
      </Card>

      <Dialog open={submitted} onOpenChange={(open) => !open && setSubmitted(false)}>
        <DialogContent title="Request Submitted!">
          <div className="flex flex-col items-center gap-4 text-center">
            <CheckCircle2 className="size-12 text-green-600" aria-hidden="true" />
            <p className="text-sm text-gray-700">
              The admin has received your payment request. You'll receive an email with payment instructions shortly.
            </p>
            <Button onClick={() => setSubmitted(false)}>Close</Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
