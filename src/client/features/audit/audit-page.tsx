import { useState } from 'react';
import toast from 'react-hot-toast';
import { ArchiveRestore, FileDown, ScrollText } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { auditOriginLabels, type AuditOrigin } from '../../../shared/settings.schemas';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { EmptyState, PageHeader, Spinner } from '../../components/feedback';
import { Pagination } from '../../components/pagination';
import { downloadFile } from '../../lib/api-client';
import { AUDIT_PAGE_SIZE, auditQueryString, useAudit, useAuditFacets, type AuditFilters } from './audit.api';

const initial: AuditFilters = { usuario_id: '', acao: '', entidade: '', de: '', ate: '', page: 1 };

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

/** The audit trail: read-only, filtered and paged on the server, exportable as CSV. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(initial);
  const [exporting, setExporting] = useState(false);
  const audit = useAudit(filters);
  const facets = useAuditFacets();
  const set = (key: keyof Omit<AuditFilters, 'page'>, value: string) =>
    setFilters((current) => ({ ...current, [key]: value, page: 1 }));

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadFile(`/api/auditoria${auditQueryString(filters, { format: 'csv' })}`, 'auditoria.csv');
      toast.success('Exportação concluída');
    } catch {
      toast.error('Erro ao exportar');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div>
      <PageHeader
        title="Auditoria"
        subtitle="Quem fez o quê, quando e de onde. As entradas não podem ser alteradas nem apagadas."
        actions={
          <Button variant="secondary" loading={exporting} onClick={() => void handleExport()}>
            <FileDown className="h-4 w-4" aria-hidden="true" />
            Exportar CSV
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
        <SelectField
          label="Usuário"
          value={filters.usuario_id}
          onChange={(event) => set('usuario_id', event.target.value)}
        >
          <option value="">Todos</option>
          {facets.data?.usuarios.map((user) => (
            <option key={user.id} value={user.id}>
              {user.nome}
            </option>
          ))}
        </SelectField>
        <SelectField label="Ação" value={filters.acao} onChange={(event) => set('acao', event.target.value)}>
          <option value="">Todas</option>
          {facets.data?.acoes.map((acao) => (
            <option key={acao} value={acao}>
              {acao}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Tipo de registro"
          value={filters.entidade}
          onChange={(event) => set('entidade', event.target.value)}
        >
          <option value="">Todos</option>
          {facets.data?.entidades.map((entidade) => (
            <option key={entidade} value={entidade}>
              {entidade}
            </option>
          ))}
        </SelectField>
        <InputField
          label="De"
          type="date"
          value={filters.de}
          onChange={(event) => set('de', event.target.value)}
        />
        <InputField
          label="Até"
          type="date"
          value={filters.ate}
          onChange={(event) => set('ate', event.target.value)}
        />
      </div>
      {audit.isLoading ? (
        <Spinner />
      ) : !audit.data || audit.data.items.length === 0 ? (
        <EmptyState icon={ScrollText} title="Nenhum registro encontrado" />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Data e hora
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Usuário
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Ação
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Registro
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  IP
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Detalhes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {audit.data.items.map((entry) => (
                <tr key={entry.id} className={entry.origem === 'local' ? undefined : 'bg-amber-50/60'}>
                  <td className="px-4 py-2 whitespace-nowrap text-gray-700">
                    {formatDateTime(entry.em)}
                    <ImportedBadge origem={entry.origem} />
                  </td>
                  <td className="px-4 py-2 text-gray-900">{entry.usuario_nome ?? '—'}</td>
                  <td className="px-4 py-2 text-gray-900">{entry.acao}</td>
                  <td className="px-4 py-2 text-gray-700">
                    {entry.entidade}
                    {entry.entidade_id ? ` · ${entry.entidade_id.slice(0, 40)}` : ''}
                  </td>
                  <td className="px-4 py-2 text-gray-700">{entry.ip ?? '—'}</td>
                  <td className="px-4 py-2 font-mono text-xs text-gray-600">
                    {describeDetails(entry.detalhes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={filters.page}
            pageSize={AUDIT_PAGE_SIZE}
            total={audit.data.total}
            onChange={(page) => setFilters((current) => ({ ...current, page }))}
          />
        </div>
      )}
    </div>
  );
}
