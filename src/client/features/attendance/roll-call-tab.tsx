import { ArrowLeft, CheckCircle2, Clock } from 'lucide-react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import {
  lessonName,
  notSchoolDayMessage,
  type Lesson,
  type RollClass,
} from '../../../shared/attendance.schemas';
import { dayKindLabels } from '../../../shared/calendar';
import { turnoLabels, type Turno } from '../../../shared/classes.schemas';
import { formatCount, formatDate, todayIso } from '../../../shared/format';
import { can } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { MissingCurriculum } from '../../domain/missing-curriculum';
import { NoClasses, NoSchoolYear } from '../../domain/academic-empty';
import { useCurrentUser } from '../../lib/current-user';
import { useSchoolYears } from '../../domain/school-years';
import { useRoll, useRollClasses, useSaveRoll } from './attendance.api';
import { RollSheet } from './roll-sheet';

/** Classes with lessons to take first, then those already done, then those without lessons that day. */
export function orderRollClasses(classes: readonly RollClass[]): RollClass[] {
  const rank = (turma: RollClass) => (turma.pendentes > 0 ? 0 : turma.aulas.length > 0 ? 1 : 2);
  return [...classes].sort((a, b) => rank(a) - rank(b));
}

/** The roll call: pick a date and one of my classes, then the lesson (per-lesson classes). */
export function RollCallTab() {
  const [params, setParams] = useSearchParams();
  const today = todayIso();
  const data = params.get('data') ?? today;
  const turmaId = params.get('turma');
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || (key === 'data' && value === today)) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <div className="w-44">
          <InputField
            label="Data da chamada"
            type="date"
            value={data}
            max={today}
            onChange={(event) => {
              if (event.target.value) update({ data: event.target.value, disciplina: null, aula: null });
            }}
          />
        </div>
        {data !== today && (
          <Button
            variant="secondary"
            className="min-h-11"
            onClick={() => update({ data: null, disciplina: null, aula: null })}
          >
            Hoje
          </Button>
        )}
      </div>
      <YearNotice data={data} />
      {turmaId ? (
        <RollOfClass
          turmaId={turmaId}
          data={data}
          disciplina={params.get('disciplina')}
          aula={Number(params.get('aula') ?? '') || undefined}
          onBack={() => update({ turma: null, disciplina: null, aula: null })}
          onLesson={(lesson) =>
            update({ disciplina: lesson.disciplina, aula: lesson.disciplina ? String(lesson.aula) : null })
          }
        />
      ) : (
        <ClassPicker data={data} onPick={(id) => update({ turma: id, disciplina: null, aula: null })} />
      )}
    </div>
  );
}

/**
 * A date outside every school year takes no roll: before a class is picked, say so — and, with no
 * year at all for that date's year, where the year is opened (the administrator) or who opens it.
 */
function YearNotice({ data }: { data: string }) {
  const years = useSchoolYears();
  const { data: me } = useCurrentUser();
  if (!years.data || years.data.some((year) => year.inicio <= data && data <= year.fim)) return null;
  const ano = Number(data.slice(0, 4));
  const sameYear = years.data.find((year) => year.ano === ano);
  if (!sameYear)
    return (
      <div className="mb-4 rounded-xl border border-gray-200 bg-white" data-testid="sem-ano-letivo">
        <NoSchoolYear admin={can(me?.nivel, 'academics.manage')} ano={ano} />
      </div>
    );
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {formatDate(data)} fica fora do ano letivo {sameYear.ano} ({formatDate(sameYear.inicio)} a{' '}
      {formatDate(sameYear.fim)}): não há chamada nesta data.
    </p>
  );
}

function ClassPicker({ data, onPick }: { data: string; onPick: (turmaId: string) => void }) {
  const classes = useRollClasses(data);
  const years = useSchoolYears();
  const { data: me } = useCurrentUser();
  const admin = can(me?.nivel, 'academics.manage');
  if (classes.isPending) return <Spinner label="Carregando turmas..." />;
  if (classes.isError)
    return (
      <ErrorBanner>
        {classes.error.message || 'Erro ao carregar as turmas.'}{' '}
        <button type="button" className="font-medium underline" onClick={() => void classes.refetch()}>
          Tentar novamente
        </button>
      </ErrorBanner>
    );
  if (classes.data.length === 0)
    return (
      <NoClasses admin={admin} title={admin ? 'Nenhuma turma ativa' : 'Nenhuma turma para fazer chamada'} />
    );
  // The day is the same for every class; a date outside every year has its own notice (YearNotice).
  const dia = classes.data[0]!.dia;
  const inYear = years.data?.some((year) => year.inicio <= data && data <= year.fim) ?? true;
  return (
    <>
      {!dia.letivo && inYear && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800"
          data-testid="dia-sem-aula"
        >
          {notSchoolDayMessage(dia)} Não há chamada a fazer nesta data.
        </p>
      )}
      <ClassList data={data} classes={classes.data} onPick={onPick} />
    </>
  );
}

function ClassList({
  data,
  classes,
  onPick,
}: {
  data: string;
  classes: readonly RollClass[];
  onPick: (turmaId: string) => void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Turmas em ${formatDate(data)}`}>
      {orderRollClasses(classes).map((turma) => (
        <li key={turma.id}>
          <button
            type="button"
            onClick={() => onPick(turma.id)}
            className="flex min-h-20 w-full flex-col gap-1 rounded-xl border border-gray-200 bg-white p-4 text-left shadow-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span className="flex w-full items-center justify-between gap-2">
              <span className="text-lg font-semibold text-gray-900">{turma.nome}</span>
              {turma.pendentes > 0 ? (
                <Badge tone="yellow">{formatCount(turma.pendentes, 'pendente', 'pendentes')}</Badge>
              ) : turma.aulas.length > 0 ? (
                <Badge tone="green">Feita</Badge>
              ) : turma.grade_pendente ? (
                <Badge tone="yellow">Sem grade curricular</Badge>
              ) : (
                <Badge tone="gray">Sem aula</Badge>
              )}
            </span>
            <span className="text-sm text-gray-600">
              {turma.serie} · {turnoLabels[turma.turno as Turno]} · {turma.alunos} alunos
            </span>
            {turma.aulas.length > 0 && (
              <span className="text-sm text-gray-700">
                {turma.aulas
                  .map((lesson) => `${lessonName(lesson, turma.aulas)}${lesson.registrada ? ' ✓' : ''}`)
                  .join(' · ')}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

function RollOfClass({
  turmaId,
  data,
  disciplina,
  aula,
  onBack,
  onLesson,
}: {
  turmaId: string;
  data: string;
  disciplina: string | null;
  aula: number | undefined;
  onBack: () => void;
  onLesson: (lesson: Lesson) => void;
}) {
  const roll = useRoll(turmaId, { data, disciplina, ...(aula ? { aula } : {}) });
  const save = useSaveRoll();
  const { data: me } = useCurrentUser();
  const back = (
    <Button variant="ghost" className="mb-2 -ml-2 min-h-11" onClick={onBack}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Trocar turma
    </Button>
  );
  if (roll.isPending)
    return (
      <>
        {back}
        <Spinner label="Carregando chamada..." />
      </>
    );
  if (roll.isError)
    return (
      <>
        {back}
        <ErrorBanner>{roll.error.message || 'Erro ao carregar a chamada.'}</ErrorBanner>
      </>
    );
  const current = roll.data;
  return (
    <div>
      {back}
      <div className="mb-3">
        <h2 className="text-xl font-bold text-gray-900">{current.turma.nome}</h2>
        <p className="text-sm text-gray-600">
          {formatDate(current.data)} · {current.dia.descricao ?? dayKindLabels[current.dia.tipo]}
          {current.periodo ? ` · ${current.periodo.nome}` : ''}
          {current.periodo?.encerrado ? ' (encerrado)' : ''}
        </p>
      </div>
      {current.aulas.length > 1 && (
        // Wrapped, not scrolled sideways: on a phone every lesson of the day (and the one chosen) shows.
        <div role="group" aria-label="Aulas do dia" className="mb-3 flex flex-wrap gap-2">
          {current.aulas.map((lesson) => {
            const selected = lesson.disciplina === current.disciplina && lesson.aula === current.aula;
            return (
              <button
                key={`${lesson.disciplina ?? ''}-${String(lesson.aula)}`}
                type="button"
                aria-pressed={selected}
                onClick={() => onLesson(lesson)}
                className={`flex min-h-11 shrink-0 items-center gap-1 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary ${
                  selected
                    ? 'border-primary-strong bg-primary-strong text-white'
                    : 'border-gray-300 bg-white text-gray-800'
                }`}
              >
                {lesson.registrada ? (
                  <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Clock className="h-4 w-4" aria-hidden="true" />
                )}
                {lessonName(lesson, current.aulas)}
                <span className="sr-only">{lesson.registrada ? ', feita' : ', pendente'}</span>
              </button>
            );
          })}
        </div>
      )}
      {current.disciplina && current.aulas.length <= 1 && (
        <p className="mb-3 text-sm font-medium text-gray-800">{lessonName(current, current.aulas)}</p>
      )}
      {current.grade_pendente && !current.disciplina ? (
        // A per-lesson class whose grid schedules no lesson: nothing to mark until it is set.
        <MissingCurriculum
          turma={current.turma}
          pendencia={current.grade_pendente}
          admin={can(me?.nivel, 'academics.manage')}
          para="chamada"
        />
      ) : (
        <RollSheet
          key={`${current.data}-${current.disciplina ?? ''}-${String(current.aula)}-${String(current.chamada?.version ?? 0)}`}
          roll={current}
          lesson={current.disciplina ? lessonName(current, current.aulas) : undefined}
          onSave={async (input) => {
            const result = await save.mutateAsync({ turmaId, input });
            toast.success(result.message ?? 'Chamada salva');
          }}
        />
      )}
    </div>
  );
}
