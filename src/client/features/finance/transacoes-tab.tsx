import { useDeferredValue, useState } from 'react';
import toast from 'react-hot-toast';
import { ArrowDownCircle, ArrowUpCircle, Lock, Pencil, Search, Trash2 } from 'lucide-react';
import {
  categoriasDespesa,
  categoriasReceita,
  formaPagamentoLabels,
  type Transacao,
  type TransacaoTipo,
} from '../../../shared/finance.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InputField, SelectField } from '../../components/field';
import { Badge, EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { Pagination } from '../../components/pagination';
import { ApiError } from '../../lib/api-client';
import {
  MENSALIDADES_PAGE_SIZE,
  useDeleteTransacao,
  useTransacoes,
  type TransacaoFilters,
} from './finance.api';
import { TransacaoFormModal } from './transacao-form-modal';

/** The Receitas and Despesas tabs: the same list, one type each. */
export function TransacoesTab({ tipo }: { tipo: TransacaoTipo }) {
  const [q, setQ] = useState('');
  const [categoria, setCategoria] = useState('');
  const [status, setStatus] = useState<TransacaoFilters['status']>('todos');
  const [mes, setMes] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Transacao | null>(null);
  const [deleting, setDeleting] = useState<Transacao | null>(null);
  const filters: TransacaoFilters = { tipo, q: useDeferredValue(q.trim()), categoria, status, mes, page };
  const { data, isLoading, isError, isFetching } = useTransacoes(filters);
  const remove = useDeleteTransacao();
  const categorias = tipo === 'receita' ? categoriasReceita : categoriasDespesa;
  const Icon = tipo === 'receita' ? ArrowUpCircle : ArrowDownCircle;
  const plural = tipo === 'receita' ? 'Receitas' : 'Despesas';

  const handleDelete = (transacao: Transacao) => {
    remove.mutate(transacao.id, {
      onSuccess: (result) => {
        toast.success(result.message ?? 'Transação excluída.');
        setDeleting(null);
      },
      onError: (failure) => toast.error(failure instanceof ApiError ? failure.message : 'Erro ao excluir'),
    });
  };

  const reset = () => setPage(1);

  return (
    <div>
      <div className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-4">
        <InputField
          label="Buscar"
          type="search"
          placeholder="Descrição"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            reset();
          }}
          trailing={<Search className="mr-2 h-4 w-4 text-gray-400" aria-hidden="true" />}
        />
        <SelectField
          label="Categoria"
          value={categoria}
          onChange={(event) => {
            setCategoria(event.target.value);
            reset();
          }}
        >
          <option value="">Todas</option>
          {categorias.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as TransacaoFilters['status']);
            reset();
          }}
        >
          <option value="todos">Todos</option>
          <option value="pago">Pago</option>
          <option value="pendente">Pendente</option>
        </SelectField>
        <InputField
          label="Mês"
          type="month"
          value={mes}
          onChange={(event) => {
            setMes(event.target.value);
            reset();
          }}
        />
      </div>
      {isError && <ErrorBanner>Erro ao carregar dados financeiros</ErrorBanner>}
      {isLoading ? (
        <Spinner />
      ) : data && data.items.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white">
          <EmptyState
            icon={Icon}
            title={`Nenhuma ${tipo} encontrada`}
            hint={`Use 'Nova ${tipo === 'receita' ? 'Receita' : 'Despesa'}' para registrar.`}
          />
        </div>
      ) : data ? (
        <div className="overflow-hidden rounded-xl border border-gray-200 bg-white" aria-busy={isFetching}>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 px-4 py-3">
            <h2 className="font-semibold text-gray-900">
              {plural} ({data.total})
            </h2>
            <p className="text-sm text-gray-600">
              Soma do filtro: <span className="font-semibold text-gray-900">{formatCentavos(data.soma)}</span>
            </p>
          </div>
          <ul className="divide-y divide-gray-100" aria-label={plural}>
            {data.items.map((transacao) => (
              <li
                key={transacao.id}
                className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[2fr_1fr_1fr_1.2fr_7rem] sm:items-center"
              >
                <div>
                  <p className="font-medium text-gray-900">{transacao.descricao}</p>
                  <p className="text-gray-600">{transacao.categoria}</p>
                </div>
                <p className="text-gray-700">{formatDate(transacao.data)}</p>
                <p className="text-gray-700">
                  {transacao.forma_pagamento ? formaPagamentoLabels[transacao.forma_pagamento] : '—'}
                </p>
                <div className="flex items-center gap-2">
                  <span className={`font-semibold ${tipo === 'receita' ? 'text-green-700' : 'text-red-700'}`}>
                    {formatCentavos(transacao.valor)}
                  </span>
                  <Badge tone={transacao.status === 'pago' ? 'green' : 'yellow'}>
                    {transacao.status === 'pago' ? 'Pago' : 'Pendente'}
                  </Badge>
                </div>
                <div className="flex justify-end gap-1">
                  {transacao.automatica ? (
                    <span
                      className="inline-flex items-center gap-1 text-xs text-gray-500"
                      title="Gerada pelo pagamento da mensalidade"
                    >
                      <Lock className="h-3.5 w-3.5" aria-hidden="true" /> Mensalidade
                    </span>
                  ) : (
                    <>
                      <IconButton
                        label={`Editar ${transacao.descricao}`}
                        onClick={() => setEditing(transacao)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        label={`Excluir ${transacao.descricao}`}
                        onClick={() => setDeleting(transacao)}
                      >
                        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                      </IconButton>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageSize={MENSALIDADES_PAGE_SIZE} total={data.total} onChange={setPage} />
        </div>
      ) : null}
      {editing && <TransacaoFormModal tipo={tipo} transacao={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={`Excluir ${tipo}`}
          message={`Excluir '${deleting.descricao}' (${formatCentavos(deleting.valor)})? Esta ação fica registrada na auditoria.`}
          confirmLabel="Excluir"
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => handleDelete(deleting)}
        />
      )}
    </div>
  );
}
