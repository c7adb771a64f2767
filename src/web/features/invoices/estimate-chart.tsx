import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EstimatePoint } from '../../../shared/paydex-estimate';

export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** The estimate at the end of each of the last 12 months (its words and container are the card's); gaps where there was not enough data. */
export default function EstimateChart({ points }: { points: EstimatePoint[] }) {
  const data = points.map((p) => ({ month: p.month, score: p.score }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="month" tickFormatter={monthLabel} tick={{ fontSize: 11, fill: '#4b5563' }} minTickGap={16} />
        <YAxis
          domain={[0, 100]}
          ticks={[0, 20, 40, 60, 80, 100]}
          interval={0}
          tick={{ fontSize: 11, fill: '#4b5563' }}
          width={36}
          allowDecimals={false}
        />
        <Tooltip labelFormatter={(v) => monthLabel(String(v))} formatter={(v) => [v, 'Estimated PAYDEX']} />
        <Line type="linear" dataKey="score" stroke="#15803d" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
