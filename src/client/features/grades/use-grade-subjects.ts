import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/auth.schemas';
import { isInfantil, isInfantilSerie } from '../../../shared/classes.schemas';
import type { Curriculum } from '../../../shared/curriculum.schemas';
import { useClassCurriculum } from '../../domain/class-curriculum';
import { disciplinasQuery, subjectChoices } from '../../domain/disciplinas.api';
import { useTeacherChoices } from './grades.api';

/**
 * The subjects of a class's grid a user may open in Notas, by the server's rule (`subjectAccess` in
 * read mode): all of them for the secretaria and for the class's responsible teacher, only those the
 * grid gives them for any other teacher — offering the rest led to a 404 no retry could mend.
 * `teacherId` undefined (the teachers could not be read): the whole grid, and the server decides.
 */
export function subjectsOpenTo(
  curriculum: Pick<Curriculum, 'disciplinas' | 'professor_responsavel'>,
  viewer: { teacher: boolean; teacherId: string | undefined },
): string[] {
  const all = curriculum.disciplinas.map((item) => item.disciplina);
  const { teacherId } = viewer;
  if (!viewer.teacher || teacherId === undefined || curriculum.professor_responsavel?.id === teacherId)
    return all;
  return curriculum.disciplinas
    .filter((item) => item.professor?.id === teacherId)
    .map((item) => item.disciplina);
}

/**
 * What Notas offers to pick in a class: its subjects (see `subjectsOpenTo`), the one to start on (a
 * teacher's own, never one they may not see), whether the class has no grade curricular or none of its
 * subjects is the teacher's, and whether it is an Educação Infantil class (by its nível: a série outside
 * the suggested list is Infantil all the same). Only when the grid cannot be read does the catalogue
 * stand in, and the série tells Infantil.
 */
export function useGradeSubjects(
  turmaId: string,
  serie: string | undefined,
  me: CurrentUser | null | undefined,
) {
  const teacher = me?.nivel === 'professor';
  const curriculum = useClassCurriculum(turmaId);
  const teachers = useTeacherChoices(teacher);
  const catalogue = useQuery({ ...disciplinasQuery(), enabled: curriculum.isError });
  const teacherId = teachers.data?.find((item) => item.usuario_id === me?.id)?.id;
  const grid = curriculum.data;
  const options = grid
    ? subjectsOpenTo(grid, { teacher, teacherId })
    : curriculum.isError
      ? subjectChoices(catalogue.data)
      : [];
  const own = grid?.disciplinas.find((item) => teacherId && item.professor?.id === teacherId)?.disciplina;
  return {
    options,
    initial: own !== undefined && options.includes(own) ? own : options[0],
    /** The class has no grade curricular: no subject to grade (never a 404 on the catalogue's first). */
    noGrade: turmaId !== '' && grid !== undefined && grid.disciplinas.length === 0,
    /** The class has subjects, none of them open to this teacher. */
    noneOpen: grid !== undefined && grid.disciplinas.length > 0 && options.length === 0,
    // The teachers' list waiting for a connection (paused, not kept on the device) holds nothing back:
    // offline the Notas screen reopened on a spinner though the grid was on the phone. Without it every
    // subject of the class is offered and the grid's own copy (or the server) decides.
    pending:
      turmaId !== '' &&
      (curriculum.isPending || (teacher && teachers.isPending && teachers.fetchStatus !== 'paused')),
    infantil: grid ? isInfantil(grid.nivel) : isInfantilSerie(serie),
    turmaNome: grid?.turma_nome,
  };
}
