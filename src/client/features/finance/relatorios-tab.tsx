import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Printer } from 'lucide-react';
import type { RelatorioTipo } from '../../../shared/finance.schemas';
import { formatMesReferencia } from '../../../shared/mensalidades.schemas';
import { formatCentavos } from '../../../shared/format';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useRelatorio } from './finance.api';
import { InadimplenciaResponsaveis } from './inadimplencia-responsaveis';
import { Section, th, td, InadimplenciaTable, InadimplenciaTotais } from './relatorios-inadimplencia';
import { PrintHeader } from './relatorios-print-header';

const printTitles: Record<RelatorioTipo, string> = {
  fluxo: 'Relatório de fluxo de caixa',
  inadimplencia: 'Relatório de inadimplência',
  categorias: 'Relatório de receitas e despesas por categoria',
};

/**
 * Which reports go on paper: all three ('Imprimir' on top, or the browser's own print), or one alone
 * (its section's 'Imprimir'), until the print dialog closes.
 */
function usePrintScope() {
  const [only, setOnly] = useState<RelatorioTipo | null>(null);
  useEffect(() => {
    const reset = () => setOnly(null);
    window.addEventListener('afterprint', reset);
    return () => window.removeEventListener('afterprint', reset);
  }, []);
  const print = (tipo: RelatorioTipo | null) => {
    // The page must be laid out for that report before the dialog takes its picture of it.
    flushSync(() => setOnly(tipo));
    window.print();
  };
  return { only, print };
}

export function RelatoriosTab() {
  const [ano, setAno] = useState(new Date().getFullYear());
  const fluxo = useRelatorio('fluxo', ano);
  const inadimplencia = useRelatorio('inadimplencia', ano);
  const categorias = useRelatorio('categorias', ano);
  const printing = usePrintScope();
  const only = printing.only;
  // When the figures on paper were generated: the newest of the reports printed.
  const generated = only
    ? { fluxo, inadimplencia, categorias }[only].dataUpdatedAt
    : Math.max(fluxo.dataUpdatedAt, inadimplencia.dataUpdatedAt, categorias.dataUpdatedAt);
  const sectionProps = (tipo: RelatorioTipo) => ({
    tipo,
    ano,
    onPrint: () => printing.print(tipo),
    printHidden: only !== null && only !== tipo,
  });
  return (
    <div className="space-y-4">
      <PrintHeader
        title={only ? `${printTitles[only]} ${ano}` : `Relatórios financeiros ${ano}`}
        generatedAt={generated > 0 ? new Date(generated) : null}
      />
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="w-32">
          <InputField
            label="Ano"
            type="number"
            min={2000}
            max={2100}
            value={ano}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (value >= 2000 && value <= 2100) setAno(value);
            }}
          />
        </div>
        <Button variant="secondary" onClick={() => printing.print(null)}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Imprimir tudo
        </Button>
      </div>
      <Section title={`Fluxo de caixa ${ano}`} {...sectionProps('fluxo')}>
        {fluxo.isLoading ? (
          <Spinner />
        ) : fluxo.isError || !fluxo.data ? (
          <ErrorBanner>Erro ao carregar o relatório</ErrorBanner>
        ) : (
          <table className="min-w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Mês</th>
                <th className={`${th} text-right`}>Receitas</th>
                <th className={`${th} text-right`}>Despesas</th>
                <th className={`${th} text-right`}>Saldo</th>
                <th className={`${th} text-right`}>Acumulado</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {fluxo.data.linhas.map((row) => (
                <tr key={row.mes}>
                  <td className={td}>{formatMesReferencia(row.mes)}</td>
                  <td className={`${td} text-right text-green-700`}>{formatCentavos(row.receitas)}</td>
                  <td className={`${td} text-right text-red-700`}>{formatCentavos(row.despesas)}</td>
                  <td className={`${td} text-right`}>{formatCentavos(row.saldo)}</td>
                  <td className={`${td} text-right`}>{formatCentavos(row.acumulado)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <td className={td}>Total</td>
                <td className={`${td} text-right`}>{formatCentavos(fluxo.data.total_receitas)}</td>
                <td className={`${td} text-right`}>{formatCentavos(fluxo.data.total_despesas)}</td>
                <td className={`${td} text-right`}>{formatCentavos(fluxo.data.saldo)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        )}
      </Section>
      <Section title={`Inadimplência ${ano}`} {...sectionProps('inadimplencia')}>
        {inadimplencia.isLoading ? (
          <Spinner />
        ) : inadimplencia.isError || !inadimplencia.data ? (
          <ErrorBanner>Erro ao carregar o relatório</ErrorBanner>
        ) : (
          <div className="space-y-6">
            <InadimplenciaTotais totais={inadimplencia.data.totais} />
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-700">Por turma</h3>
              <InadimplenciaTable rows={inadimplencia.data.por_turma} label="Turma" />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-700">Por responsável</h3>
              <InadimplenciaResponsaveis rows={inadimplencia.data.por_responsavel} />
            </div>
          </div>
        )}
      </Section>
      <Section title={`Receitas e despesas por categoria ${ano}`} {...sectionProps('categorias')}>
        {categorias.isLoading ? (
          <Spinner />
        ) : categorias.isError || !categorias.data ? (
          <ErrorBanner>Erro ao carregar o relatório</ErrorBanner>
        ) : categorias.data.linhas.length === 0 ? (
          <p className="text-sm text-gray-500">Nenhum lançamento pago neste ano.</p>
        ) : (
          <table className="min-w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Tipo</th>
                <th className={th}>Categoria</th>
                <th className={`${th} text-right`}>Lançamentos</th>
                <th className={`${th} text-right`}>Valor</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {categorias.data.linhas.map((row) => (
                <tr key={`${row.tipo}-${row.categoria}`}>
                  <td className={td}>{row.tipo === 'receita' ? 'Receita' : 'Despesa'}</td>
                  <td className={td}>{row.categoria}</td>
                  <td className={`${td} text-right`}>{row.quantidade}</td>
                  <td className={`${td} text-right`}>{formatCentavos(row.valor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </div>
  );
}
