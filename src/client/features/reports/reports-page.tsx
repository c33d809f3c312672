import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import {
  ArrowRight,
  BarChart3,
  FileSpreadsheet,
  FileText,
  ScrollText,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import {
  reportDownloadUrl,
  reportFormatLabels,
  reportGroupInfo,
  reportGroups,
  type ReportEntry,
  type ReportFormat,
  type ReportGroup,
} from '../../../shared/reports.schemas';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { downloadFile } from '../../lib/api-client';
import { useReportCatalogue } from './reports.api';

const groupIcons: Record<ReportGroup, LucideIcon> = {
  financeiro: Wallet,
  alunos: Users,
  auditoria: ScrollText,
};

const formatIcons: Record<ReportFormat, LucideIcon> = { csv: FileText, xlsx: FileSpreadsheet };

function ReportCard({ entry }: { entry: ReportEntry }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(entry.parametros.map((parameter) => [parameter.nome, String(parameter.padrao)])),
  );
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const invalid = entry.parametros.find((parameter) => {
    const value = Number(values[parameter.nome]);
    return !Number.isInteger(value) || value < parameter.minimo || value > parameter.maximo;
  });
  const titleId = `relatorio-${entry.id}`;

  const handleDownload = async (formato: ReportFormat) => {
    setBusy(formato);
    try {
      await downloadFile(reportDownloadUrl(entry, formato, values), `${entry.id}.${formato}`);
    } catch {
      toast.error(`Erro ao gerar "${entry.titulo}"`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="font-semibold text-gray-900">
        {entry.titulo}
      </h3>
      <p className="mt-1 flex-1 text-sm text-gray-600">{entry.descricao}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {entry.parametros.map((parameter) => (
          <div key={parameter.nome} className="w-28">
            <InputField
              label={parameter.rotulo}
              type="number"
              inputMode="numeric"
              min={parameter.minimo}
              max={parameter.maximo}
              value={values[parameter.nome] ?? ''}
              error={invalid === parameter ? `Entre ${parameter.minimo} e ${parameter.maximo}` : undefined}
              onChange={(event) =>
                setValues((current) => ({ ...current, [parameter.nome]: event.target.value }))
              }
            />
          </div>
        ))}
        {entry.formatos.map((formato) => {
          const Icon = formatIcons[formato];
          return (
            <Button
              key={formato}
              variant="secondary"
              loading={busy === formato}
              disabled={busy !== null || invalid !== undefined}
              aria-label={`Baixar ${entry.titulo} em ${reportFormatLabels[formato]}`}
              onClick={() => void handleDownload(formato)}
            >
              {busy !== formato && <Icon className="h-4 w-4" aria-hidden="true" />}
              {reportFormatLabels[formato]}
            </Button>
          );
        })}
      </div>
      {entry.tela && (
        <div className="mt-4 border-t border-gray-100 pt-3">
          <Link
            to={entry.tela.caminho}
            className="inline-flex min-h-10 items-center gap-1 rounded-lg text-sm font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {entry.tela.rotulo}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      )}
    </article>
  );
}

/**
 * 'Relatórios': the reports the signed-in user may run today, grouped as the catalogue says
 * (GET /api/relatorios). The academic reports (issue 15) join the same catalogue.
 */
export function ReportsPage() {
  const catalogue = useReportCatalogue();
  const entries = catalogue.data ?? [];
  const groups = reportGroups
    .map((grupo) => ({ grupo, items: entries.filter((entry) => entry.grupo === grupo) }))
    .filter((group) => group.items.length > 0);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Relatórios"
        subtitle="Baixe as planilhas da escola ou abra a tela onde os dados são filtrados"
      />
      {catalogue.isLoading ? (
        <Spinner />
      ) : catalogue.isError ? (
        <ErrorBanner>Não foi possível carregar os relatórios. Recarregue a página.</ErrorBanner>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={BarChart3}
          title="Nenhum relatório disponível para o seu perfil"
          hint="Os relatórios aparecem aqui conforme as permissões da sua conta."
        />
      ) : (
        groups.map(({ grupo, items }) => {
          const Icon = groupIcons[grupo];
          return (
            <section key={grupo} aria-labelledby={`grupo-${grupo}`} className="space-y-3">
              <div className="flex items-center gap-2">
                <Icon className="h-5 w-5 text-primary-strong" aria-hidden="true" />
                <div>
                  <h2 id={`grupo-${grupo}`} className="text-lg font-semibold text-gray-900">
                    {reportGroupInfo[grupo].titulo}
                  </h2>
                  <p className="text-sm text-gray-600">{reportGroupInfo[grupo].descricao}</p>
                </div>
              </div>
              <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                {items.map((entry) => (
                  <ReportCard key={entry.id} entry={entry} />
                ))}
              </div>
            </section>
          );
        })
      )}
    </div>
  );
}
