import { useMemo, useState } from 'react';
import { School, Users } from 'lucide-react';
import {
  destinoTipoLabels,
  destinoTipos,
  type RematriculaInput,
  type RematriculaProposal,
} from '../../../shared/year-end.schemas.js';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import { ErrorBanner, StatGrid } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { FilterBar } from '../../components/filter-bar';
import { useMemoryListState } from '../../lib/use-list-state';
import { useRematriculaSimulation, useTeacherChoices } from './grades.api';
import { useStartYearEndTask } from './year-end-tasks.api';
import { classColumns, type ClassChange, type StudentChange } from './rematricula-columns';
import { isWithoutClass, studentColumns } from './rematricula-student-columns';
import {
  useDebounced,
  countsOf,
  countStudents,
  sentencesOf,
  studentErrorsOf,
} from './rematricula-review-helpers';
import { RematriculaGradeNotices } from './rematricula-grade-notices';

const STUDENTS_PER_PAGE = 50;
/** Typing a capacity or picking several destinations in a row sends one simulation, not one each. */
const SIMULATION_DELAY_MS = 400;

/**
 * 'Preparar próximo ano': the server's proposal with the administrator's adjustments, simulated by the
 * server on every change (dry run: the counts and destinations on screen are the server's), then
 * applied in one transaction after a confirmation.
 */
export function RematriculaReview({
  anoLetivoId,
  bloqueio = null,
}: {
  anoLetivoId: string;
  /** Why it cannot be applied yet (the year has not ended): the review and the simulation still work. */
  bloqueio?: string | null;
}) {
  const [turmas, setTurmas] = useState<Record<string, ClassChange>>({});
  const [alunos, setAlunos] = useState<Record<string, StudentChange>>({});
  const [origem, setOrigem] = useState('');
  const [destino, setDestino] = useState('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const input = useMemo<RematriculaInput>(
    () => ({
      turmas: Object.entries(turmas).map(([origem_id, change]) => ({ origem_id, ...change })),
      alunos: Object.entries(alunos).map(([aluno_id, change]) => ({ aluno_id, ...change })),
    }),
    [turmas, alunos],
  );
  const sent = useDebounced(input, SIMULATION_DELAY_MS);
  const simulation = useRematriculaSimulation(anoLetivoId, sent, true);
  const teachers = useTeacherChoices(true);
  const apply = useStartYearEndTask();
  const classList = useMemoryListState();
  const studentList = { ...useMemoryListState(), page, setPage };
  // An adjustment the server refuses (a field error) keeps the last simulation on screen, with the
  // error on the row it names, so the administrator corrects it in place.
  const [lastGood, setLastGood] = useState<RematriculaProposal | undefined>(undefined);
  if (simulation.data && !simulation.isPlaceholderData && simulation.data !== lastGood)
    setLastGood(simulation.data);
  const proposal = simulation.data ?? lastGood;
  const listQuery = {
    isPending: proposal === undefined && simulation.isPending,
    isError: proposal === undefined && simulation.isError,
    isFetching: simulation.isFetching,
    refetch: simulation.refetch,
  };
  const stale = sent !== input || simulation.isFetching || simulation.isPlaceholderData;
  const studentErrors = useMemo(() => studentErrorsOf(simulation.error, sent), [simulation.error, sent]);
  // What applying would refuse (a class name used twice, a teacher not found), shown on its row.
  const problems = proposal?.erros ?? [];
  // Per origin class, its students left without a class; per proposed class, the students it receives.
  const withoutClass = useMemo(
    () => countStudents(proposal, (s) => (isWithoutClass(s) ? s.origem_turma_id : null)),
    [proposal],
  );
  const enrolled = useMemo(() => countStudents(proposal, (s) => s.destino_turma_nome), [proposal]);
  const classNames = useMemo(
    () => [
      ...new Set(
        (proposal?.turmas ?? []).flatMap((turma) => (turma.incluir && turma.nome ? [turma.nome] : [])),
      ),
    ],
    [proposal],
  );
  const origins = useMemo(
    () => [...new Map((proposal?.alunos ?? []).map((s) => [s.origem_turma_id, s.origem_turma_nome]))],
    [proposal],
  );
  const filtered = (proposal?.alunos ?? []).filter(
    (student) => (!origem || student.origem_turma_id === origem) && (!destino || student.destino === destino),
  );
  const shown = filtered.slice((page - 1) * STUDENTS_PER_PAGE, page * STUDENTS_PER_PAGE);
  const failure = simulation.isError
    ? studentErrors.size > 0
      ? `Corrija antes de aplicar: ${simulation.error.message}`
      : simulation.error.message
    : problems.length > 0
      ? `Corrija antes de aplicar: ${[...new Set(problems.map((problem) => problem.message))].join('; ')}.`
      : null;

  return (
    <section aria-labelledby="rematricula-title" className="space-y-6">
      <div>
        <h2 id="rematricula-title" className="text-lg font-semibold text-gray-900">
          Rematrícula para {proposal?.proximo_ano ?? '...'}
        </h2>
        <p className="text-sm text-gray-600">
          Cada turma sobe uma série com o mesmo turno e capacidade; aprovados vão para a próxima série,
          retidos ficam na mesma série e o 9º ano conclui. Ajuste o que precisar: os números abaixo são a
          simulação do servidor (nada é gravado até você aplicar).
        </p>
      </div>
      {failure && <ErrorBanner>{failure}</ErrorBanner>}
      {proposal && (
        <div aria-live="polite" aria-busy={stale || undefined}>
          <StatGrid stats={countsOf(proposal)} />
          <p className="-mt-3 mb-2 text-sm text-gray-600">
            {proposal.contagem.turmas_novas}{' '}
            {proposal.contagem.turmas_novas === 1 ? 'turma nova' : 'turmas novas'} em {proposal.proximo_ano}.
          </p>
          <p
            className={`rounded-lg border p-3 text-sm ${
              proposal.contagem.sem_turma > 0
                ? 'border-amber-300 bg-amber-50 text-amber-900'
                : 'border-gray-200 bg-gray-50 text-gray-700'
            }`}
          >
            {sentencesOf(proposal).leaving}
          </p>
          <RematriculaGradeNotices proposal={proposal} />
        </div>
      )}
      <div>
        <h3 className="mb-2 flex items-center gap-2 text-base font-semibold text-gray-900">
          <School className="h-5 w-5 text-gray-500" aria-hidden /> Turmas de {proposal?.proximo_ano ?? ''}
        </h3>
        <DataList
          label={`Turmas propostas para ${String(proposal?.proximo_ano ?? '')}`}
          query={listQuery}
          rows={proposal?.turmas}
          list={classList}
          columns={classColumns({
            teachers: teachers.data ?? [],
            enrolled,
            withoutClass,
            onChange: (turma, change) =>
              setTurmas((current) => ({
                ...current,
                [turma.origem_id]: { ...current[turma.origem_id], ...change },
              })),
          })}
          rowKey={(turma) => `${turma.origem_id}:${turma.nome ?? ''}:${String(turma.para_retidos)}`}
          errorMessage="Erro ao carregar a proposta"
          empty={{ icon: School, title: 'Nenhuma turma neste ano letivo' }}
        />
      </div>
      <div>
        <h3 className="mb-2 flex items-center gap-2 text-base font-semibold text-gray-900">
          <Users className="h-5 w-5 text-gray-500" aria-hidden /> Alunos
        </h3>
        <FilterBar columns="sm:grid-cols-2">
          <SelectField
            label="Turma atual"
            value={origem}
            onChange={(event) => {
              setOrigem(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Todas</option>
            {origins.map(([id, nome]) => (
              <option key={id} value={id}>
                {nome}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Destino"
            value={destino}
            onChange={(event) => {
              setDestino(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Todos</option>
            {destinoTipos.map((tipo) => (
              <option key={tipo} value={tipo}>
                {destinoTipoLabels[tipo]}
              </option>
            ))}
          </SelectField>
        </FilterBar>
        <DataList
          label="Destino de cada aluno"
          query={listQuery}
          rows={proposal ? shown : undefined}
          list={studentList}
          paging={{ total: filtered.length, pageSize: STUDENTS_PER_PAGE }}
          columns={studentColumns({
            classNames,
            errors: studentErrors,
            onChange: (student, change) =>
              setAlunos((current) => ({ ...current, [student.aluno_id]: change })),
          })}
          rowKey={(student) => student.aluno_id}
          errorMessage="Erro ao carregar a proposta"
          empty={{ icon: Users, title: 'Nenhum aluno com este filtro' }}
        />
      </div>
      <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-white/95 py-3">
        {bloqueio && (
          <p id="rematricula-bloqueio" role="status" className="text-sm text-amber-900">
            {bloqueio}
          </p>
        )}
        {stale && <span className="text-sm text-gray-600">Simulando...</span>}
        <Button
          className="min-h-11"
          disabled={!proposal || stale || failure !== null || bloqueio !== null}
          aria-describedby={bloqueio ? 'rematricula-bloqueio' : undefined}
          onClick={() => setConfirming(true)}
        >
          Aplicar rematrícula
        </Button>
      </div>
      {confirming && proposal && (
        <ConfirmAction
          title={`Aplicar a rematrícula para ${String(proposal.proximo_ano)}`}
          message={sentencesOf(proposal).apply}
          confirmLabel="Aplicar rematrícula"
          action={() => apply.mutateAsync({ anoLetivoId, tipo: 'rematricula', input })}
          success="Rematrícula iniciada: acompanhe o progresso na tela."
          failure="Não foi possível aplicar a rematrícula. Nada foi alterado."
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
