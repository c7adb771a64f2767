import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { ClientSelector } from '../../components/client-selector';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDateTime } from '../../../shared/format';
import type { FundabilityAnswer } from '../../../shared/fundability';
import { useDefaultClient } from '../../lib/client-options';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { fundabilityQuery } from './api';
import { CheckItem } from './check-item';
import { FundabilityHistory } from './fundability-history';
import { ScoreMeter } from './score-meter';
import { LoadFailed, Loading } from '../../components/load-states';

/** /fundability: what stands between a client and funding; an admin picks a client (?client=<id>). */
export function FundabilityPage() {
  useDocumentTitle('Fundability');
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const chosen = useDefaultClient(isAdmin, params.get('client'));
  const clientId = isAdmin ? chosen : (user?.id ?? null);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Fundability</h1>
        <p className="text-sm text-gray-600">
          Lenders and bureaus turn down a business whose name, address or phone differ between its records. These checks
          show what stands between {isAdmin ? 'this client' : 'you'} and funding, and where to fix it.
        </p>
      </header>
      {isAdmin && <ClientSelector value={clientId} onChange={(id) => setParams({ client: id })} />}
      {clientId ? (
        <ClientFundability key={clientId} clientId={clientId} actingFor={isAdmin ? clientId : null} />
      ) : (
        isAdmin && <p className="text-sm text-gray-600">Choose a client to see their fundability.</p>
      )}
    </div>
  );
}

function ClientFundability({ clientId, actingFor }: { clientId: string; actingFor: string | null }) {
  const query = useQuery(fundabilityQuery(clientId));
  if (query.isError && !query.data) return <LoadFailed message="Could not load the fundability check." query={query} />;
  if (!query.data) return <Loading label="Loading the fundability check..." />;
  return <FundabilityView answer={query.data} clientId={clientId} actingFor={actingFor} />;
}

function FundabilityView({
  answer,
  clientId,
  actingFor,
}: {
  answer: FundabilityAnswer;
  clientId: string;
  actingFor: string | null;
}) {
  const toFix = answer.checks.filter((c) => c.state !== 'passed');
  const passed = answer.checks.filter((c) => c.state === 'passed');
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{actingFor ? 'Fundability score' : 'Your fundability score'}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <ScoreMeter score={answer.score} checks={answer.checks} />
            <p className="text-xs text-gray-600">Checked {formatDateTime(answer.computedAt)}</p>
          </CardContent>
        </Card>
        <FundabilityHistory clientId={clientId} computedAt={answer.computedAt} />
      </div>
      <CheckSection
        title="To improve"
        empty="Nothing to fix: every check passed."
        checks={toFix}
        actingFor={actingFor}
        testId="checks-to-fix"
      />
      {passed.length > 0 && (
        <CheckSection title="Passed" checks={passed} actingFor={actingFor} testId="checks-passed" />
      )}
    </>
  );
}

function CheckSection({
  title,
  empty,
  checks,
  actingFor,
  testId,
}: {
  title: string;
  empty?: string;
  checks: FundabilityAnswer['checks'];
  actingFor: string | null;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-lg">
          {title} ({checks.length})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {checks.length === 0 ? (
          <p className="text-sm text-gray-600">{empty}</p>
        ) : (
          <ul aria-label={title} className="divide-y divide-gray-200">
            {checks.map((c) => (
              <CheckItem key={c.id} check={c} actingFor={actingFor} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
