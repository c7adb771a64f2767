import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, ListChecks } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { TRADELINE_STALE_DAYS } from '../../../shared/credit-rules';
import { countLabel, formatDate, plural } from '../../../shared/format';
import { TRADELINE_SOURCE_PAGES, type TradelineView } from '../../../shared/tradelines';
import { tradelinesQuery } from './api';
import { LoadFailed, Loading } from '../../components/load-states';

function staleText(v: TradelineView) {
  const since = formatDate(v.status.since);
  // Only stale lines come here, and a stale line has its days.
  const days = countLabel(v.status.days ?? 0, 'day');
  return v.lastReported ? `last reported ${since}, ${days} ago` : `opened ${since}, never reported (${days})`;
}

/**
 * The Tradelines summary on the CapitalScore page: how many tradelines report to each bureau, the
 * stale ones, what is still needed, and where each kind is managed. `forClient`: an admin's view of
 * a client (links keep the client chosen).
 */
export function TradelinesCard({ clientId, forClient }: { clientId: string; forClient: boolean }) {
  const q = useQuery(tradelinesQuery(clientId));
  const suffix = forClient ? `?client=${encodeURIComponent(clientId)}` : '';

  let body;
  if (q.isError && !q.data) body = <LoadFailed message="Could not load the tradelines." query={q} />;
  else if (!q.data) body = <Loading label="Loading tradelines..." />;
  else {
    const s = q.data.summary;
    body = (
      <div className="flex flex-col gap-5">
        <p className="text-sm text-gray-700" data-testid="tradelines-total">
          {s.total
            ? `${countLabel(s.total, 'tradeline')} in all.`
            : 'No tradelines yet: add a store card, a revolving credit or a First Step Account.'}
        </p>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {s.byBureau.map((b) => (
            <div
              key={b.key}
              className="min-w-0 rounded-lg border border-gray-200 px-3 py-2"
              data-testid={`bureau-${b.key}`}
            >
              <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{b.label}</dt>
              <dd className="text-2xl font-semibold text-gray-900">
                {b.count} <span className="text-sm font-normal text-gray-600">{plural(b.count, 'tradeline')}</span>
              </dd>
            </div>
          ))}
        </dl>

        <section aria-labelledby="tradelines-stale" className="flex flex-col gap-2">
          <h3 id="tradelines-stale" className="text-sm font-semibold text-gray-900">
            Stale (not reported for more than {TRADELINE_STALE_DAYS} days)
          </h3>
          {s.staleCount === 0 ? (
            <p className="text-sm text-gray-600">No stale tradelines.</p>
          ) : (
            <ul className="flex flex-col gap-1.5" data-testid="stale-tradelines">
              {s.stale.map((v) => (
                <li key={`${v.source}-${v.id}`} className="flex items-start gap-2 text-sm text-gray-800">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{v.name}</span>{' '}
                    <span className="text-gray-600">({TRADELINE_SOURCE_PAGES[v.source].label})</span>: {staleText(v)}
                  </span>
                </li>
              ))}
              {s.staleCount > s.stale.length && (
                <li className="text-sm text-gray-600">and {s.staleCount - s.stale.length} more.</li>
              )}
            </ul>
          )}
        </section>

        <section aria-labelledby="tradelines-needed" className="flex flex-col gap-2">
          <h3 id="tradelines-needed" className="text-sm font-semibold text-gray-900">
            What is still needed
          </h3>
          {s.needed.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-green-800">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" /> Nothing: every bureau has enough
              tradelines reporting.
            </p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800" data-testid="tradelines-needed">
              {s.needed.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return (
    <Card aria-labelledby="tradelines-title" role="region" className="min-w-0">
      <CardHeader>
        <CardTitle id="tradelines-title" className="flex items-center gap-2">
          <ListChecks className="size-5 text-brand-700" aria-hidden="true" /> Tradelines
        </CardTitle>
        <CardDescription>
          Every store card, revolving credit and opened First Step Account is a tradeline. Record the bureaus each
          reports to on its card.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {body}
        <nav
          aria-label="Manage tradelines"
          className="flex flex-wrap gap-x-4 gap-y-2 border-t border-gray-100 pt-4 text-sm"
        >
          {Object.values(TRADELINE_SOURCE_PAGES).map((p) => (
            <Link
              key={p.path}
              to={`${p.path}${suffix}`}
              className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {p.label}
            </Link>
          ))}
        </nav>
      </CardContent>
    </Card>
  );
}
