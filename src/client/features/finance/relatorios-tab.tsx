import { useState } from 'react';
import { Printer } from 'lucide-react';
import { formatMesReferencia } from '../../../shared/mensalidades.schemas';
import { formatCentavos } from '../../../shared/format';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useRelatorio } from './finance.api';
import { Section, th, td, InadimplenciaTable, InadimplenciaResponsaveis } from './relatorios-inadimplencia';

export function RelatoriosTab() {
  const [ano, setAno] = useState(new Date().getFullYear());
  const fluxo = useRelatorio('fluxo', ano);
  const inadimplencia = useRelatorio('inadimplencia', ano);
  const categorias = useRelatorio('categorias', ano);
  return (
    <div className="space-y-4">
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
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Imprimir
        </Button>
      </div>
      <Section title={`Fluxo de caixa ${ano}`} tipo="fluxo" ano={ano}>
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
      <Section title={`Inadimplência ${ano}`} tipo="inadimplencia" ano={ano}>
        {inadimplencia.isLoading ? (
          <Spinner />
        ) : inadimplencia.isError || !inadimplencia.data ? (
          <ErrorBanner>Erro ao carregar o relatório</ErrorBanner>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-700">Por turma</h3>
              <InadimplenciaTable rows={inadimplencia.data.por_turma} label="Turma" />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-700">Por responsável</h3>
              <InadimplenciaResponsaveis rows={inadimplencia.data.por_responsavel} />
            </div>
            <p className="text-sm text-gray-700 lg:col-span-2">
              Total em aberto (principal):{' '}
              <strong>{formatCentavos(inadimplencia.data.total_em_aberto)}</strong>
            </p>
          </div>
        )}
      </Section>
      <Section title={`Receitas e despesas por categoria ${ano}`} tipo="categorias" ano={ano}>
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
