/**
 * Today's homework in the family's feed (docs/familia.md, 'Tarefas e conteúdos'): a child whose lessons
 * of today carry 'Atividades / tarefa de casa' gets one item, 'Tarefa de casa de hoje', with the
 * subjects and the first homework, opening the family's Tarefas. Only today's: the older ones are on that
 * screen. Not pending: it is the child's task, not something the family answers to the school.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { paths } from '../../../shared/routes.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { folded } from '../../lib/text-search.js';
import { attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { itinerariosOfClasses, tookSubjectOn } from '../curriculum/index.js';
import { rollInMembership } from './attendance.figures.js';

/** The summary's length: a line on a phone. */
const RESUMO_MAX = 140;

const clipped = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > RESUMO_MAX ? `${line.slice(0, RESUMO_MAX - 1).trimEnd()}…` : line;
};

export const homeworkFeed: FamilyFeedSource = async (db, scope) => {
  if (scope.alunos.length === 0) return [];
  const rows = await db
    .select({
      alunoId: classMemberships.alunoId,
      turmaId: attendanceRolls.turmaId,
      disciplina: attendanceRolls.disciplina,
      atividades: attendanceRolls.atividades,
    })
    .from(classMemberships)
    .innerJoin(attendanceRolls, rollInMembership)
    .where(
      and(
        inArray(
          classMemberships.alunoId,
          scope.alunos.map((aluno) => aluno.id),
        ),
        eq(attendanceRolls.data, scope.today),
        isNotNull(attendanceRolls.atividades),
      ),
    )
    .orderBy(asc(folded(attendanceRolls.disciplina)), asc(attendanceRolls.aula));
  if (rows.length === 0) return [];
  const itinerarios = await itinerariosOfClasses(
    db,
    rows.map((row) => row.turmaId),
  );
  const items: FeedItem[] = [];
  for (const aluno of scope.alunos) {
    const lessons = rows.filter(
      (row) =>
        row.alunoId === aluno.id &&
        tookSubjectOn(itinerarios.get(row.turmaId)!, aluno.id, row.disciplina, scope.today),
    );
    const first = lessons[0];
    if (!first) continue;
    const subjects = [...new Set(lessons.map((row) => row.disciplina).filter((name) => name !== null))];
    items.push({
      id: `tarefa:${aluno.id}:${scope.today}`,
      tipo: 'tarefa',
      titulo:
        subjects.length > 1
          ? `Tarefa de casa de hoje — ${subjects.join(', ')}`
          : `Tarefa de casa de hoje${subjects[0] ? ` — ${subjects[0]}` : ''}`,
      resumo: clipped(first.atividades ?? ''),
      data: scope.today,
      link: `${paths.familyTarefas}?aluno=${aluno.id}`,
      aluno_id: aluno.id,
      pendente: false,
    });
  }
  return items;
};
