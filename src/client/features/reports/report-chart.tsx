import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportResult } from '../../../shared/reports.schemas';

const colors = ['#2563EB', '#F59E0B', '#10B981', '#EF4444', '#8B5CF6'];

/** A report's chart, when it has one (loaded lazily: recharts stays out of the other pages). */
export default function ReportChart({ result }: { result: ReportResult }) {
  const chart = result.grafico;
  if (!chart) return null;
  // The totals line sums the others: a bar for it would dwarf them.
  const data = result.linhas.filter((line) => line[chart.rotulo] !== 'Total');
  return (
    <figure className="rounded-xl border border-gray-200 bg-white p-4">
      <figcaption className="mb-2 text-sm font-semibold text-gray-900">{chart.titulo}</figcaption>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ left: 0, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={chart.rotulo} fontSize={12} />
          <YAxis fontSize={12} allowDecimals={false} width={36} />
          <Tooltip />
          <Legend />
          {chart.series.map((serie, index) => (
            <Bar
              key={serie.chave}
              dataKey={serie.chave}
              name={serie.rotulo}
              stackId="total"
              fill={colors[index % colors.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
