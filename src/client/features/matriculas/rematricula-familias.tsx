import { AlertTriangle } from 'lucide-react';
import {
  statusRematricula,
  statusRematriculaLabels,
  type FamiliaRematricula,
  type StatusRematricula,
} from '../../../shared/anuidades.schemas';
import { formatDateTime } from '../../../shared/format';
import type { Column } from '../../components/data-table';
import { Badge, type BadgeTone } from '../../components/feedback';

const tones: Record<StatusRematricula, BadgeTone> = {
  sem_convite: 'red',
  convidado: 'gray',
  aberto: 'blue',
  enviado: 'purple',
  assinado: 'green',
  pago: 'green',
  perdido: 'gray',
};

/** The round's table: one row per family, drawn as cards on a phone. */
export const familiaColumns: Column<FamiliaRematricula>[] = [
  {
    id: 'aluno',
    header: 'Aluno',
    cell: (row) => row.aluno_nome,
    sortValue: (row) => row.aluno_nome,
    card: 'title',
  },
  {
    id: 'status',
    header: 'Situação',
    cell: (row) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        <Badge tone={tones[row.status]}>{statusRematriculaLabels[row.status]}</Badge>
        {row.inadimplente && (
          <Badge tone="yellow">
            <AlertTriangle className="mr-1 h-3 w-3" aria-hidden="true" /> Em atraso (art. 5º)
          </Badge>
        )}
      </span>
    ),
    sortValue: (row) => statusRematricula.indexOf(row.status),
    card: 'badge',
  },
  { id: 'serie', header: 'Próxima série', cell: (row) => row.serie, sortValue: (row) => row.serie },
  {
    id: 'responsavel',
    header: 'Responsável',
    cell: (row) => (
      <span>
        {row.responsavel_nome}
        <span className="block text-xs break-all text-gray-500">{row.email || 'sem e-mail'}</span>
      </span>
    ),
    sortValue: (row) => row.responsavel_nome,
  },
  {
    id: 'aberto',
    header: 'Abriu',
    cell: (row) => (row.aberto_em ? formatDateTime(row.aberto_em) : '—'),
    hideBelow: 'lg',
  },
  {
    id: 'lembrete',
    header: 'Último lembrete',
    cell: (row) => (row.ultimo_lembrete_em ? formatDateTime(row.ultimo_lembrete_em) : '—'),
    hideBelow: 'xl',
  },
];
