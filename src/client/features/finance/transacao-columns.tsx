import { Lock, Pencil, Trash2 } from 'lucide-react';
import { formaPagamentoLabels } from '../../../shared/mensalidades.schemas';
import { type Transacao, type TransacaoTipo } from '../../../shared/finance.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { IconButton } from '../../components/button';
import type { Column } from '../../components/data-table';
import { Badge } from '../../components/feedback';

export function transacaoColumns(tipo: TransacaoTipo): Column<Transacao>[] {
  return [
    {
      id: 'descricao',
      header: 'Descrição',
      sortable: true,
      cell: (transacao) => (
        <>
          <p className="font-medium text-gray-900">{transacao.descricao}</p>
          <p className="text-gray-600">{transacao.categoria}</p>
        </>
      ),
    },
    {
      id: 'data',
      header: 'Data',
      sortable: true,
      cell: (transacao) => <span className="text-gray-700">{formatDate(transacao.data)}</span>,
    },
    {
      id: 'forma',
      header: 'Forma',
      cell: (transacao) => (
        <span className="text-gray-700">
          {transacao.forma_pagamento ? formaPagamentoLabels[transacao.forma_pagamento] : '—'}
        </span>
      ),
    },
    {
      id: 'valor',
      header: 'Valor',
      sortable: true,
      cell: (transacao) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className={`font-semibold ${tipo === 'receita' ? 'text-green-700' : 'text-red-700'}`}>
            {formatCentavos(transacao.valor)}
          </span>
          <Badge tone={transacao.status === 'pago' ? 'green' : 'yellow'}>
            {transacao.status === 'pago' ? 'Pago' : 'Pendente'}
          </Badge>
        </div>
      ),
    },
  ];
}

/** Edit and delete, except for entries a tuition payment wrote (changed only through the tuition). */
export function TransacaoActions({
  transacao,
  onEdit,
  onDelete,
}: {
  transacao: Transacao;
  onEdit: () => void;
  onDelete: () => void;
}) {
  if (transacao.automatica) {
    return (
      <span
        className="inline-flex items-center gap-1 text-xs text-gray-500"
        title="Gerada pelo pagamento da mensalidade"
      >
        <Lock className="h-3.5 w-3.5" aria-hidden="true" /> Mensalidade
      </span>
    );
  }
  return (
    <>
      <IconButton label={`Editar ${transacao.descricao}`} onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton label={`Excluir ${transacao.descricao}`} onClick={onDelete}>
        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
      </IconButton>
    </>
  );
}
