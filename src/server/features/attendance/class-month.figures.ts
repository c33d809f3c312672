/** A class's month of attendance: students × days of roll, with their totals. */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { attendancePercent, isBelowMinimum, type ClassMonth } from '../../../shared/attendance.schemas.js';
import { eachDay } from '../../../shared/calendar.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { classifyRange, monthRange } from '../calendar/index.js';
import { classMembershipsDuring, diaryAccessOf, type Viewer } from '../classes/index.js';
import { itinerariosOfClass, tookSubjectOn } from '../curriculum/index.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { classRulesIn, yearRange } from './attendance.figures.js';

/** GET /api/frequencia/turmas/:id/mes — students × days of a month, for the diary screen. */
export async function getClassMonth(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: { mes?: string | undefined },
): Promise<ClassMonth> {
  const access = await diaryAccessOf(db, viewer, turmaId);
  const mes = query.mes ?? clock.today().slice(0, 7);
  const { de, ate } = monthRange(mes);
  const subjectFilter: SQL | undefined =
    access.visible === null
      ? undefined
      : sql`(${attendanceRolls.disciplina} is null or ${attendanceRolls.disciplina} in (${
          access.visible.size === 0
            ? sql`null`
            : sql.join(
                [...access.visible].map((name) => sql`${name}`),
                sql`, `,
              )
        }))`;
  const rollsInMonth = and(
    eq(attendanceRolls.turmaId, turmaId),
    gte(attendanceRolls.data, de),
    lte(attendanceRolls.data, ate),
    subjectFilter,
  );
  const [days, rolls, members, absences, itinerarios, rulesOf] = await Promise.all([
    classifyRange(db, de, ate),
    db
      .select({
        data: attendanceRolls.data,
        disciplina: attendanceRolls.disciplina,
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(attendanceRolls)
      .where(rollsInMonth)
      .groupBy(attendanceRolls.data, attendanceRolls.disciplina),
    classMembershipsDuring(db, turmaId, de, ate),
    db
      .select({
        alunoId: attendanceAbsences.alunoId,
        data: attendanceRolls.data,
        total: sql<number>`count(*) filter (where not ${attendanceAbsences.abonada})`.mapWith(Number),
      })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .where(rollsInMonth)
      .groupBy(attendanceAbsences.alunoId, attendanceRolls.data),
    itinerariosOfClass(db, turmaId),
    yearRange(db, Number(mes.slice(0, 4))).then((range) => classRulesIn(db, range.anoLetivoId)),
  ]);
  const minima = rulesOf({ nivel: access.turma.nivel, serie: access.turma.serie }).minima;
  const rollsByDay = new Map<string, typeof rolls>();
  for (const row of rolls) rollsByDay.set(row.data, [...(rollsByDay.get(row.data) ?? []), row]);
  const lessons = (rows: typeof rolls) => rows.reduce((sum, row) => sum + row.total, 0);
  // Ensino Médio: a lesson of an itinerário is the student's on the days it was their itinerário
  // (tookSubjectOn, the rule of the boletim and of the student's record).
  const rollsOf = (alunoId: string, data: string) =>
    lessons(
      (rollsByDay.get(data) ?? []).filter((row) => tookSubjectOn(itinerarios, alunoId, row.disciplina, data)),
    );
  const absent = new Map(absences.map((row) => [`${row.alunoId}|${row.data}`, row.total]));
  const dates = eachDay(de, ate);
  // A student who left and came back has two memberships in the month: one line, both spans.
  const lines = new Map<
    string,
    { id: string; nome: string; matricula: string; spans: [string, string | null][] }
  >();
  for (const member of members) {
    const line = lines.get(member.id) ?? {
      id: member.id,
      nome: member.nome,
      matricula: member.matricula,
      spans: [],
    };
    line.spans.push([member.inicio, member.fim]);
    lines.set(member.id, line);
  }
  return {
    turma: {
      id: access.turma.id,
      nome: access.turma.nome,
      frequencia_modo: access.turma.frequenciaModo,
      frequencia_minima: minima,
    },
    mes,
    dias: days.map((day) => ({
      data: day.data,
      tipo: day.tipo,
      letivo: day.letivo,
      chamadas: lessons(rollsByDay.get(day.data) ?? []),
    })),
    alunos: [...lines.values()].map((line) => {
      let given = 0;
      let counted = 0;
      const faltas = dates.map((date) => {
        const rollsThatDay = rollsOf(line.id, date);
        const belongs = line.spans.some(([inicio, fim]) => date >= inicio && (fim === null || date <= fim));
        if (rollsThatDay === 0 || !belongs) return null;
        const value = absent.get(`${line.id}|${date}`) ?? 0;
        given += rollsThatDay;
        counted += value;
        return value;
      });
      return {
        id: line.id,
        nome: line.nome,
        matricula: line.matricula,
        faltas,
        aulas_dadas: given,
        total_faltas: counted,
        frequencia: attendancePercent(given, counted),
        abaixo_minimo: isBelowMinimum(given, counted, minima),
      };
    }),
  };
}
