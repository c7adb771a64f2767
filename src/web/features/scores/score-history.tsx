import { lazy, Suspense } from 'react';
import type { ScoreChartProps } from './score-chart';
import { useNearScreen } from '../../lib/use-near-screen';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CAPITAL_SCORE, CAPITAL_SCORE_MARKS, PAYDEX_SCORE, type ScorePoint } from '../../../shared/scores-rules';

// recharts is in score-chart.tsx, loaded once the chart's place comes near the screen (below the
// fold on a phone): it is most of what the /dnb and /fundability pages would otherwise load, and
// running it took the longest task of their first load.
const ScoreChart = lazy(() => import('./score-chart'));

/** Both scores over time, each with its change since the previous value in words. */
export function ScoreHistory({ capital, paydex }: { capital: ScorePoint[]; paydex: ScorePoint[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-1">
        <HistoryChart
          name="CapitalScore"
          points={capital}
          domain={[CAPITAL_SCORE.min, CAPITAL_SCORE.max]}
          ticks={[...CAPITAL_SCORE_MARKS]}
          colour="#1d4ed8"
        />
        <HistoryChart
          name="PAYDEX"
          points={paydex}
          domain={[PAYDEX_SCORE.min, PAYDEX_SCORE.max]}
          ticks={[0, 25, 50, 75, 100]}
          colour="#15803d"
        />
      </CardContent>
    </Card>
  );
}

/** '+45 since the previous score (610)', '-3 ...', 'No change ...'; null with fewer than two points. */
export function changeText(points: ScorePoint[]): string | null {
  if (points.length < 2) return null;
  const last = points[points.length - 1]!.score;
  const previous = points[points.length - 2]!.score;
  const diff = last - previous;
  if (diff === 0) return `No change since the previous score (${previous})`;
  return `${diff > 0 ? '+' : '−'}${Math.abs(diff)} since the previous score (${previous})`;
}

export function HistoryChart(props: ScoreChartProps) {
  const { name, points } = props;
  const [chartPlace, chartNear] = useNearScreen<HTMLDivElement>();
  const change = changeText(points);
  const values = points.map((p) => p.score);
  const summary =
    values.length <= 10
      ? `${name} history: ${values.join(', ')}`
      : `${name} history: ${values.length} scores, from ${values[0]} to ${values.at(-1)}`;
  return (
    <section aria-label={`${name} history`} data-testid={`history-${name}`} className="flex min-w-0 flex-col gap-2">
      <h3 className="text-base font-semibold text-gray-900">{name}</h3>
      {points.length === 0 ? (
        <p className="text-sm text-gray-600">No {name} history yet</p>
      ) : (
        <>
          <p className="text-sm text-gray-700" data-testid={`change-${name}`}>
            {change ?? `First score: ${points[0]!.score}`}
          </p>
          {/* Clipped: after a resize the chart keeps its old width until it measures again, and must not widen a phone's page meanwhile. */}
          <div ref={chartPlace} role="img" aria-label={summary} className="h-44 w-full min-w-0 overflow-hidden">
            {chartNear && (
              <Suspense fallback={null}>
                <ScoreChart {...props} />
              </Suspense>
            )}
          </div>
        </>
      )}
    </section>
  );
}
