import { cn } from '../../lib/cn';
import { TIERS, type TierName } from '../../../shared/scores-rules';
import { tierStyle } from './tier-style';

/** The four tiers; the client's current one marked 'Current Tier', the what-if marker's one 'What-if'. */
export function TierCards({ current, whatIf }: { current: TierName | null; whatIf?: TierName }) {
  return (
    <section aria-labelledby="tiers-heading" className="flex flex-col gap-3">
      <h2 id="tiers-heading" className="text-xl font-semibold text-gray-900">
        Tiers
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {TIERS.map((tier) => {
          const isCurrent = tier.name === current;
          return (
            <li
              key={tier.name}
              data-testid={`tier-${tier.name}`}
              aria-current={isCurrent ? 'true' : undefined}
              className={cn(
                'flex flex-col gap-3 rounded-xl border bg-white p-5 shadow-sm',
                isCurrent ? cn('border-2', tierStyle[tier.name].ring) : 'border-gray-200',
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className={cn('flex items-center gap-2 text-lg font-semibold', tierStyle[tier.name].text)}>
                  <span aria-hidden="true" className={cn('size-3 rounded-full', tierStyle[tier.name].dot)} />
                  {tier.name}
                </h3>
                <span className="flex flex-wrap gap-1">
                  {isCurrent && (
                    <span className="rounded-full bg-gray-900 px-2 py-0.5 text-xs font-semibold text-white">
                      Current Tier
                    </span>
                  )}
                  {whatIf === tier.name && !isCurrent && (
                    <span className="rounded-full border border-gray-400 px-2 py-0.5 text-xs font-medium text-gray-800">
                      What-if
                    </span>
                  )}
                </span>
              </div>
              <p className="text-sm font-medium tabular-nums text-gray-700">
                {tier.min}-{tier.max}
              </p>
              <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
                {tier.description.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="mt-auto text-sm text-gray-800">
                <span className="font-medium">Funding potential:</span> {tier.fundingPotential}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
