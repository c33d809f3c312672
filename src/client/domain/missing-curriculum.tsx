import { BookOpen } from 'lucide-react';
import type { CurriculumPendencia } from '../../shared/curriculum.schemas';
import { buildsCurriculum, can, permissionsOf } from '../../shared/permissions';
import { paths } from '../../shared/routes';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/feedback';
import { useCurrentUser } from '../lib/current-user';

/** The class's grade curricular in Turmas (the dialog opens from the URL). */
const classCurriculumPath = (turmaId: string) => `${paths.classes}?grade=${encodeURIComponent(turmaId)}`;

/**
 * A class whose grade curricular lacks what a screen needs — Notas: subjects; the roll of a
 * per-lesson class: subjects and the weekdays of their lessons. Says so plainly and what to do: who
 * builds the grade (the secretaria, the coordenação, the direção) gets a link to the class's grade;
 * anyone else (a teacher), that the secretaria sets it.
 */
export function MissingCurriculum({
  turma,
  pendencia,
  para,
}: {
  turma: { id: string; nome: string };
  pendencia: CurriculumPendencia;
  /** What waits for the grid: the grades (by subject), the boletim or the roll (by lesson). */
  para: 'notas' | 'boletim' | 'chamada';
}) {
  // The permission the grade curricular's save asks for: a secretary or a coordinator is not told to ask
  // herself.
  const edits = can(permissionsOf(useCurrentUser().data), buildsCurriculum);
  const title =
    pendencia === 'sem_disciplinas'
      ? `${turma.nome} ainda não tem grade curricular`
      : `A grade curricular de ${turma.nome} não tem os dias das aulas`;
  const why =
    para === 'notas'
      ? 'As avaliações e as notas são lançadas por disciplina, e a turma ainda não tem nenhuma.'
      : para === 'boletim'
        ? 'O boletim mostra as notas e as faltas por disciplina, e a turma ainda não tem nenhuma.'
        : pendencia === 'sem_disciplinas'
          ? 'Esta turma faz a chamada por aula, e sem disciplinas não há aula para registrar.'
          : 'Esta turma faz a chamada por aula, e sem os dias de cada disciplina nenhuma aula aparece para a chamada.';
  const next = edits
    ? pendencia === 'sem_disciplinas'
      ? 'Cadastre as disciplinas, o professor de cada uma e os dias das aulas na Grade curricular da turma.'
      : 'Marque os dias das aulas de cada disciplina na Grade curricular da turma.'
    : `A secretaria precisa ${pendencia === 'sem_disciplinas' ? 'cadastrá-la' : 'completá-la'} (Turmas → Grade curricular); fale com ela.`;
  return (
    <div className="rounded-xl border border-gray-200 bg-white" data-testid="grade-pendente">
      <EmptyState
        icon={BookOpen}
        title={title}
        hint={`${why} ${next}`}
        action={
          edits ? (
            <ButtonLink to={classCurriculumPath(turma.id)}>
              <BookOpen className="h-4 w-4" aria-hidden="true" /> Abrir a grade curricular de {turma.nome}
            </ButtonLink>
          ) : undefined
        }
      />
    </div>
  );
}
