import { Eye, X } from 'lucide-react';
import { accessViaLabels, type AccessEntry } from '../../../shared/access-log.schemas';
import { formatDateTime } from '../../../shared/format';
import { nivelLabels } from '../../../shared/permissions';
import { Button } from '../../components/button';
import type { Column } from '../../components/data-table';
import { InputFilter } from '../../components/filter-bar';
import { useListState } from '../../lib/use-list-state';
import { AuditList, UserFilter } from './audit-list';
import { ACCESS_PAGE_SIZE, accessFilterDefaults, useAccessLog, useAccessViewers } from './access-log.api';

const columns: Column<AccessEntry>[] = [
  {
    id: 'em',
    header: 'Data e hora',
    card: 'title',
    cell: (entry) => <span className="whitespace-nowrap text-gray-700">{formatDateTime(entry.em)}</span>,
  },
  { id: 'aluno', header: 'Aluno', cell: (entry) => entry.aluno_nome },
  {
    id: 'usuario',
    header: 'Quem acessou',
    cell: (entry) => (
      <span>
        {entry.usuario_nome ?? '—'} <span className="text-gray-500">({nivelLabels[entry.nivel]})</span>
      </span>
    ),
  },
  { id: 'via', header: 'O que abriu', cell: (entry) => accessViaLabels[entry.via] },
];

/**
 * Auditoria's 'Acessos a fichas': every time staff opened a student's whole record, so the school can
 * answer a family who saw their child's data (LGPD).
 */
export function AccessLogTab() {
  const list = useListState({ defaults: accessFilterDefaults });
  const log = useAccessLog(list.query);
  const viewers = useAccessViewers();
  const oneStudent = list.filters.aluno_id !== '';
  return (
    <div>
      <p className="mb-3 text-sm text-gray-600">
        Cada vez que um professor ou a secretaria abre a ficha, o boletim em PDF ou um documento de um aluno.
        Aberturas repetidas pela mesma pessoa em 5 minutos contam uma vez.
      </p>
      {oneStudent && (
        <div className="mb-3 flex flex-wrap items-center gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
          <span>
            Mostrando só os acessos
            {log.data?.items[0] ? ` à ficha de ${log.data.items[0].aluno_nome}` : ' a um aluno'}.
          </span>
          <Button variant="secondary" onClick={() => list.setFilter('aluno_id', '')}>
            <X className="h-4 w-4" aria-hidden="true" /> Ver todos
          </Button>
        </div>
      )}
      <AuditList
        list={list}
        query={log}
        pageSize={ACCESS_PAGE_SIZE}
        filterColumns="sm:grid-cols-2 lg:grid-cols-4"
        filters={
          <>
            <InputFilter list={list} name="q" label="Aluno" type="search" />
            <UserFilter list={list} label="Quem acessou" users={viewers.data} />
          </>
        }
        label="Acessos a fichas de alunos"
        columns={columns}
        errorMessage="Erro ao carregar os acessos"
        empty={{ icon: Eye, title: 'Nenhum acesso encontrado' }}
      />
    </div>
  );
}
