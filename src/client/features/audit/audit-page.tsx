import { useState } from 'react';
import toast from 'react-hot-toast';
import { ArchiveRestore, FileDown, ScrollText } from 'lucide-react';
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

function describeDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  const text = JSON.stringify(details);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

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

const columns: Column<AuditEntry>[] = [
  {
    id: 'em',
    header: 'Data e hora',
    sortable: true,
    card: 'title',
    cell: (entry) => (
      <span className="text-gray-700">
        <span className="whitespace-nowrap">{formatDateTime(entry.em)}</span>
        <ImportedBadge origem={entry.origem} />
      </span>
    ),
  },
  { id: 'usuario', header: 'Usuário', sortable: true, cell: (entry) => entry.usuario_nome ?? '—' },
  { id: 'acao', header: 'Ação', sortable: true, cell: (entry) => entry.acao },
  {
    id: 'entidade',
    header: 'Registro',
    sortable: true,
    cell: (entry) => (
      <span className="text-gray-700">
        {entry.entidade}
        {entry.entidade_id ? ` · ${entry.entidade_id.slice(0, 40)}` : ''}
      </span>
    ),
  },
  { id: 'ip', header: 'IP', cell: (entry) => <span className="text-gray-700">{entry.ip ?? '—'}</span> },
  {
    id: 'detalhes',
    header: 'Detalhes',
    cell: (entry) => (
      <span className="font-mono text-xs break-all text-gray-600">{describeDetails(entry.detalhes)}</span>
    ),
  },
];

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
              options={optionsOf(facets.data?.acoes, String, String)}
              all="Todas"
            />
            <SelectFilter
              list={list}
              name="entidade"
              label="Tipo de registro"
              options={optionsOf(facets.data?.entidades, String, String)}
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
