import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatDateTime } from '../../../shared/format';
import type { ScorePoint } from '../../../shared/scores';

/** Ticks on the x axis: dates, or times of day when every point is on one day. */
const tickFormat = (points: ScorePoint[]) => {
  const oneDay =
    points.length > 0 && formatDate(points[0]!.lastUpdatedAt) === formatDate(points[points.length - 1]!.lastUpdatedAt);
  return oneDay
    ? (v: string) => new Date(v).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : (v: string) => formatDate(v);
};

export type ScoreChartProps = {
  name: string;
  points: ScorePoint[];
  domain: [number, number];
  ticks: number[];
  colour: string;
};

/** The line chart of a score history (its words and its container are score-history.tsx's). */
export default function ScoreChart({ name, points, domain, ticks, colour }: ScoreChartProps) {
  const data = points.map((p) => ({ at: p.lastUpdatedAt, score: p.score }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis
          dataKey="at"
          tickFormatter={tickFormat(points)}
          tick={{ fontSize: 11, fill: '#4b5563' }}
          minTickGap={24}
        />
        <YAxis
          domain={domain}
          ticks={ticks}
          interval={0}
          tick={{ fontSize: 11, fill: '#4b5563' }}
          width={44}
          allowDecimals={false}
        />
        <Tooltip labelFormatter={(v) => formatDateTime(String(v))} formatter={(v) => [v, name]} />
        <Line type="linear" dataKey="score" stroke={colour} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
