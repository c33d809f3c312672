import { formatDate } from '../../../shared/format';
import type { YearEndStatus } from '../../../shared/year-end.schemas.js';
import type { Column } from '../../components/data-table';
import { Badge } from '../../components/feedback';

type PeriodRow = YearEndStatus['periodos'][number];

/** The periods of 'Ano letivo' across the year's `turmas` classes (none yet: 'Sem turmas', not 'Fechado'). */
export const periodColumns = (turmas: number): Column<PeriodRow>[] => [
  { id: 'nome', header: 'Período', card: 'title', cell: (row) => row.nome },
  { id: 'fechamento', header: 'Data de fechamento', cell: (row) => formatDate(row.data_fechamento) },
  {
    id: 'situacao',
    header: 'Situação',
    card: 'badge',
    cell: (row) =>
      turmas === 0 ? (
        <Badge tone="gray">Sem turmas</Badge>
      ) : row.turmas_abertas === 0 ? (
        <Badge tone="gray">Fechado</Badge>
      ) : (
        <Badge tone="yellow">
          Aberto em {row.turmas_abertas} de {turmas} {turmas === 1 ? 'turma' : 'turmas'}
        </Badge>
      ),
  },
  {
    id: 'publicado',
    header: 'Publicado',
    cell: (row) =>
      `${String(row.turmas_publicadas)} de ${String(turmas)} ${turmas === 1 ? 'turma' : 'turmas'}`,
  },
];
