/**
 * The lessons' content and homework, day by day, newest first (docs/familia.md, 'Tarefas e conteúdos'):
 * the family's Tarefas screen and the Portal do Aluno's Tarefas tab show the same list. Each day is a
 * heading ('Hoje · sexta-feira, 20/03'), each lesson a card with the subject and the teacher, the
 * homework first (what the evening needs) and then what the lesson taught.
 */
import { NotebookText } from 'lucide-react';
import { absenceLessonName } from '../../shared/attendance.schemas';
import { addDays } from '../../shared/calendar';
import { TAREFAS_DIAS, type StudentLesson } from '../../shared/tarefas.schemas';
import { formatDate, todayIso } from '../../shared/format';
import { EmptyState, ErrorBanner, Spinner } from '../components/feedback';
import { useStudentLessons } from './tarefas.api';

const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });

/** 'Hoje · sexta-feira, 20/03/2026', 'Ontem · …', or the weekday and the date. */
export function dayTitle(data: string, today = todayIso()): string {
  const day = `${weekday.format(new Date(`${data}T00:00:00Z`))}, ${formatDate(data)}`;
  if (data === today) return `Hoje · ${day}`;
  if (data === addDays(today, -1)) return `Ontem · ${day}`;
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** The lessons of each day, in the server's order (newest day first; a day's by subject and lesson). */
function byDay(aulas: readonly StudentLesson[]): [string, StudentLesson[]][] {
  const days = new Map<string, StudentLesson[]>();
  for (const aula of aulas) days.set(aula.data, [...(days.get(aula.data) ?? []), aula]);
  return [...days];
}

function LessonCard({ aula }: { aula: StudentLesson }) {
  const title = aula.disciplina ? absenceLessonName(aula) : 'Aula do dia';
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4">
      <h3 className="font-semibold text-gray-900">{title}</h3>
      {aula.professor_nome && <p className="text-sm text-gray-600">Docente: {aula.professor_nome}</p>}
      {aula.atividades && (
        <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm font-semibold text-amber-900">Tarefa de casa</p>
          <p className="whitespace-pre-line text-gray-900">{aula.atividades}</p>
        </div>
      )}
      {aula.conteudo && (
        <div className="mt-3">
          <p className="text-sm font-semibold text-gray-700">Conteúdo da aula</p>
          <p className="whitespace-pre-line text-gray-900">{aula.conteudo}</p>
        </div>
      )}
    </li>
  );
}

/** The list of one student (the server answers only a family's own child, or the student's own). */
export function StudentLessonsList({ alunoId }: { alunoId: string }) {
  const lessons = useStudentLessons(alunoId);
  if (lessons.isPending) return <Spinner label="Carregando as tarefas..." />;
  if (lessons.isError)
    return (
      <ErrorBanner>
        Não foi possível carregar as tarefas.{' '}
        <button type="button" className="font-medium underline" onClick={() => void lessons.refetch()}>
          Tentar de novo
        </button>
      </ErrorBanner>
    );
  const { aulas, de, ate } = lessons.data;
  if (aulas.length === 0)
    return (
      <EmptyState
        icon={NotebookText}
        title={`Nenhuma tarefa registrada nos últimos ${String(TAREFAS_DIAS)} dias.`}
        hint="O conteúdo das aulas e a tarefa de casa aparecem aqui quando o professor os registra com a chamada."
      />
    );
  const today = todayIso();
  return (
    <div className="max-w-3xl space-y-5">
      <p className="text-sm text-gray-600">
        Aulas de {formatDate(de)} a {formatDate(ate)} com conteúdo ou tarefa registrados.
      </p>
      {byDay(aulas).map(([data, items]) => (
        <section key={data} aria-labelledby={`tarefas-${data}`} className="space-y-2">
          <h2 id={`tarefas-${data}`} className="text-base font-semibold text-gray-900">
            {dayTitle(data, today)}
          </h2>
          <ul className="space-y-2">
            {items.map((aula) => (
              <LessonCard key={aula.id} aula={aula} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
