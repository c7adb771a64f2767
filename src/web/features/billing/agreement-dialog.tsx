import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckCircle2 } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { describedBy, FormField } from '../../components/ui/form-field';
import { LoadFailed } from '../../components/load-states';
import { useServerError } from '../../lib/server-error';
import { formatDateTime } from '../../../shared/format';
import { signAgreementInput, type SignAgreementInput, type SignedAgreement } from '../../../shared/billing';
import type { Program } from '../../../shared/programs-rules';
import { SafeHtml } from '../automations/safe-html';
import { agreementQuery, useCheckout, useSignAgreement } from './api';

/**
 * "Make a Payment" with card payments on: the program's service agreement filled in for the client,
 * signed by typing their full name and ticking consent; then Stripe Checkout for the next instalment.
 */
export function AgreementDialog({
  clientId,
  program,
  open,
  onOpenChange,
}: {
  clientId: string;
  program: Program;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useQuery(agreementQuery(clientId, program.id));
  const checkout = useCheckout(clientId);
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent
        title={`Service Agreement: ${program.name}`}
        description="Read the agreement, sign it, then pay the first instalment securely with Stripe."
        className="max-w-2xl"
      >
        {query.isPending && <p className="text-sm text-gray-600">Loading the agreement...</p>}
        {query.isError && <LoadFailed message="Could not load the agreement." query={query} />}
        {query.data &&
          (query.data.signed ? (
            <Signed
              signed={query.data.signed}
              busy={busy}
              error={checkout.error}
              onPay={() => checkout.mutate({ programId: program.id })}
            />
          ) : (
            <>
              <div
                className="max-h-[40vh] overflow-y-auto rounded-lg border border-gray-200 p-4"
                tabIndex={0}
                role="region"
                aria-label="Agreement text"
              >
                <SafeHtml html={query.data.template.html} />
              </div>
              <SignForm clientId={clientId} programId={program.id} templateId={query.data.template.id} />
            </>
          ))}
      </DialogContent>
    </Dialog>
  );
}

function Signed({
  signed,
  busy,
  error,
  onPay,
}: {
  signed: SignedAgreement;
  busy: boolean;
  error: Error | null;
  onPay: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-lg bg-green-50 p-4 text-sm text-green-900">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium">
            Signed by {signed.signedName} on {formatDateTime(signed.signedAt)} (version {signed.version}).
          </p>
          <p className="mt-1 break-all text-xs">SHA-256: {signed.sha256}</p>
          <p className="mt-1">A PDF copy is in your Business Documents.</p>
        </div>
      </div>
      {error && <Alert tone="error">{error.message}</Alert>}
      <div className="flex justify-end">
        <Button onClick={onPay} disabled={busy}>
          {busy ? 'Opening payment...' : 'Continue to payment'}
        </Button>
      </div>
    </div>
  );
}

function SignForm({
  clientId,
  programId,
  templateId,
}: {
  clientId: string;
  programId: Program['id'];
  templateId: number;
}) {
  const sign = useSignAgreement(clientId);
  const form = useForm<SignAgreementInput, unknown, z.output<typeof signAgreementInput>>({
    resolver: zodResolver(signAgreementInput),
    defaultValues: { programId, templateId, fullName: '', consent: false as unknown as true },
  });
  const e = form.formState.errors;
  const alert = useServerError(form, sign.error);
  const nameId = useId();
  const consentId = useId();
  return (
    <form onSubmit={form.handleSubmit((input) => sign.mutate(input))} noValidate className="mt-4 flex flex-col gap-3">
      <FormField id={nameId} label="Type your full name to sign" error={e.fullName?.message}>
        <Input
          id={nameId}
          autoComplete="name"
          maxLength={200}
          aria-invalid={Boolean(e.fullName)}
          aria-describedby={describedBy(nameId, false, e.fullName?.message)}
          disabled={sign.isPending}
          {...form.register('fullName')}
        />
      </FormField>
      <div className="flex flex-col gap-1">
        <label htmlFor={consentId} className="flex items-start gap-2 text-sm text-gray-800">
          <input
            id={consentId}
            type="checkbox"
            className="mt-0.5 size-4"
            aria-invalid={Boolean(e.consent)}
            disabled={sign.isPending}
            {...form.register('consent')}
          />
          <span>I have read this agreement and agree to sign it electronically.</span>
        </label>
        {e.consent?.message && (
          <p className="text-xs text-red-700" role="alert">
            {e.consent.message}
          </p>
        )}
      </div>
      {alert && <Alert tone="error">{alert}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={sign.isPending}>
          {sign.isPending ? 'Signing...' : 'Sign agreement'}
        </Button>
      </div>
    </form>
  );
}
