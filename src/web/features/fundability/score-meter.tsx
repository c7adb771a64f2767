import type { CheckResult } from '../../../shared/fundability';
import { plural } from '../../../shared/format';

/** The score out of 100 as a number and a bar, with how many checks passed in words. */
export function ScoreMeter({
  score,
  checks,
  size = 'lg',
}: {
  score: number;
  checks: CheckResult[];
  size?: 'lg' | 'sm';
}) {
  const passed = checks.filter((c) => c.state === 'passed').length;
  const tone = score >= 80 ? 'bg-green-700' : score >= 50 ? 'bg-amber-500' : 'bg-red-600';
  return (
    <div className="flex flex-col gap-2" data-testid="fundability-score">
      <p className="flex items-baseline gap-1 text-gray-900">
        <span className={`${size === 'lg' ? 'text-5xl' : 'text-3xl'} font-semibold tabular-nums`}>{score}</span>
        <span className="text-base text-gray-600">/ 100</span>
        <span className="sr-only"> fundability score</span>
      </p>
      <div aria-hidden="true" className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200">
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.max(0, Math.min(100, score))}%` }} />
      </div>
      <p className="text-sm text-gray-600">
        {passed} of {checks.length} {plural(checks.length, 'check')} passed
      </p>
    </div>
  );
}
