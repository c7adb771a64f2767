import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMinutes } from '../../../shared/support-report-rules';

export type ReportChartProps = {
  /** One point per week, oldest first: the week's label and each line's value by its key. */
  data: Record<string, string | number | null>[];
  lines: { key: string; name: string }[];
};

// Distinct at a glance and dark enough on white (3:1 or more) for a line.
const COLOURS = ['#1d4ed8', '#15803d', '#b45309', '#be123c', '#7e22ce', '#0f766e', '#4d7c0f', '#c2410c'];

/** The median first response per week, one line per staff member (its words are the page's). */
export default function ReportChart({ data, lines }: ReportChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="week" tick={{ fontSize: 11, fill: '#4b5563' }} minTickGap={16} />
        <YAxis
          tick={{ fontSize: 11, fill: '#4b5563' }}
          width={52}
          allowDecimals={false}
          tickFormatter={(v: number) => (v === 0 ? '0' : formatMinutes(v))}
        />
        <Tooltip formatter={(v, name) => [formatMinutes(typeof v === 'number' ? v : null), name]} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {lines.map((l, i) => (
          <Line
            key={l.key}
            type="linear"
            dataKey={l.key}
            name={l.name}
            stroke={COLOURS[i % COLOURS.length]}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
