import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const MONTHS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];

/** Loaded lazily (React.lazy) so recharts stays out of the other pages. */
export function EnrolmentChart({ series }: { series: { mes: string; novas: number; total: number }[] }) {
  const data = series.map((item) => ({
    ...item,
    label: MONTHS[Number(item.mes.slice(5, 7)) - 1] ?? item.mes,
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} width={36} />
        <Tooltip />
        <Legend />
        <Area
          type="monotone"
          dataKey="total"
          name="Alunos matriculados"
          stroke="#3B82F6"
          fill="#3B82F6"
          fillOpacity={0.2}
        />
        <Area
          type="monotone"
          dataKey="novas"
          name="Novas matrículas"
          stroke="#10B981"
          fill="#10B981"
          fillOpacity={0.3}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

const statusColors: Record<string, string> = {
  ativo: '#10B981',
  inativo: '#9CA3AF',
  transferido: '#F59E0B',
  formado: '#8B5CF6',
};
const statusLabels: Record<string, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  transferido: 'Transferido',
  formado: 'Formado',
};

export function StatusPie({ data }: { data: { status: string; total: number }[] }) {
  const rows = data.map((item) => ({
    ...item,
    name: statusLabels[item.status] ?? item.status,
    fill: statusColors[item.status] ?? '#6B7280',
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <PieChart>
        <Pie data={rows} dataKey="total" nameKey="name" innerRadius={50} outerRadius={90} label />
        <Tooltip />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}
