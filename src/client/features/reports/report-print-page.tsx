import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Printer } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { displayReportCell } from '../../../shared/reports.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useReport } from './reports.api';

/**
 * A hub report laid out for paper, outside the portal's frame: the school, the report's facts, the
 * whole table (with the signature column where the report has one) and the signature lines. It opens
 * the browser's print dialog once the data is there.
 */
export function ReportPrintPage() {
  const [params] = useSearchParams();
  const id = params.get('relatorio') ?? '';
  const values = useMemo(() => {
    const entries = [...params.entries()].filter(([key, value]) => key !== 'relatorio' && value !== '');
    return Object.fromEntries(entries);
  }, [params]);
  const report = useReport(id, values, id !== '');
  const result = report.data;

  useEffect(() => {
    if (!result) return;
    document.title = `${result.titulo}${result.subtitulo ? ` — ${result.subtitulo}` : ''}`;
    // Let the table paint before the dialog freezes the page.
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [result]);

  if (report.isError || id === '')
    return (
      <main className="p-6">
        <ErrorBanner>Não foi possível carregar o relatório para impressão.</ErrorBanner>
      </main>
    );
  if (!result) return <Spinner label="Preparando a impressão..." />;
  const weight = result.colunas.reduce((sum, column) => sum + (column.peso ?? 1), 0);
  return (
    <main className="mx-auto max-w-5xl bg-white p-6 text-gray-900 print:max-w-none print:p-0">
      <style>{`@page { size: A4 ${result.paisagem ? 'landscape' : 'portrait'}; margin: 12mm; }`}</style>
      <div className="mb-4 flex justify-end print:hidden">
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Imprimir
        </Button>
      </div>
      <header className="text-center">
        <p className="text-lg font-bold">{result.escola}</p>
        <h1 className="text-base font-bold uppercase">{result.titulo}</h1>
        {result.subtitulo && <p className="text-sm">{result.subtitulo}</p>}
      </header>
      {result.cabecalho.length > 0 && (
        <dl className="mt-3 space-y-0.5 text-sm">
          {result.cabecalho.map((fact) => (
            <div key={fact.rotulo}>
              <dt className="inline font-semibold">{fact.rotulo}: </dt>
              <dd className="inline">{fact.valor}</dd>
            </div>
          ))}
        </dl>
      )}
      <table className="mt-4 w-full border-collapse text-sm">
        <thead>
          <tr className="bg-gray-100">
            {result.colunas.map((column) => (
              <th
                key={column.chave}
                scope="col"
                style={{ width: `${String(((column.peso ?? 1) / weight) * 100)}%` }}
                className="border border-gray-400 px-2 py-1 text-left font-semibold"
              >
                {column.rotulo}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.linhas.length === 0 ? (
            <tr>
              <td colSpan={result.colunas.length} className="border border-gray-400 px-2 py-2">
                Nenhum registro para os filtros escolhidos.
              </td>
            </tr>
          ) : (
            result.linhas.map((row, index) => (
              <tr key={index} className="break-inside-avoid">
                {result.colunas.map((column) => (
                  <td
                    key={column.chave}
                    className={`border border-gray-400 px-2 ${column.tipo === 'assinatura' ? 'h-9 min-w-48' : 'py-1'} ${column.tipo === 'numero' || column.tipo === 'nota' || column.tipo === 'percentual' ? 'text-right' : ''}`}
                  >
                    {displayReportCell(column, row[column.chave] ?? null)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {result.assinaturas.length > 0 && (
        <div
          className="mt-16 grid gap-8 break-inside-avoid"
          style={{ gridTemplateColumns: `repeat(${String(result.assinaturas.length)}, 1fr)` }}
        >
          {result.assinaturas.map((label) => (
            <p key={label} className="border-t border-gray-900 pt-1 text-center text-sm">
              {label}
            </p>
          ))}
        </div>
      )}
      <footer className="mt-6 text-center text-xs text-gray-500">
        Emitido em {formatDateTime(result.gerado_em)} pelo Sistema Escolar
      </footer>
    </main>
  );
}
