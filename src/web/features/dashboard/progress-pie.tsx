import { plural } from '../../../shared/format';

const SEGMENTS = 20;
const R = 80;
const C = 100;

/** A point on the circle, angle in turns from 12 o'clock, clockwise. */
const at = (turns: number, r = R) => {
  const a = turns * 2 * Math.PI - Math.PI / 2;
  return `${(C + r * Math.cos(a)).toFixed(2)} ${(C + r * Math.sin(a)).toFixed(2)}`;
};

/**
 * The original product's 20-segment pie: a segment is filled (green) for every 5% of tasks completed, the
 * rest grey. Drawn as plain SVG wedges (no chart library).
 */
export function ProgressPie({ completed, total }: { completed: number; total: number }) {
  const filled = total > 0 ? Math.round((completed / total) * SEGMENTS) : 0;
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  return (
    <figure className="flex flex-col items-center gap-2" data-testid="progress-pie">
      <svg
        viewBox="0 0 200 200"
        className="size-44"
        role="img"
        aria-label={`Build-out progress: ${completed} of ${total} ${plural(total, 'task')} completed, ${filled} of ${SEGMENTS} segments filled`}
      >
        {Array.from({ length: SEGMENTS }, (_, i) => (
          <path
            key={i}
            data-filled={i < filled}
            d={`M ${C} ${C} L ${at(i / SEGMENTS)} A ${R} ${R} 0 0 1 ${at((i + 1) / SEGMENTS)} Z`}
            className={i < filled ? 'fill-green-600' : 'fill-gray-200'}
            stroke="white"
            strokeWidth={2}
          />
        ))}
        <circle cx={C} cy={C} r={42} className="fill-white" />
        <text x={C} y={C + 7} textAnchor="middle" className="fill-gray-900 text-[22px] font-semibold">
          {percent}%
        </text>
      </svg>
      <figcaption className="text-sm text-gray-600">
        {completed} of {total} {plural(total, 'task')} completed
      </figcaption>
    </figure>
  );
}
