import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { toast } from '../../lib/toast';
import { ClientSelector } from '../../components/client-selector';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { clientLabel, clientSummaryQuery } from '../../lib/client-options';
import { usePageClient } from '../../lib/use-page-client';
import { SCORE_LINKS, SCORE_MESSAGES, tierFor, type ScoresResponse } from '../../../shared/scores-rules';
import { scoresQuery } from './api';
import { PaydexCard } from './paydex-card';
import { ScoreHistory } from './score-history';
import { ScoreRange, whatIfStart } from './score-range';
import { TierCards } from './tier-cards';
import { TradelinesCard } from '../tradelines/tradelines-card';
import { PaydexEstimateCard } from '../invoices/paydex-estimate-card';
import { PaydexPlanCard } from '../invoices/paydex-plan-card';
import { LoadFailed, Loading } from '../../components/load-states';
import { lazyPage } from '../../app/lazy-page';

// Staff's forms (react-hook-form) load only for staff: a client's page does without them.
const SetScoreForm = lazyPage(() => import('./set-score-form'), 'SetScoreForm');

/** /dnb: a client's CapitalScore and PAYDEX; an admin picks a client (?client=<id>) and sets their scores. */
export function ScoresPage() {
  const { isAdmin, clientId, choose } = usePageClient();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">CapitalScore</h1>
          {/* Only the dot pulses (2 s, still under reduced motion): a fading badge would fade its text. */}
          <span className="inline-flex items-center gap-1.5 rounded-full bg-green-700 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-white">
            <span aria-hidden="true" className="size-2 rounded-full bg-white animate-live-pulse" />
            LIVE
          </span>
        </div>
        <a
          href={SCORE_LINKS.learnMore}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          Learn More <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </header>
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {clientId ? <ClientScores key={clientId} clientId={clientId} isAdmin={isAdmin} /> : isAdmin && <NoClientYet />}
    </div>
  );
}

function NoClientYet() {
  return <p className="text-sm text-gray-600">Choose a client to see and set their scores.</p>;
}

function ClientScores({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const scores = useQuery(scoresQuery(clientId));
  const failed = scores.isError && !scores.data;

  useEffect(() => {
    if (failed) toast.error(SCORE_MESSAGES.loadFailed);
  }, [failed]);

  if (failed) return <LoadFailed message={SCORE_MESSAGES.loadFailed} query={scores} />;
  if (!scores.data) return <Loading label="Loading scores..." />;
  const data = scores.data;
  return (
    <>
      {isAdmin && <AdminScoreForms clientId={clientId} scores={data} />}
      {/* A new saved score moves the marker back to it. */}
      <ScoresView key={data.capital.latest?.lastUpdatedAt ?? 'none'} scores={data} forClient={isAdmin} />
      <PaydexEstimateCard clientId={clientId} recorded={data.paydex.latest?.score ?? null} />
      <PaydexPlanCard clientId={clientId} readOnly={isAdmin} />
      <TradelinesCard clientId={clientId} forClient={isAdmin} />
    </>
  );
}

/** `forClient`: an admin looking at a client's scores ('Client's Score' rather than 'Your Score'). */
function ScoresView({ scores, forClient }: { scores: ScoresResponse; forClient: boolean }) {
  const latest = scores.capital.latest;
  const [whatIf, setWhatIf] = useState(() => whatIfStart(latest));
  return (
    <>
      <ScoreRange latest={latest} whatIf={whatIf} onWhatIf={setWhatIf} forClient={forClient} />
      <TierCards current={latest ? tierFor(latest.score).name : null} whatIf={tierFor(whatIf).name} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PaydexCard latest={scores.paydex.latest} />
        <ScoreHistory capital={scores.capital.history} paydex={scores.paydex.history} />
      </div>
    </>
  );
}

function AdminScoreForms({ clientId, scores }: { clientId: string; scores: ScoresResponse }) {
  const client = useQuery(clientSummaryQuery(clientId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Set scores{client.data ? ` for ${clientLabel(client.data)}` : ''}</CardTitle>
        <p className="text-sm text-gray-600">
          Each save is kept in the history, and the client is notified of the change.
        </p>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-2">
        <Suspense fallback={<Loading label="Loading the forms" />}>
          <SetScoreForm clientId={clientId} kind="capital" current={scores.capital.latest?.score ?? null} />
          <SetScoreForm clientId={clientId} kind="paydex" current={scores.paydex.latest?.score ?? null} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
