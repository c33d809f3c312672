/**
 * The notas of the diário de classe (ADR 0081): per subject, the avaliações dated in the diary's range and
 * each student's grade as the grade grid shows it, with the period's média by the grid's own rule
 * (`periodAverage` in shared/averages, `cellOf`) and the rules of the class's stage in that year.
 */
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { displayGrade, tenthsToNumber, type AveragingRules } from '../../../shared/averages.js';
import { isInfantil } from '../../../shared/classes.schemas.js';
import type { DiaryGrades } from '../../../shared/diario.schemas.js';
import { stageRulesOf } from '../../../shared/stage-rules.js';
import type { DbOrTx } from '../../db/client.js';
import { schoolPeriods } from '../../db/schema/calendar.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { assessments } from '../../db/schema/grades.js';
import { teachers } from '../../db/schema/teachers.js';
import { rulesForYear } from '../calendar/index.js';
import { classMembershipsDuring, seesSubject, type ClassDiaryAccess } from '../classes/index.js';
import { itinerariosOfClass, tookSubjectOn } from '../curriculum/index.js';
import { bySubjectOrder, readSubjectOrder } from '../disciplinas/index.js';
import { columnOrder, gradesIn, studentPeriodAverage } from './grades-grid.service.js';
import { cellOf, columnOf } from './grades.presenter.js';

/** The diary's range: a period (`id`) or a month (`id` null). */
interface DiaryRange {
  id: string | null;
  de: string;
  ate: string;
}

/** The subjects of the class the user sees (one, when the diary names it), with their teacher. */
async function subjectsOf(db: DbOrTx, access: ClassDiaryAccess, disciplina: string | null) {
  const rows = await db
    .select({ disciplina: classSubjects.disciplina, professor: teachers.nome })
    .from(classSubjects)
    .leftJoin(teachers, eq(teachers.id, classSubjects.professorId))
    .where(eq(classSubjects.turmaId, access.turma.id));
  return rows.filter((row) =>
    disciplina === null ? seesSubject(access, row.disciplina) : row.disciplina === disciplina,
  );
}

/** The stage's rules of each school year the avaliações belong to (a closed year keeps its own). */
async function rulesByPeriod(
  db: DbOrTx,
  turma: ClassDiaryAccess['turma'],
  periodoIds: readonly string[],
): Promise<Map<string, AveragingRules>> {
  const periods = await db
    .select({ id: schoolPeriods.id, ano: schoolPeriods.anoLetivoId })
    .from(schoolPeriods)
    .where(inArray(schoolPeriods.id, [...periodoIds]));
  const byYear = new Map<string, AveragingRules>();
  for (const ano of new Set(periods.map((period) => period.ano)))
    byYear.set(ano, stageRulesOf(turma, await rulesForYear(db, ano)));
  return new Map(periods.map((period) => [period.id, byYear.get(period.ano)!]));
}

/**
 * GET …/diario's `notas`: Educação Infantil has pareceres and no grades; otherwise each subject with an
 * avaliação in the range. A student counts where they were in the class on the avaliação's day (the
 * rule of 'Lançamento de notas'); one with a grade on record is shown with it all the same.
 */
export async function diaryGradesOf(
  db: DbOrTx,
  access: ClassDiaryAccess,
  disciplina: string | null,
  range: DiaryRange,
): Promise<DiaryGrades> {
  const turma = access.turma;
  const com_media = range.id !== null;
  if (isInfantil(turma.nivel)) return { avaliacao: 'parecer', com_media, disciplinas: [] };
  const subjects = await subjectsOf(db, access, disciplina);
  const columns =
    subjects.length === 0
      ? []
      : await db
          .select()
          .from(assessments)
          .where(
            and(
              eq(assessments.turmaId, turma.id),
              inArray(
                assessments.disciplina,
                subjects.map((subject) => subject.disciplina),
              ),
              gte(assessments.data, range.de),
              lte(assessments.data, range.ate),
              range.id === null ? undefined : eq(assessments.periodoId, range.id),
            ),
          )
          .orderBy(...columnOrder);
  if (columns.length === 0) return { avaliacao: 'notas', com_media, disciplinas: [] };
  const [cells, members, rules, order] = await Promise.all([
    gradesIn(
      db,
      columns.map((column) => column.id),
    ),
    classMembershipsDuring(db, turma.id, range.de, range.ate),
    rulesByPeriod(db, turma, [...new Set(columns.map((column) => column.periodoId))]),
    readSubjectOrder(db),
  ]);
  const byKey = new Map(cells.map((cell) => [`${cell.avaliacaoId}:${cell.alunoId}`, cell]));
  // A student who left and came back has two memberships: one line, both spans.
  const spans = new Map<string, { nome: string; spans: [string, string | null][] }>();
  for (const member of members) {
    const line = spans.get(member.id) ?? { nome: member.nome, spans: [] };
    line.spans.push([member.inicio, member.fim]);
    spans.set(member.id, line);
  }
  const withColumns = subjects
    .map((subject) => ({
      subject,
      columns: columns.filter((column) => column.disciplina === subject.disciplina),
    }))
    .filter((item) => item.columns.length > 0)
    .sort((a, b) => bySubjectOrder(order)(a.subject.disciplina, b.subject.disciplina));
  // Ensino Médio: an itinerário's assessment is a student's when it was their itinerário that day (one
  // who changed is 'not in the class' for the other days, like one who moved class).
  const itinerarios = await itinerariosOfClass(db, turma.id);
  const disciplinas = withColumns.map(({ subject, columns: own }) => {
    const alunos = [...spans.entries()].flatMap(([id, line]) => {
      const notas = own.map((column) => {
        const row = byKey.get(`${column.id}:${id}`);
        const inClass =
          tookSubjectOn(itinerarios, id, subject.disciplina, column.data) &&
          line.spans.some(([inicio, fim]) => column.data >= inicio && (fim === null || column.data <= fim));
        return { row, inClass, cell: cellOf(row, column.id, rules.get(column.periodoId)!) };
      });
      if (!notas.some((nota) => nota.inClass || nota.cell.texto !== null)) return [];
      // The period's média as the grade grid computes it: every avaliação of the period, its rules.
      const periodRules = rules.get(own[0]!.periodoId)!;
      const media = com_media
        ? studentPeriodAverage(
            own,
            notas.map((nota) => nota.row?.valor ?? null),
            periodRules,
          )
        : null;
      return [
        {
          id,
          nome: line.nome,
          notas: notas.map((nota) => ({
            texto: nota.cell.texto,
            na_turma: nota.inClass || nota.cell.texto !== null,
          })),
          media: media === null ? null : tenthsToNumber(media),
          media_texto: displayGrade(media, periodRules),
        },
      ];
    });
    return {
      disciplina: subject.disciplina,
      professor_nome: subject.professor,
      avaliacoes: own.map(columnOf),
      alunos,
    };
  });
  return { avaliacao: 'notas', com_media, disciplinas };
}
