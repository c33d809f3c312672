import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, FileSpreadsheet, FileText, Printer, Table2, type LucideIcon } from 'lucide-react';
import {
  chooseFiltersText,
  displayReportCell as displayCell,
  reportFormatLabels,
  type ReportEntry,
  type ReportFormat,
  type ReportParameter,
  type ReportResult,
} from '../../../shared/reports.schemas';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { DataList } from '../../components/data-list';
import type { Column } from '../../components/data-table';
import { EmptyState } from '../../components/feedback';
import { InputField, SelectField } from '../../components/field';
import { FilterBar } from '../../components/filter-bar';
import { toQuery } from '../../lib/api-client';
import { useListState } from '../../lib/use-list-state';
import { BackgroundExport } from './report-export';
import { useReport, useReportDownload } from './reports.api';

const ReportChart = lazy(() => import('./report-chart'));

const formatIcons: Record<ReportFormat, LucideIcon> = { csv: FileText, xlsx: FileSpreadsheet, pdf: FileText };
/** Above this many rows the spreadsheet is built in the background, with a progress bar. */
const BIG_SPREADSHEET_ROWS = 2000;

type Row = ReportResult['linhas'][number];

function FilterField({
  parameter,
  value,
  onChange,
}: {
  parameter: ReportParameter;
  value: string;
  onChange: (value: string) => void;
}) {
  if (parameter.tipo === 'turma' || parameter.tipo === 'selecao')
    return (
      <SelectField
        label={parameter.rotulo}
        value={value}
        required={parameter.obrigatorio}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{parameter.obrigatorio ? 'Selecione…' : (parameter.vazio ?? 'Todos')}</option>
        {parameter.opcoes?.map((option) => (
          <option key={option.valor} value={option.valor}>
            {option.rotulo}
          </option>
        ))}
      </SelectField>
    );
  const type = parameter.tipo === 'mes' ? 'month' : parameter.tipo === 'data' ? 'date' : 'number';
  return (
    <InputField
      label={parameter.rotulo}
      type={type}
      inputMode={type === 'number' ? 'numeric' : undefined}
      min={parameter.minimo}
      max={parameter.maximo}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Above this many columns (a mapa de notas: one per subject) the table is dense, its names stuck left. */
const WIDE_TABLE_COLUMNS = 8;

const shownColumns = (result: ReportResult) =>
  result.colunas.filter((column) => column.tipo !== 'assinatura');

function columnsOf(result: ReportResult): Column<Row>[] {
  const shown = shownColumns(result);
  const titleKey = shown.find((column) => column.tipo === 'texto')?.chave;
  const wide = shown.length > WIDE_TABLE_COLUMNS;
  return shown.map((column) => ({
    id: column.chave,
    header: column.rotulo,
    cell: (row) => displayCell(column, row[column.chave] ?? null),
    sortValue: (row) => row[column.chave] ?? null,
    align:
      column.tipo === 'numero' || column.tipo === 'nota' || column.tipo === 'percentual'
        ? 'right'
        : undefined,
    card: column.chave === titleKey ? 'title' : 'line',
    // A wide table scrolls sideways under the student's name, which stays on one line at the left.
    sticky: wide && column.chave === titleKey,
  }));
}

/**
 * One report of the hub: its filters (in the URL, so a link or a reload shows the same report), the
 * facts and the table on screen, a chart where it says more, and the files: CSV, Excel, PDF and print.
 */
export function ReportView({ entry }: { entry: ReportEntry }) {
  const defaults = useMemo(
    () => Object.fromEntries(entry.parametros.map((parameter) => [parameter.nome, String(parameter.padrao)])),
    [entry],
  );
  const filtersState = useListState({ defaults, sortable: [] });
  const values = filtersState.filters;
  const missing = entry.parametros.filter((parameter) => parameter.obrigatorio && !values[parameter.nome]);
  const query = useMemo(
    () => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')),
    [values],
  );
  const report = useReport(entry.id, query, missing.length === 0);
  const result = report.data;
  const columns = useMemo(() => (result ? columnsOf(result) : []), [result]);
  const sortable = useMemo(() => columns.map((column) => column.id), [columns]);
  const list = useListState({ defaults, sortable });
  const { busy, download: handleDownload } = useReportDownload(entry, query);

  const big = (result?.linhas.length ?? 0) > BIG_SPREADSHEET_ROWS;
  const printUrl = `${paths.reportPrint}${toQuery({ relatorio: entry.id, ...query })}`;

  return (
    <div className="space-y-4">
      <div>
        <Link
          to={paths.reports}
          className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary-strong hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Relatórios
        </Link>
        <h1 className="text-2xl font-bold text-gray-900">{entry.titulo}</h1>
        <p className="mt-1 text-sm text-gray-600">{entry.descricao}</p>
      </div>

      {entry.parametros.length > 0 && (
        <FilterBar columns="sm:grid-cols-2 lg:grid-cols-4">
          {entry.parametros.map((parameter) => (
            <FilterField
              key={parameter.nome}
              parameter={parameter}
              value={values[parameter.nome] ?? ''}
              onChange={(value) => filtersState.setFilter(parameter.nome, value)}
            />
          ))}
        </FilterBar>
      )}

      <div className="flex flex-wrap gap-2" role="group" aria-label="Baixar ou imprimir">
        {entry.formatos.map((formato) => {
          const Icon = formatIcons[formato];
          if (formato === 'xlsx' && big)
            return (
              <BackgroundExport
                key={formato}
                reportId={entry.id}
                titulo={entry.titulo}
                formato="xlsx"
                values={query}
                label="Excel (em segundo plano)"
              />
            );
          return (
            <Button
              key={formato}
              variant="secondary"
              loading={busy === formato}
              disabled={missing.length > 0}
              aria-disabled={busy !== null}
              aria-label={`Baixar ${entry.titulo} em ${reportFormatLabels[formato]}`}
              onClick={() => void handleDownload(formato)}
            >
              {busy !== formato && <Icon className="h-4 w-4" aria-hidden="true" />}
              {reportFormatLabels[formato]}
            </Button>
          );
        })}
        {missing.length === 0 ? (
          <a
            href={printUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            <Printer className="h-4 w-4" aria-hidden="true" /> Imprimir
          </a>
        ) : null}
      </div>

      {missing.length > 0 ? (
        <EmptyState
          icon={Table2}
          title={chooseFiltersText(missing.map((parameter) => parameter.nome))}
          hint="Os filtros ficam no endereço da página: dá para guardar o link."
        />
      ) : (
        <>
          {result && result.cabecalho.length > 0 && (
            <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-white p-4 text-sm sm:grid-cols-2">
              {result.subtitulo && (
                <div className="sm:col-span-2">
                  <dt className="sr-only">Filtro</dt>
                  <dd className="font-semibold text-gray-900">{result.subtitulo}</dd>
                </div>
              )}
              {result.cabecalho.map((fact) => (
                <div key={fact.rotulo}>
                  <dt className="inline font-medium text-gray-600">{fact.rotulo}: </dt>
                  <dd className="inline text-gray-900">{fact.valor}</dd>
                </div>
              ))}
            </dl>
          )}
          {result?.grafico && result.linhas.length > 0 && (
            <Suspense fallback={<div className="h-72 animate-pulse rounded-xl bg-gray-100" />}>
              <ReportChart result={result} />
            </Suspense>
          )}
          <DataList
            label={entry.titulo}
            query={report}
            rows={result?.linhas}
            list={list}
            columns={columns}
            rowKey={(row) => JSON.stringify(row)}
            errorMessage="Erro ao carregar o relatório"
            empty={{ icon: Table2, title: 'Nenhum registro para os filtros escolhidos' }}
            dense={result ? shownColumns(result).length > WIDE_TABLE_COLUMNS : false}
          />
        </>
      )}
    </div>
  );
}
