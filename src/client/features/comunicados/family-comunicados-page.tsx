/**
 * A family's Comunicados (issue 32 §1): the school's notices, newest first, one child or all of them at
 * once, and 'Não lidos' to see what is left to read. No search panel, no mailbox, no counters: a family's
 * inbox, not the school's list. `?id=` opens one (its ciente, attachments and versions).
 */
import { Megaphone } from 'lucide-react';
import { DataList } from '../../components/data-list';
import { PageHeader } from '../../components/feedback';
import { ChildSwitcher } from '../../domain/child-switcher';
import { useFamilyChildren } from '../../domain/family.api';
import { useListState } from '../../lib/use-list-state';
import { receivedColumns } from './comunicado-columns';
import { ComunicadoDetailsModal } from './comunicado-details-modal';
import { COMUNICADOS_PAGE_SIZE, useComunicados } from './comunicados.api';
import { useOpenComunicado } from './use-open-comunicado';

export function FamilyComunicadosPage() {
  const list = useListState({ defaults: { caixa: 'recebidos', aluno_id: '', nao_lidos: '', q: '' } });
  const { openId, hrefOf, closeDetails } = useOpenComunicado();
  const comunicados = useComunicados({ ...list.query });
  const children = useFamilyChildren();
  const unread = list.filters.nao_lidos === 'true';
  const data = comunicados.data;
  return (
    <div className="space-y-4">
      <PageHeader title="Comunicados" subtitle="Avisos da escola para a sua família" />
      <div className="flex flex-wrap items-center gap-2">
        <ChildSwitcher
          items={children.data ?? []}
          selected={list.filters.aluno_id}
          onSelect={(id) => list.setFilter('aluno_id', id)}
          all="Todos"
        />
        <button
          type="button"
          aria-pressed={unread}
          onClick={() => list.setFilter('nao_lidos', unread ? '' : 'true')}
          className={`min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
            unread
              ? 'border-primary-strong bg-primary/10 text-primary-strong'
              : 'border-gray-300 bg-white text-gray-800'
          }`}
        >
          Só os não lidos
        </button>
      </div>
      <DataList
        label="Comunicados da escola"
        query={comunicados}
        rows={data?.items}
        list={list}
        paging={data && { total: data.total, pageSize: COMUNICADOS_PAGE_SIZE }}
        columns={receivedColumns(hrefOf)}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ 'data-testid': `comunicado-${item.id}` })}
        errorMessage="Erro ao carregar os comunicados"
        countWords={{ one: 'comunicado', many: 'comunicados' }}
        empty={
          unread
            ? { icon: Megaphone, title: 'Tudo lido', hint: 'Nenhum comunicado esperando a sua leitura.' }
            : { icon: Megaphone, title: 'Nenhum comunicado por enquanto' }
        }
      />
      {openId && (
        <ComunicadoDetailsModal key={openId} id={openId} onClose={closeDetails} onEdit={() => undefined} />
      )}
    </div>
  );
}
