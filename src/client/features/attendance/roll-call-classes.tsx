/** Choosing the class to take the roll of: the year notice, the class picker and the classes in roll order. */
import { useEffect, useRef } from 'react';
import { CheckCircle2, Clock } from 'lucide-react';
import {
  lessonName,
  notSchoolDayMessage,
  type Lesson,
  type Roll,
  type RollClass,
} from '../../../shared/attendance.schemas';
import { turnoLabels, type Turno } from '../../../shared/classes.schemas';
import { formatCount, formatDate, todayIso } from '../../../shared/format';
import { can, permissionsOf } from '../../../shared/permissions';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { NoClasses, NoSchoolYear } from '../../domain/academic-empty';
import { useCurrentUser } from '../../lib/current-user';
import { useSchoolYears } from '../../domain/school-years';
import { useRollClasses } from './attendance.api';

/**
 * A date outside every school year takes no roll: before a class is picked, say so — and, with no
 * year at all for that date's year, where the year is opened (the administrator) or who opens it; or,
 * when a later year is open instead, when its classes start (NoSchoolYear).
 */
export function YearNotice({ data }: { data: string }) {
  const years = useSchoolYears();
  const { data: me } = useCurrentUser();
  if (!years.data || years.data.some((year) => year.inicio <= data && data <= year.fim)) return null;
  const ano = Number(data.slice(0, 4));
  const sameYear = years.data.find((year) => year.ano === ano);
  if (!sameYear)
    return (
      <div className="mb-4 rounded-xl border border-gray-200 bg-white" data-testid="sem-ano-letivo">
        <NoSchoolYear admin={can(permissionsOf(me), 'academics.manage')} ano={ano} />
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
export function ClassPicker({
  data,
  focusCard = null,
  onFocused,
  onPick,
}: {
  data: string;
  /** The class whose roll was just left ('Trocar turma'): its card takes the focus back. */
  focusCard?: string | null;
  onFocused?: () => void;
  onPick: (turmaId: string) => void;
}) {
  const classes = useRollClasses(data);
  const years = useSchoolYears();
  const { data: me } = useCurrentUser();
  const admin = can(permissionsOf(me), 'academics.manage');
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
      <ClassList
        data={data}
        classes={classes.data}
        focusCard={focusCard}
        onFocused={onFocused}
        onPick={onPick}
      />
    </>
  );
}
function ClassList({
  data,
  classes,
  focusCard,
  onFocused,
  onPick,
}: {
  data: string;
  classes: readonly RollClass[];
  focusCard: string | null;
  onFocused: (() => void) | undefined;
  onPick: (turmaId: string) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!focusCard) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-turma="${focusCard}"]`)?.focus();
    onFocused?.();
  }, [focusCard, onFocused]);
  return (
    <ul
      ref={list}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={`Turmas em ${formatDate(data)}`}
    >
      {orderRollClasses(classes).map((turma) => (
        <li key={turma.id}>
          <button
            type="button"
            data-turma={turma.id}
            onClick={() => onPick(turma.id)}
            className="flex min-h-20 w-full flex-col gap-1 rounded-xl border border-gray-200 bg-white p-4 text-left shadow-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span className="flex w-full items-center justify-between gap-2">
              <span className="text-lg font-semibold text-gray-900">{turma.nome}</span>
              {turma.pendentes > 0 ? (
                <Badge tone="yellow">{formatCount(turma.pendentes, 'pendente', 'pendentes')}</Badge>
              ) : turma.aulas.length > 0 ? (
                <LessonsBadge lessons={turma.aulas} past={data < todayIso()} />
              ) : turma.grade_pendente ? (
                <Badge tone="yellow">Sem grade curricular</Badge>
              ) : (
                <Badge tone="gray">Sem aula</Badge>
              )}
            </span>
            <span className="text-sm text-gray-600">
              {turma.serie} · {turnoLabels[turma.turno as Turno]} ·{' '}
              {formatCount(turma.alunos, 'aluno', 'alunos')}
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

/**
 * A class with lessons and none due for this user: done when every roll is on record; otherwise ahead (a
 * future date, or a later lesson today) or, on a past day, not taken (a closed period, another teacher's
 * subject) — never 'Feita' for a roll nobody took.
 */
function LessonsBadge({ lessons, past }: { lessons: readonly Lesson[]; past: boolean }) {
  const done = lessons.filter((lesson) => lesson.registrada).length;
  if (done === lessons.length) return <Badge tone="green">Feita</Badge>;
  if (done === 0) return <Badge tone="gray">{past ? 'Não feita' : 'Agendada'}</Badge>;
  return (
    <Badge tone="gray">
      {done.toLocaleString('pt-BR')} de {formatCount(lessons.length, 'feita', 'feitas')}
    </Badge>
  );
}

/** Classes with lessons to take first, then those already done, then those without lessons that day. */
export function orderRollClasses(classes: readonly RollClass[]): RollClass[] {
  const rank = (turma: RollClass) => (turma.pendentes > 0 ? 0 : turma.aulas.length > 0 ? 1 : 2);
  return [...classes].sort((a, b) => rank(a) - rank(b));
}

/** The day's lessons of a per-lesson class, to pick the one whose roll is taken. */
export function LessonPicker({ roll, onLesson }: { roll: Roll; onLesson: (lesson: Lesson) => void }) {
  return (
    // Wrapped, not scrolled sideways: on a phone every lesson of the day (and the one chosen) shows.
    <div role="group" aria-label="Aulas do dia" className="mb-3 flex flex-wrap gap-2">
      {roll.aulas.map((lesson) => {
        const selected = lesson.disciplina === roll.disciplina && lesson.aula === roll.aula;
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
            {lessonName(lesson, roll.aulas)}
            <span className="sr-only">{lesson.registrada ? ', feita' : ', pendente'}</span>
          </button>
        );
      })}
    </div>
  );
}
