import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ArrowRight,
  BarChart3,
  ClipboardList,
  FileSpreadsheet,
  FileText,
  GraduationCap,
  ScrollText,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import {
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
import { BackgroundExport } from './report-export';
import { ReportView } from './report-view';
import { useReportCatalogue, useReportDownload } from './reports.api';

const groupIcons: Record<ReportGroup, LucideIcon> = {
  secretaria: ClipboardList,
  academico: GraduationCap,
  pessoas: Users,
  financeiro: Wallet,
  auditoria: ScrollText,
};

const formatIcons: Record<ReportFormat, LucideIcon> = { csv: FileText, xlsx: FileSpreadsheet, pdf: FileText };

const linkClass =
  'inline-flex min-h-10 items-center gap-1 rounded-lg text-sm font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The year-like filters of a card (the linked reports and the background export take only those). */
function useCardValues(entry: ReportEntry) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(entry.parametros.map((parameter) => [parameter.nome, String(parameter.padrao)])),
  );
  const invalid = entry.parametros.find((parameter) => {
    if (parameter.tipo !== 'ano') return false;
    const value = Number(values[parameter.nome]);
    return !Number.isInteger(value) || value < (parameter.minimo ?? 0) || value > (parameter.maximo ?? 9999);
  });
  const fields = entry.parametros
    .filter((parameter) => parameter.tipo === 'ano')
    .map((parameter) => (
      <div key={parameter.nome} className="w-28">
        <InputField
          label={parameter.rotulo}
          type="number"
          inputMode="numeric"
          min={parameter.minimo}
          max={parameter.maximo}
          value={values[parameter.nome] ?? ''}
          error={
            invalid === parameter
              ? `Entre ${String(parameter.minimo)} e ${String(parameter.maximo)}`
              : undefined
          }
          onChange={(event) => setValues((current) => ({ ...current, [parameter.nome]: event.target.value }))}
        />
      </div>
    ));
  return { values, invalid, fields };
}

/** A report of another screen (finance, the students export, the audit trail): files and a link. */
function LinkedReportActions({ entry }: { entry: ReportEntry }) {
  const { values, invalid, fields } = useCardValues(entry);
  const { busy, download: handleDownload } = useReportDownload(entry, values);
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      {fields}
      {entry.formatos.map((formato) => {
        const Icon = formatIcons[formato];
        return (
          <Button
            key={formato}
            variant="secondary"
            loading={busy === formato}
            disabled={invalid !== undefined}
            aria-disabled={busy !== null}
            aria-label={`Baixar ${entry.titulo} em ${reportFormatLabels[formato]}`}
            onClick={() => void handleDownload(formato)}
          >
            {busy !== formato && <Icon className="h-4 w-4" aria-hidden="true" />}
            {reportFormatLabels[formato]}
          </Button>
        );
      })}
    </div>
  );
}

function ExportActions({ entry }: { entry: ReportEntry }) {
  const { values, invalid, fields } = useCardValues(entry);
  return (
    <div className="mt-3 space-y-3">
      <div className="flex flex-wrap items-end gap-2">{fields}</div>
      <BackgroundExport
        reportId={entry.id}
        titulo={entry.titulo}
        formato={entry.formatos[0] ?? 'pdf'}
        values={values}
        label={`Gerar ${reportFormatLabels[entry.formatos[0] ?? 'pdf']}`}
        disabled={invalid !== undefined}
      />
    </div>
  );
}

function ReportCard({ entry }: { entry: ReportEntry }) {
  const titleId = `relatorio-${entry.id}`;
  const own = entry.url.startsWith('/api/relatorios/');
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h3 id={titleId} className="font-semibold text-gray-900">
        {entry.titulo}
      </h3>
      <p className="mt-1 flex-1 text-sm text-gray-600">{entry.descricao}</p>
      {entry.exportacao && !entry.tela ? (
        <ExportActions entry={entry} />
      ) : own ? (
        <p className="mt-2 text-xs text-gray-500">
          {entry.formatos.map((formato) => reportFormatLabels[formato]).join(' · ')} · Imprimir
        </p>
      ) : (
        <LinkedReportActions entry={entry} />
      )}
      {entry.tela && (
        <div className="mt-4 border-t border-gray-100 pt-3">
          <Link
            to={entry.tela.caminho}
            className={linkClass}
            aria-label={`${entry.tela.rotulo}: ${entry.titulo}`}
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
 * 'Relatórios': the reports the signed-in user may run, grouped as the catalogue says
 * (GET /api/relatorios); `?relatorio=<id>` opens one with its filters, table and files.
 */
/** `destaques`: entries of other features composed by the app (Censo Escolar), above the catalogue. */
export function ReportsPage({ destaques }: { destaques?: ReactNode } = {}) {
  const catalogue = useReportCatalogue();
  const [params] = useSearchParams();
  const entries = catalogue.data ?? [];
  const opened = params.get('relatorio');
  const entry = opened ? entries.find((item) => item.id === opened && item.tela) : undefined;
  if (entry) return <ReportView key={entry.id} entry={entry} />;
  const groups = reportGroups
    .map((grupo) => ({ grupo, items: entries.filter((item) => item.grupo === grupo) }))
    .filter((group) => group.items.length > 0);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Relatórios"
        subtitle="Escolha um relatório para filtrar, ver na tela, baixar em CSV, Excel ou PDF e imprimir"
      />
      {destaques}
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
        <>
          {opened && (
            <ErrorBanner>
              O relatório pedido no endereço não existe ou não está disponível para o seu perfil.
            </ErrorBanner>
          )}
          {groups.map(({ grupo, items }) => {
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
                  {items.map((item) => (
                    <ReportCard key={item.id} entry={item} />
                  ))}
                </div>
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
