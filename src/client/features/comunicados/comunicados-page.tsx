import { Megaphone, Plus, Search } from 'lucide-react';
import type { Comunicado, PublicoTipo } from '../../../shared/comunicados.schemas';
import { formatCount } from '../../../shared/format';
import { can, permissionsOf, sendsComunicados } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { DataList } from '../../components/data-list';
import { PageHeader } from '../../components/feedback';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { useCurrentUser } from '../../lib/current-user';
import { useListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { receivedColumns, sentColumns } from './comunicado-columns';
import { ComunicadoDetailsModal } from './comunicado-details-modal';
import { ComunicadoFormModal } from './comunicado-form-modal';
import { COMUNICADOS_PAGE_SIZE, useComunicados, useMeusFilhos, usePublicoOpcoes } from './comunicados.api';
import { useOpenComunicado } from './use-open-comunicado';

/** Whether the search or a filter other than the box narrows the list. */
function filteredBeyondBox(filters: { aluno_id: string; nao_lidos: string; q: string }): boolean {
  return filters.aluno_id !== '' || filters.nao_lidos !== '' || filters.q !== '';
}

/** `/dashboard/comunicados`: the author's sent notices with reads, or a family's inbox; `?id=` opens one. */
export function ComunicadosPage() {
  const { data: me } = useCurrentUser();
  const writes = can(permissionsOf(me), sendsComunicados);
  const isGuardian = me?.nivel === 'responsavel';
  const list = useListState({
    defaults: { caixa: writes ? 'enviados' : 'recebidos', aluno_id: '', nao_lidos: '', q: '' },
  });
  const { openId, hrefOf, closeDetails } = useOpenComunicado();
  const comunicados = useComunicados({ ...list.query });
  const filhos = useMeusFilhos(isGuardian);
  const opcoes = usePublicoOpcoes(writes);
  const dialog = useRowDialog<{ form: Comunicado | null }>();
  const sent = list.filters.caixa === 'enviados';
  const tipos: PublicoTipo[] = opcoes.data?.tipos ?? ['turmas'];
  const data = comunicados.data;
  return (
    <div>
      <PageHeader
        title="Comunicados"
        subtitle={
          writes
            ? 'Avisos da escola às famílias, com confirmação de leitura'
            : 'Avisos da escola para a sua família'
        }
        actions={
          writes && (
            <Button onClick={() => dialog.show('form', null)}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Novo comunicado
            </Button>
          )
        }
      />
      <FilterBar columns={isGuardian ? 'sm:grid-cols-[1fr_auto_auto]' : 'sm:grid-cols-[1fr_auto_auto]'}>
        <SearchFilter list={list} name="q" placeholder="Buscar pelo título..." />
        {writes && (
          <SelectFilter
            list={list}
            name="caixa"
            label="Caixa"
            options={{ enviados: 'Enviados', recebidos: 'Recebidos' }}
          />
        )}
        {isGuardian && (
          <SelectFilter
            list={list}
            name="aluno_id"
            label="Filho ou filha"
            options={Object.fromEntries((filhos.data?.items ?? []).map((aluno) => [aluno.id, aluno.nome]))}
            all="Todos os filhos"
          />
        )}
        {!sent && (
          <SelectFilter
            list={list}
            name="nao_lidos"
            label="Mostrar"
            options={{ true: 'Só não lidos' }}
            all="Todos"
          />
        )}
      </FilterBar>
      {sent && data && data.nao_lidos > 0 && (
        // The school's notices to the staff land in 'Recebidos': a teacher who opens on 'Enviados' sees them.
        <p
          role="status"
          className="mb-3 flex flex-wrap items-center gap-x-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900"
        >
          Você tem{' '}
          {formatCount(data.nao_lidos, 'comunicado recebido não lido', 'comunicados recebidos não lidos')}.
          <button
            type="button"
            className="min-h-11 font-medium underline underline-offset-2 sm:min-h-0"
            onClick={() => list.setFilter('caixa', 'recebidos')}
          >
            Ver recebidos
          </button>
        </p>
      )}
      <DataList
        label="Lista de comunicados"
        header={
          data && (
            <h2 className="font-semibold text-gray-900">
              {sent ? 'Comunicados enviados' : 'Comunicados recebidos'} ({data.total})
              {!sent && data.nao_lidos > 0 && (
                <span className="ml-2 text-sm font-normal text-gray-600">
                  {formatCount(data.nao_lidos, 'não lido', 'não lidos')}
                </span>
              )}
            </h2>
          )
        }
        query={comunicados}
        rows={data?.items}
        list={list}
        paging={data && { total: data.total, pageSize: COMUNICADOS_PAGE_SIZE }}
        columns={sent ? sentColumns(hrefOf) : receivedColumns(hrefOf)}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ 'data-testid': `comunicado-${item.id}` })}
        errorMessage="Erro ao carregar os comunicados"
        countWords={{ one: 'comunicado', many: 'comunicados' }}
        empty={
          // The box (Enviados / Recebidos) is where one looks, not a filter to adjust.
          filteredBeyondBox(list.filters)
            ? { icon: Search, title: 'Nenhum comunicado encontrado', hint: 'Ajuste os filtros' }
            : {
                icon: Megaphone,
                title: sent ? 'Nenhum comunicado enviado' : 'Nenhum comunicado por enquanto',
                hint: writes && sent ? 'Escreva o primeiro em “Novo comunicado”.' : undefined,
              }
        }
      />
      {openId && (
        <ComunicadoDetailsModal
          key={openId}
          id={openId}
          onClose={closeDetails}
          onEdit={(comunicado) => {
            closeDetails();
            dialog.show('form', comunicado);
          }}
        />
      )}
      {dialog.render('form', (comunicado) => (
        <ComunicadoFormModal comunicado={comunicado} tipos={tipos} onClose={dialog.close} />
      ))}
    </div>
  );
}
