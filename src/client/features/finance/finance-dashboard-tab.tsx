import { lazy, Suspense } from 'react';
import { AlertTriangle, ArrowDownCircle, ArrowUpCircle, Percent, PiggyBank, Wallet } from 'lucide-react';
import type { FinanceStats } from '../../../shared/finance.schemas';
import { formatCentavos, formatPercent } from '../../../shared/format';
import { ErrorBanner, Spinner, StatCard } from '../../components/feedback';
import { useFinanceStats } from './finance.api';

const FinanceChart = lazy(() => import('./finance-chart'));

export function FinanceDashboardTab() {
  const { data, isLoading, isError } = useFinanceStats();
  if (isLoading) return <Spinner />;
  if (isError || !data) return <ErrorBanner>Erro ao carregar dados financeiros</ErrorBanner>;
  const hasSeries = data.serie_mensal.some((item) => item.receitas > 0 || item.despesas > 0);
  // The enrolment fees are counted apart from the tuition (ADR 0099), shown when there are any.
  const taxas = data.taxas_matricula;
  const hasTaxas = taxas.pagas + taxas.vencidas + taxas.pendentes > 0;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Receita Mensal"
          value={formatCentavos(data.receita_mes_atual)}
          icon={ArrowUpCircle}
          tone="green"
        />
        <StatCard
          label="Despesas Mensais"
          value={formatCentavos(data.despesas_mes)}
          icon={ArrowDownCircle}
          tone="red"
        />
        <StatCard
          label="Saldo Atual"
          value={<span data-testid="saldo-atual">{formatCentavos(data.saldo_atual)}</span>}
          icon={PiggyBank}
          tone="blue"
        />
        <StatCard
          label="Inadimplência"
          value={formatPercent(data.inadimplencia_taxa)}
          icon={Percent}
          tone="yellow"
        />
      </div>
      <div className="grid gap-3 lg:grid-cols-3">
        <section
          className="rounded-xl border border-gray-200 bg-white p-4"
          aria-labelledby="box-mensalidades"
        >
          <h2 id="box-mensalidades" className="mb-3 font-semibold text-gray-900">
            Mensalidades
          </h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between">
              <dt className="text-gray-600">Pagas este mês</dt>
              <dd className="font-semibold text-green-700">{data.mensalidades_pagas}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-600">Vencidas</dt>
              <dd className="font-semibold text-red-700">{data.mensalidades_vencidas}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-600">A vencer neste mês</dt>
              <dd className="font-semibold text-amber-700">{data.mensalidades_pendentes}</dd>
            </div>
          </dl>
          {hasTaxas && <TaxasMatricula {...taxas} />}
        </section>
        <section className="rounded-xl border border-gray-200 bg-white p-4">
          <div className="flex items-center gap-2">
            <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden="true" />
            <h2 className="font-semibold text-gray-900">Receitas Pendentes</h2>
          </div>
          <p className="mt-2 text-2xl font-semibold text-gray-900">
            {formatCentavos(data.receitas_pendentes)}
          </p>
          <p className="text-sm text-gray-600">
            Vencidas e a vencer até o fim deste mês (mensalidades, taxas de matrícula e outras receitas); as
            dos meses seguintes não entram
          </p>
        </section>
        <section className="rounded-xl border border-gray-200 bg-white p-4">
          <div className="flex items-center gap-2">
            <Wallet className="h-5 w-5 text-green-600" aria-hidden="true" />
            <h2 className="font-semibold text-gray-900">Receita Total</h2>
          </div>
          <p className="mt-2 text-2xl font-semibold text-gray-900">{formatCentavos(data.receita_total)}</p>
          <p className="text-sm text-gray-600">Acumulado no ano</p>
        </section>
      </div>
      <section className="rounded-xl border border-gray-200 bg-white p-4" aria-labelledby="grafico-12">
        <h2 id="grafico-12" className="mb-3 font-semibold text-gray-900">
          Receitas x Despesas — últimos 12 meses
        </h2>
        {hasSeries ? (
          <Suspense fallback={<Spinner />}>
            <FinanceChart series={data.serie_mensal} />
          </Suspense>
        ) : (
          <p className="py-10 text-center text-sm text-gray-500">
            Ainda não há receitas nem despesas pagas nos últimos 12 meses.
          </p>
        )}
      </section>
    </div>
  );
}

/** The enrolment fees' counts, under the tuition's: a fee is not a month's tuition (ADR 0099). */
function TaxasMatricula({ pagas, vencidas, pendentes }: FinanceStats['taxas_matricula']) {
  return (
    <>
      <h3 id="box-taxas" className="mt-4 mb-2 text-sm font-semibold text-gray-900">
        Taxas de matrícula
      </h3>
      <dl className="space-y-2 text-sm" aria-labelledby="box-taxas">
        <div className="flex justify-between">
          <dt className="text-gray-600">Pagas este mês</dt>
          <dd className="font-semibold text-green-700">{pagas}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-gray-600">Vencidas</dt>
          <dd className="font-semibold text-red-700">{vencidas}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-gray-600">A vencer neste mês</dt>
          <dd className="font-semibold text-amber-700">{pendentes}</dd>
        </div>
      </dl>
    </>
  );
}
