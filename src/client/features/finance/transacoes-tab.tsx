import { useMemo } from 'react';
import { ArrowDownCircle, ArrowUpCircle } from 'lucide-react';
import {
  categoriasDespesa,
  categoriasReceita,
  transacaoSortColumns,
  type Transacao,
  type TransacaoTipo,
} from '../../../shared/finance.schemas';
import { formatCentavos } from '../../../shared/format';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import { FilterBar, InputFilter, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { useListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import {
  MENSALIDADES_PAGE_SIZE,
  useDeleteTransaction,
  useTransacoes,
  type TransacaoFilters,
} from './finance.api';
import { TransacaoActions, transacaoColumns } from './transacao-columns';
import { TransacaoFormModal } from './transacao-form-modal';

const statusLabels = { pago: 'Pago', pendente: 'Pendente' };

/** The Receitas and Despesas tabs: the same list, one type each. */
export function TransacoesTab({ tipo }: { tipo: TransacaoTipo }) {
  const list = useListState<TransacaoFilters>({
    defaults: { q: '', categoria: '', status: '', mes: '' },
    sortable: transacaoSortColumns,
  });
  const transacoes = useTransacoes({ ...list.query, tipo });
  const remove = useDeleteTransaction();
  const dialog = useRowDialog<{ edit: Transacao; delete: Transacao }>();
  const columns = useMemo(() => transacaoColumns(tipo), [tipo]);
  const categorias = tipo === 'receita' ? categoriasReceita : categoriasDespesa;
  const plural = tipo === 'receita' ? 'Receitas' : 'Despesas';
  const data = transacoes.data;

  return (
    <div>
      <FilterBar columns="sm:grid-cols-4">
        <SearchFilter list={list} name="q" placeholder="Descrição" />
        <SelectFilter
          list={list}
          name="categoria"
          label="Categoria"
          options={Object.fromEntries(categorias.map((value) => [value, value]))}
          all="Todas"
        />
        <SelectFilter list={list} name="status" label="Status" options={statusLabels} all="Todos" />
        <InputFilter list={list} name="mes" label="Mês" type="month" />
      </FilterBar>
      <DataList
        label={plural}
        header={
          data && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold text-gray-900">
                {plural} ({data.total})
              </h2>
              <p className="text-sm text-gray-600">
                Soma do filtro:{' '}
                <span className="font-semibold text-gray-900">{formatCentavos(data.soma)}</span>
              </p>
            </div>
          )
        }
        query={transacoes}
        rows={data?.items}
        list={list}
        paging={data && { total: data.total, pageSize: MENSALIDADES_PAGE_SIZE }}
        columns={columns}
        rowKey={(transacao) => transacao.id}
        errorMessage="Erro ao carregar dados financeiros"
        empty={{
          icon: tipo === 'receita' ? ArrowUpCircle : ArrowDownCircle,
          title: `Nenhuma ${tipo} encontrada`,
          hint: `Use 'Nova ${tipo === 'receita' ? 'Receita' : 'Despesa'}' para registrar.`,
        }}
        actions={(transacao) => (
          <TransacaoActions
            transacao={transacao}
            onEdit={() => dialog.show('edit', transacao)}
            onDelete={() => dialog.show('delete', transacao)}
          />
        )}
      />
      {dialog.render('edit', (transacao) => (
        <TransacaoFormModal tipo={tipo} transacao={transacao} onClose={dialog.close} />
      ))}
      {dialog.render('delete', (transacao) => (
        <ConfirmAction
          title={`Excluir ${tipo}`}
          message={`Excluir '${transacao.descricao}' (${formatCentavos(transacao.valor)})? Esta ação fica registrada na auditoria.`}
          confirmLabel="Excluir"
          action={() => remove.mutateAsync(transacao.id)}
          success="Transação excluída."
          failure="Erro ao excluir"
          onClose={dialog.close}
        />
      ))}
    </div>
  );
}
