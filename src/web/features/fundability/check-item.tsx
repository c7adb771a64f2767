import { Link } from 'react-router';
import { ArrowRight, CircleAlert, CircleCheck, CircleDashed, type LucideIcon } from 'lucide-react';
import type { CheckResult, CheckState } from '../../../shared/fundability';

/** Each state in words and with its own icon: colour is never the only signal. */
export const CHECK_STATES: Record<CheckState, { label: string; Icon: LucideIcon; tone: string }> = {
  passed: { label: 'Passed', Icon: CircleCheck, tone: 'text-green-700' },
  failed: { label: 'Needs attention', Icon: CircleAlert, tone: 'text-amber-700' },
  unknown: { label: 'Not yet possible', Icon: CircleDashed, tone: 'text-gray-600' },
};

/** A fix link keeps the client an admin is acting for (the page behind it has the same selector). */
export const fixHref = (href: string, actingFor: string | null) =>
  actingFor ? `${href}${href.includes('?') ? '&' : '?'}client=${encodeURIComponent(actingFor)}` : href;

export function StateLabel({ state }: { state: CheckState }) {
  const { label, Icon, tone } = CHECK_STATES[state];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1.5 text-sm font-medium ${tone}`} data-testid="check-state">
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </span>
  );
}

/** One check: its title, state, the reason, and where to fix it. */
export function CheckItem({
  check,
  actingFor,
  headingLevel = 'h3',
}: {
  check: CheckResult;
  actingFor: string | null;
  headingLevel?: 'h3' | 'h4';
}) {
  const Heading = headingLevel;
  const { Icon, tone } = CHECK_STATES[check.state];
  return (
    <li
      aria-label={check.title}
      data-testid="fundability-check"
      data-check={check.id}
      data-state={check.state}
      className="flex gap-3 py-4 first:pt-0 last:pb-0"
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${tone}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <Heading className="text-base font-semibold text-gray-900">{check.title}</Heading>
          <span className="flex items-center gap-3">
            <span className="text-xs text-gray-600">{check.weight} points</span>
            <StateLabel state={check.state} />
          </span>
        </div>
        <p className="text-sm break-words text-gray-700">{check.reason}</p>
        {check.fix && check.state !== 'passed' && (
          <Link
            to={fixHref(check.fix.href, actingFor)}
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {check.fix.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
    </li>
  );
}
