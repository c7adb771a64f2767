// The spec fixes these values (45 days, 75% done, rounded down): they are not computed from data.
const TOTAL_DAYS = 45;
const COMPLETED_DAYS = Math.floor(TOTAL_DAYS * 0.75);

/** Build-out progress under the top bar; medium screens and up only, as the spec says. */
export function ProgressStrip() {
  const percent = Math.round((COMPLETED_DAYS / TOTAL_DAYS) * 100);
  const label = `Build-out progress: Day ${COMPLETED_DAYS} of ${TOTAL_DAYS}`;
  return (
    <div className="hidden items-center gap-3 border-t border-gray-100 px-6 py-2 md:flex">
      <span id="buildout-progress-label" className="shrink-0 text-xs font-medium text-gray-700">
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby="buildout-progress-label"
        aria-valuemin={0}
        aria-valuemax={TOTAL_DAYS}
        aria-valuenow={COMPLETED_DAYS}
        aria-valuetext={`Day ${COMPLETED_DAYS} of ${TOTAL_DAYS} (${percent}%)`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      <span aria-hidden className="shrink-0 text-xs tabular-nums text-gray-500">
        {percent}%
      </span>
    </div>
  );
}
