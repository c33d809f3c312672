import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ArchiveRestore, ChevronDown, ChevronUp, FileDown, ScrollText } from 'lucide-react';
import { actionLabel, entityLabel } from '../../../shared/audit-actions';
import {
  auditOriginLabels,
  auditSortColumns,
  type AuditEntry,
  type AuditOrigin,
} from '../../../shared/settings.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import type { Column } from '../../components/data-table';
import { PageHeader } from '../../components/feedback';
import { PageTab, PageTabs } from '../../components/page-tabs';
import { optionsOf, SelectFilter } from '../../components/filter-bar';
import { downloadFile } from '../../lib/api-client';
import { useListState, useTabParam } from '../../lib/use-list-state';
import { AccessLogTab } from './access-log-tab';
import { AuditList, UserFilter } from './audit-list';
import {
  AUDIT_PAGE_SIZE,
  auditFilterDefaults,
  auditQueryString,
  useAudit,
  useAuditFacets,
} from './audit.api';

/**
 * An entry a restore brought in is someone else's history: it says so, and one from a file this
 * installation did not sign says so louder (ADR 0008).
 */
function ImportedBadge({ origem }: { origem: AuditOrigin }) {
  if (origem === 'local') return null;
  const external = origem === 'backup_externo';
  return (
    <span
      title={auditOriginLabels[origem]}
      className={`mt-1 flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${
        external ? 'bg-amber-100 text-amber-900' : 'bg-blue-50 text-blue-800'
      }`}
    >
      <ArchiveRestore className="h-3 w-3" aria-hidden="true" />
      {external ? 'Importada (origem não confirmada)' : 'Importada de backup'}
    </span>
  );
}

/**
 * The raw entry behind 'Ver detalhes': the action and record codes, the record's id, the address and
 * the stored details, for whoever needs to trace it (support, an inspection).
 */
function EntryDetails({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-1">
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 rounded text-sm font-medium text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none sm:min-h-0"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? (
          <ChevronUp className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        )}
        {open ? 'Ocultar detalhes' : 'Ver detalhes'}
      </button>
      {open && (
        <dl
          id={panelId}
          className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded bg-gray-50 p-3 text-xs"
        >
          <dt className="text-gray-500">Ação</dt>
          <dd className="font-mono break-all text-gray-800">{entry.acao}</dd>
          <dt className="text-gray-500">Registro</dt>
          <dd className="font-mono break-all text-gray-800">
            {entry.entidade}
            {entry.entidade_id ? ` · ${entry.entidade_id}` : ''}
          </dd>
          <dt className="text-gray-500">IP</dt>
          <dd className="font-mono text-gray-800">{entry.ip ?? '—'}</dd>
          <dt className="text-gray-500">Detalhes</dt>
          <dd>
            {entry.detalhes ? (
              <pre className="max-h-64 overflow-auto font-mono break-all whitespace-pre-wrap text-gray-800">
                {JSON.stringify(entry.detalhes, null, 2)}
              </pre>
            ) : (
              <span className="text-gray-600">
                Sem detalhes (apagados após o prazo de retenção, ou nunca houve)
              </span>
            )}
          </dd>
        </dl>
      )}
    </div>
  );
}

const columns: Column<AuditEntry>[] = [
  {
    id: 'em',
    header: 'Data e hora',
    sortable: true,
    cell: (entry) => (
      <span className="text-gray-700">
        <span className="whitespace-nowrap">{formatDateTime(entry.em)}</span>
        <ImportedBadge origem={entry.origem} />
      </span>
    ),
  },
  { id: 'usuario', header: 'Quem', sortable: true, cell: (entry) => entry.usuario_nome ?? '—' },
  {
    id: 'descricao',
    header: 'O que foi feito',
    // On a phone the sentence heads the card; when and who follow it.
    card: 'title',
    cell: (entry) => (
      <div className="max-w-2xl">
        <p className="text-gray-900">{entry.descricao}</p>
        <EntryDetails entry={entry} />
      </div>
    ),
  },
];

/** The filter's options in the order a person reads them (by their words, not their codes). */
const byLabel = (codes: string[] | undefined, label: (code: string) => string) =>
  codes && [...codes].sort((a, b) => label(a).localeCompare(label(b), 'pt-BR'));

const tabs = [
  { value: 'registros', label: 'Alterações' },
  { value: 'acessos', label: 'Acessos a fichas de alunos' },
] as const;

/**
 * Auditoria: the audit trail of changes, and the log of who opened a student's record (LGPD); each a
 * tab, both read-only.
 */
export function AuditPage() {
  const [tab, setTab] = useTabParam(
    tabs.map((item) => item.value),
    'registros',
  );
  return (
    <div>
      <PageHeader
        title="Auditoria"
        subtitle="Quem fez o quê, quando e de onde, e quem abriu a ficha de cada aluno. As entradas não podem ser alteradas nem apagadas."
      />
      <PageTabs label="Seções da auditoria" tabs={tabs} value={tab} onChange={setTab}>
        <PageTab value="registros">
          <ChangesTab />
        </PageTab>
        <PageTab value="acessos">
          <AccessLogTab />
        </PageTab>
      </PageTabs>
    </div>
  );
}

/** The audit trail: read-only, filtered, sorted and paged on the server, exportable as CSV. */
function ChangesTab() {
  const list = useListState({ defaults: auditFilterDefaults, sortable: auditSortColumns });
  const [exporting, setExporting] = useState(false);
  const audit = useAudit(list.query);
  const facets = useAuditFacets();

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadFile(`/api/auditoria${auditQueryString(list.query, { format: 'csv' })}`, 'auditoria.csv');
      toast.success('Exportação concluída');
    } catch {
      toast.error('Erro ao exportar');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div>
      <div className="mb-3 flex justify-end">
        <Button variant="secondary" loading={exporting} onClick={() => void handleExport()}>
          <FileDown className="h-4 w-4" aria-hidden="true" />
          Exportar CSV
        </Button>
      </div>
      <AuditList
        list={list}
        query={audit}
        pageSize={AUDIT_PAGE_SIZE}
        filterColumns="sm:grid-cols-2 lg:grid-cols-5"
        filters={
          <>
            <UserFilter list={list} label="Usuário" users={facets.data?.usuarios} />
            <SelectFilter
              list={list}
              name="acao"
              label="Ação"
              options={optionsOf(byLabel(facets.data?.acoes, actionLabel), String, actionLabel)}
              all="Todas"
            />
            <SelectFilter
              list={list}
              name="entidade"
              label="Tipo de registro"
              options={optionsOf(byLabel(facets.data?.entidades, entityLabel), String, entityLabel)}
              all="Todos"
            />
          </>
        }
        label="Registros de auditoria"
        columns={columns}
        errorMessage="Erro ao carregar a auditoria"
        empty={{ icon: ScrollText, title: 'Nenhum registro encontrado' }}
      />
    </div>
  );
}
