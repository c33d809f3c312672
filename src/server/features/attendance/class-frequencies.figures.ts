/** The frequência of every student of a class, and the alerts of students under the minimum. */
import { and, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  attendancePercent,
  isBelowMinimum,
  isPastTutelaryLine,
  tutelaryLimit,
  type AttendanceAlert,
  type AttendanceAlerts,
} from '../../../shared/attendance.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { classesInScope, scopeOf, studentsInScope } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { classNotFound, rollsVisibleTo, type Viewer } from '../classes/index.js';
import { attendanceRolls, classMemberships, tutelaryNotifications } from '../../db/schema/attendance.js';
import { classSubjects, previousItinerarios, studentItinerarios } from '../../db/schema/curriculum.js';
import { etapas } from '../../../shared/stage-rules.js';
import { classRulesIn, countAbsencesBy, studentTotals, yearRange } from './attendance.figures.js';
import { studentWithClassColumns } from './student-class.columns.js';
import { plannedLessons } from './planned-lessons.figures.js';

/**
 * Per class: the attendance of its active students over the current year, and the whole's (the homes).
 * The same figures as summing `studentTotals` by each student's current class, aggregated in the
 * database instead: students who share a membership span (a class and the same dates: nearly all of
 * a class) count their lessons given once, by the index of that class's rolls, and the absences that
 * count come back per class. A few rows whatever the number of students or school days — a teacher's
 * home read every roll of the year per student before.
 */
export async function classFrequencies(
  db: DbOrTx,
  where?: SQL,
): Promise<{ geral: number | null; turmas: Map<string, number | null> }> {
  const range = await yearRange(db, undefined);
  // Ensino Médio: a lesson of an itinerário is given only to the students who chose it, so the spans are
  // also per chosen itinerário. The few students who changed itinerário had each one's lessons on some
  // days only (subjectSpans, the rule of the boletim and of each student's record): they are summed
  // one by one by `studentTotals`, which follows it.
  const changed = (
    await db.selectDistinct({ alunoId: previousItinerarios.alunoId }).from(previousItinerarios)
  ).map((row) => row.alunoId);
  const spanRows = await db.execute(sql`
    select spans.atual, spans.turma_id, spans.alunos,
      (select count(*)::int from ${attendanceRolls}
        where ${attendanceRolls.turmaId} = spans.turma_id and ${attendanceRolls.data} between spans.de and spans.ate
          and not exists (select 1 from ${classSubjects}
            where ${classSubjects.turmaId} = ${attendanceRolls.turmaId}
              and ${classSubjects.disciplina} = ${attendanceRolls.disciplina}
              and ${classSubjects.itinerarioId} is not null
              and ${classSubjects.itinerarioId} is distinct from spans.itinerario_id)) as aulas
    from (
      select ${students.turmaId} as atual, ${classMemberships.turmaId} as turma_id,
        greatest(${classMemberships.inicio}, ${range.de}::date) as de,
        least(coalesce(${classMemberships.fim}, ${range.ate}::date), ${range.ate}::date) as ate,
        ${studentItinerarios.itinerarioId} as itinerario_id,
        count(*)::int as alunos
      from ${classMemberships}
      inner join ${students} on ${students.id} = ${classMemberships.alunoId}
      left join ${studentItinerarios} on ${studentItinerarios.alunoId} = ${classMemberships.alunoId}
        and ${studentItinerarios.turmaId} = ${classMemberships.turmaId}
      where ${and(
        eq(students.status, 'ativo'),
        lte(classMemberships.inicio, range.ate),
        sql`(${classMemberships.fim} is null or ${classMemberships.fim} >= ${range.de})`,
        changed.length === 0 ? undefined : notInArray(classMemberships.alunoId, changed),
        where,
      )}
      group by 1, 2, 3, 4, 5
    ) spans`);
  const spans = (
    spanRows as { rows: { atual: string | null; turma_id: string; alunos: number; aulas: number }[] }
  ).rows;
  const changedTotals =
    changed.length === 0
      ? []
      : await studentTotals(db, range, and(inArray(classMemberships.alunoId, changed), where));
  const classIds = [...new Set(spans.map((span) => span.turma_id))];
  const counted =
    classIds.length === 0
      ? []
      : await countAbsencesBy(
          db,
          students.turmaId,
          gte(attendanceRolls.data, range.de),
          lte(attendanceRolls.data, range.ate),
          // Some students only: their classes' rolls by id (the index), not the school's year.
          where === undefined ? undefined : inArray(attendanceRolls.turmaId, classIds),
          changed.length === 0 ? undefined : notInArray(classMemberships.alunoId, changed),
          where,
        );
  const byClass = new Map<string, { given: number; counted: number }>();
  const sumsOf = (turmaId: string) => {
    const sums = byClass.get(turmaId) ?? { given: 0, counted: 0 };
    byClass.set(turmaId, sums);
    return sums;
  };
  let given = 0;
  let countedAll = 0;
  for (const span of spans) {
    const lessons = span.alunos * span.aulas;
    given += lessons;
    if (span.atual !== null) sumsOf(span.atual).given += lessons;
  }
  for (const row of changedTotals) {
    given += row.given;
    countedAll += row.counted;
    if (row.turmaId === null) continue;
    sumsOf(row.turmaId).given += row.given;
    sumsOf(row.turmaId).counted += row.counted;
  }
  for (const row of counted) {
    countedAll += row.total;
    if (row.key !== null) sumsOf(row.key).counted += row.total;
  }
  return {
    geral: attendancePercent(given, countedAll),
    turmas: new Map([...byClass].map(([id, sums]) => [id, attendancePercent(sums.given, sums.counted)])),
  };
}

async function classOfId(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ nivel: classes.nivel, serie: classes.serie })
    .from(classes)
    .where(eq(classes.id, id));
  return row ?? null;
}

/**
 * GET /api/frequencia/alertas — below the stage's minimum (a rate over the lessons given) and past the
 * Conselho Tutelar line (more absences than the line's share of the year's planned lessons, ADR 0117),
 * in the user's scope.
 */
export async function listAlerts(
  db: DbOrTx,
  viewer: Viewer,
  query: { ano?: number | undefined; turma_id?: string | undefined },
): Promise<AttendanceAlerts> {
  const scope = await scopeOf(db, viewer);
  if (query.turma_id) {
    // A class outside the user's scope (or none at all) is 404, as on every other class route.
    const [turma] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, query.turma_id), classesInScope(scope)));
    if (!turma) throw classNotFound();
  }
  const range = await yearRange(db, query.ano);
  const rulesOfClass = await classRulesIn(db, range.anoLetivoId);
  // Each student is held to their class's stage; first, the loosest of every stage picks the few to
  // read: the lowest Conselho Tutelar line and the highest minimum.
  const stages = etapas.map((etapa) => rulesOfClass(null).etapas?.[etapa]);
  const lowestLine = Math.min(
    ...stages.map((rule) => rule?.limite_conselho ?? Number.POSITIVE_INFINITY),
    7.5,
  );
  const highestMinimum = Math.max(...stages.map((rule) => rule?.frequencia_minima ?? 0), 75);
  const where = and(
    studentsInScope(scope),
    query.turma_id ? eq(students.turmaId, query.turma_id) : undefined,
  );
  // A teacher's lists count the lessons they teach, as the student's figures do for them. The Conselho
  // Tutelar line is a count of the year's planned lessons (ADR 0117): read for the students with an
  // absence only.
  const all = await studentTotals(db, range, where, rollsVisibleTo(scope));
  const absent = all.filter((row) => row.counted > 0);
  const planned = await plannedLessons(
    db,
    range,
    absent.map((row) => row.turmaId),
    absent.map((row) => row.alunoId),
  );
  const plannedOf = (row: (typeof all)[number]) => planned.of(row.turmaId, row.alunoId, row.given);
  const totals = absent.filter(
    (row) =>
      isPastTutelaryLine(plannedOf(row), row.counted, lowestLine) ||
      isBelowMinimum(row.given, row.counted, highestMinimum),
  );
  const ids = totals.map((row) => row.alunoId);
  const [people, notices] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select(studentWithClassColumns)
            .from(students)
            .leftJoin(classes, eq(classes.id, students.turmaId))
            .where(inArray(students.id, ids)),
          db
            .select()
            .from(tutelaryNotifications)
            .where(and(inArray(tutelaryNotifications.alunoId, ids), eq(tutelaryNotifications.ano, range.ano)))
            .orderBy(desc(tutelaryNotifications.emitidaEm)),
        ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const ruled = totals.flatMap((row) => {
    const person = byId.get(row.alunoId)!;
    const rules = rulesOfClass(person);
    const past = isPastTutelaryLine(plannedOf(row), row.counted, rules.limiteConselho);
    const below = isBelowMinimum(row.given, row.counted, rules.minima);
    return past || below ? [{ row, person, rules, past, below }] : [];
  });
  const alerts = ruled.map(({ row, person, rules, past, below }) => {
    const notice = notices.find((item) => item.alunoId === row.alunoId);
    const alert: AttendanceAlert = {
      aluno: { id: person.id, nome: person.nome, matricula: person.matricula },
      turma: person.turmaId && person.turmaNome ? { id: person.turmaId, nome: person.turmaNome } : null,
      aulas_dadas: row.given,
      faltas: row.counted,
      frequencia: attendancePercent(row.given, row.counted) ?? 0,
      frequencia_minima: rules.minima,
      limite_conselho: rules.limiteConselho,
      aulas_previstas_ano: plannedOf(row),
      limite_faltas_conselho: tutelaryLimit(plannedOf(row), rules.limiteConselho),
      ultima_notificacao: notice
        ? { id: notice.id, emitida_em: notice.emitidaEm.toISOString(), emitida_por: notice.emitidaPorNome }
        : null,
    };
    return { alert, below, past };
  });
  alerts.sort(
    (a, b) =>
      a.alert.frequencia - b.alert.frequencia ||
      a.alert.aluno.nome.localeCompare(b.alert.aluno.nome, 'pt-BR'),
  );
  // With a class, its stage's figures; else the law's general ones (each alert carries its own).
  const shown = rulesOfClass(query.turma_id ? await classOfId(db, query.turma_id) : null);
  return {
    ano: range.ano,
    frequencia_minima: shown.minima,
    limite_conselho: shown.limiteConselho,
    abaixo_minimo: alerts.filter((item) => item.below).map((item) => item.alert),
    conselho_tutelar: alerts.filter((item) => item.past).map((item) => item.alert),
  };
}
