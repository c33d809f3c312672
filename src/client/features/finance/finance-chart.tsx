import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCentavos } from '../../../shared/format';
import { MONTH_NAMES } from '../../../shared/mensalidades.schemas';

/**
 * A tick of the axis (centavos) in reais a narrow axis holds: '250', '1,5 mil', '280 mil'. Rounded to
 * thousands, a new school's first R$ 980 read '0 mil, 0 mil, 1 mil, 1 mil'.
 */
export function axisTick(centavos: number): string {
  const reais = centavos / 100;
  if (Math.abs(reais) < 1000) return Math.round(reais).toLocaleString('pt-BR');
  const mil = reais / 1000;
  return `${mil.toLocaleString('pt-BR', { maximumFractionDigits: Math.abs(mil) < 10 ? 1 : 0 })} mil`;
}

/** Receitas vs despesas per month (loaded lazily: recharts stays out of the other pages). */
export default function FinanceChart({
  series,
}: {
  series: { mes: string; receitas: number; despesas: number }[];
}) {
  const data = series.map((item) => ({
    ...item,
    label: `${(MONTH_NAMES[Number(item.mes.slice(5, 7)) - 1] ?? '').slice(0, 3)}/${item.mes.slice(2, 4)}`,
  }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ left: 8, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis
          fontSize={12}
          tickFormatter={axisTick}
          // Wide enough for '280 mil' on one line (at 52 px the hundreds broke into two lines).
          width={64}
        />
        <Tooltip formatter={(value) => formatCentavos(Number(value))} />
        <Legend />
        <Bar dataKey="receitas" name="Receitas" fill="#10B981" radius={[4, 4, 0, 0]} />
        <Bar dataKey="despesas" name="Despesas" fill="#EF4444" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
