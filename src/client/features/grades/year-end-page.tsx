import { useState } from 'react';
import { CalendarCheck, CheckCircle2, Lock, School, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatCount, formatDate, formatDateTime, todayIso } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import { NoSchoolYear } from '../../domain/academic-empty';
import { ErrorBanner, PageHeader, Spinner, StatGrid } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { useMemoryListState } from '../../lib/use-list-state';
import { useGradePeriods, useYearEndStatus } from './grades.api';
import { isRunning, useLatestYearEndTask, useStartYearEndTask } from './year-end-tasks.api';
import { YearEndTaskProgress } from './year-end-task-progress';
import { RematriculaReview } from './rematricula-review';
import { periodColumns } from './year-end-period-columns';
import { pendenciesText, YearEndPendencies } from './year-end-pendencies';

/**
 * 'Ano letivo' (administrators): the year's periods across the classes, 'Encerrar ano' (closes every
 * period, computes every final situation, makes the year read-only), then 'Preparar próximo ano'.
 * Any year can be picked (`?ano=`): past years stay here, read-only, with what was applied.
 */
export function YearEndPage() {
  const years = useGradePeriods();
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const chosen = Number(params.get('ano'));
  const year =
    years.data?.find((item) => item.ano === chosen) ??
    years.data?.find((item) => item.inicio <= today && today <= item.fim) ??
    years.data?.[years.data.length - 1];
  const status = useYearEndStatus(year?.id ?? '');
  const start = useStartYearEndTask();
  const tasks = useLatestYearEndTask(year?.id ?? '');
  const running = isRunning(tasks.latest);
  const [confirming, setConfirming] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const periodList = useMemoryListState();
  const data = status.data;
  // What the recuperação final leaves pending: closing with it is confirmed as such (ADR 0097).
  const pending = data?.pendencias_recuperacao_final ?? null;
  const pendingNow = pending && pending.total > 0 ? pending : null;
  const open = data?.periodos.filter((period) => period.turmas_abertas > 0).length ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Ano letivo"
        subtitle="Encerramento do ano e rematrícula para o ano seguinte"
        actions={
          years.data && years.data.length > 0 ? (
            <SelectField
              label="Ano"
              value={year?.ano ?? ''}
              onChange={(event) => {
                setPreparing(false);
                setParams({ ano: event.target.value }, { replace: true });
              }}
            >
              {years.data.map((item) => (
                <option key={item.id} value={item.ano}>
                  {item.ano}
                </option>
              ))}
            </SelectField>
          ) : undefined
        }
      />
      {years.isError ? (
        <ErrorBanner>Erro ao carregar os anos letivos.</ErrorBanner>
      ) : years.isPending ? (
        <Spinner />
      ) : !year ? (
        <NoSchoolYear admin />
      ) : status.isError ? (
        <ErrorBanner>{status.error.message || 'Erro ao carregar a situação do ano letivo.'}</ErrorBanner>
      ) : !data ? (
        <Spinner label="Carregando o ano letivo..." />
      ) : (
        <>
          <StatGrid
            stats={[
              { label: 'Turmas', value: data.turmas, icon: School, tone: 'blue' },
              { label: 'Alunos ativos', value: data.alunos, icon: Users, tone: 'purple' },
              {
                label: 'Períodos abertos',
                value: `${String(open)} de ${String(data.periodos.length)}`,
                icon: Lock,
                tone: open === 0 ? 'gray' : 'yellow',
              },
              {
                label: 'Situação',
                // Next year, opened in December, has not begun: it is not 'Em andamento'.
                value: data.rematricula_em
                  ? 'Rematriculado'
                  : data.encerrado
                    ? 'Encerrado'
                    : today < data.inicio
                      ? 'Não iniciado'
                      : 'Em andamento',
                icon: CheckCircle2,
                tone: data.encerrado ? 'green' : 'blue',
              },
            ]}
          />
          {data.turmas === 0 && (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              Nenhuma turma em {data.ano}: cadastre as turmas do ano (com os alunos e a grade curricular) em{' '}
              <Link className="font-medium underline" to={paths.classes}>
                Turmas
              </Link>
              .
            </p>
          )}
          <section aria-labelledby="periodos-title">
            <h2 id="periodos-title" className="mb-2 text-lg font-semibold text-gray-900">
              Períodos de {data.ano} ({formatDate(data.inicio)} a {formatDate(data.fim)})
            </h2>
            <DataList
              label={`Períodos de ${String(data.ano)}`}
              query={status}
              rows={data.periodos}
              list={periodList}
              columns={periodColumns(data.turmas)}
              rowKey={(row) => row.id}
              errorMessage="Erro ao carregar os períodos"
              empty={{ icon: CalendarCheck, title: 'Este ano não tem períodos' }}
            />
          </section>
          <section
            aria-labelledby="encerramento-title"
            className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
          >
            <h2 id="encerramento-title" className="text-lg font-semibold text-gray-900">
              Encerramento
            </h2>
            <YearEndTaskProgress task={tasks.latest} />
            {running ? null : !data.encerrado ? (
              <>
                <p className="text-sm text-gray-700">
                  {open === 0
                    ? 'Todos os períodos estão fechados.'
                    : `${String(open)} ${open === 1 ? 'período ainda está aberto' : 'períodos ainda estão abertos'} em alguma turma; encerrar o ano fecha todos.`}{' '}
                  Depois de encerrado, notas e frequências de {data.ano} ficam só para consulta (correções só
                  por retificação) e a situação final de cada aluno fica definida.
                </p>
                {data.pendencias_recuperacao_final && (
                  <YearEndPendencies pending={data.pendencias_recuperacao_final} ano={data.ano} />
                )}
                {data.encerramento_bloqueio && (
                  <p
                    id="encerramento-bloqueio"
                    role="status"
                    className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
                  >
                    {data.encerramento_bloqueio}
                  </p>
                )}
                <Button
                  className="min-h-11"
                  disabled={data.encerramento_bloqueio !== null}
                  aria-describedby={data.encerramento_bloqueio ? 'encerramento-bloqueio' : undefined}
                  onClick={() => setConfirming(true)}
                >
                  <Lock className="h-4 w-4" aria-hidden /> Encerrar ano
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-gray-700">
                  Ano letivo {data.ano} encerrado em {formatDateTime(data.encerrado_em)}
                  {data.encerrado_por_nome ? ` por ${data.encerrado_por_nome}` : ''}. Notas, frequências e
                  boletins de {data.ano} seguem disponíveis para consulta (escolha o ano no boletim do aluno).
                </p>
                {data.rematricula_em && data.rematricula_resumo ? (
                  <div className="rounded-lg bg-green-50 p-3 text-sm text-green-900" role="status">
                    <p className="font-medium">
                      Rematrícula aplicada em {formatDateTime(data.rematricula_em)}:{' '}
                      {data.rematricula_resumo.proxima_serie} na próxima série,{' '}
                      {data.rematricula_resumo.mesma_serie} na mesma série,{' '}
                      {data.rematricula_resumo.concluido} concluíram e{' '}
                      {data.rematricula_resumo.nao_rematriculado} não rematriculados (inativados).
                    </p>
                    {data.rematricula_resumo.sem_turma > 0 && (
                      <p>
                        {data.rematricula_resumo.sem_turma}{' '}
                        {data.rematricula_resumo.sem_turma === 1
                          ? 'aluno ficou sem turma (ativo): enturme-o'
                          : 'alunos ficaram sem turma (ativos): enturme-os'}{' '}
                        em Alunos ou Turmas.
                      </p>
                    )}
                    <p>
                      Turmas de {data.ano + 1}: {data.rematricula_resumo.turmas_criadas.join(', ') || '—'}.{' '}
                      <Link className="font-medium underline" to={paths.classes}>
                        Ver turmas
                      </Link>
                    </p>
                  </div>
                ) : (
                  !preparing && (
                    <Button className="min-h-11" onClick={() => setPreparing(true)}>
                      <School className="h-4 w-4" aria-hidden /> Preparar próximo ano
                    </Button>
                  )
                )}
              </>
            )}
          </section>
          {preparing && data.encerrado && !data.rematricula_em && !running && (
            <RematriculaReview anoLetivoId={data.ano_letivo_id} bloqueio={data.rematricula_bloqueio} />
          )}
        </>
      )}
      {confirming && data && (
        <ConfirmAction
          title={`Encerrar o ano letivo ${String(data.ano)}`}
          message={`${pendingNow ? `${pendenciesText(pendingNow)} (alunos abaixo da média): encerrando agora, cada um fica reprovado por nota na disciplina. ` : ''}Fecha todos os períodos de ${String(data.ano)} para a escola inteira e calcula a situação final de ${formatCount(data.alunos, 'aluno', 'alunos')} (com muitos alunos, leva alguns minutos: o progresso aparece nesta tela). Professores não poderão mais alterar notas nem chamadas deste ano, e os períodos não poderão ser reabertos.`}
          confirmLabel={pendingNow ? 'Encerrar com pendências' : 'Encerrar ano'}
          action={() =>
            start.mutateAsync({
              anoLetivoId: data.ano_letivo_id,
              tipo: 'encerramento',
              confirmarPendencias: pendingNow !== null,
            })
          }
          success="Encerramento iniciado: acompanhe o progresso na tela."
          failure="Não foi possível encerrar o ano letivo."
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
