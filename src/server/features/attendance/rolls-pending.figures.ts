/**
 * The rolls still to take in a span of days (a period about to be closed or published): per class, the
 * lessons — or, in a class with a daily roll, the days — of its school days up to today without a roll.
 * Each day is the roll list's own answer for that day (`rollsOfDate` over the classes, grids, contexts
 * and access of `rollClassesIn`, the whole school's scope, as the secretaria sees it), so the check and
 * the roll screen never disagree; only the reads are made once for the whole span, not once a day.
 */
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { compareClasses } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { teachers } from '../../db/schema/teachers.js';
import { clock } from '../../lib/clock.js';
import { classifyRange } from '../calendar/index.js';
import { dayContextsOver, rollsOfDate } from './attendance.service.js';
import { rollAccessOf, rollClassesOfYears, rollGridsOf } from './roll-read.service.js';

export interface PendingRolls {
  turma_id: string;
  turma_nome: string;
  /** Lessons (or days, with a daily roll) without a roll. */
  aulas: number;
}

const SCHOOL = { kind: 'all' } as const;

/** The classes with rolls not taken from `de` to `ate` (today at the latest), in the school's order. */
export async function rollsPendingBetween(db: DbOrTx, de: string, ate: string): Promise<PendingRolls[]> {
  const today = clock.today();
  const last = ate < today ? ate : today;
  if (last < de) return [];
  const days = (await classifyRange(db, de, last)).filter((day) => day.letivo);
  if (days.length === 0) return [];
  // Each day's classes (`rollClassesOfYears`), for the years of all the days in one read.
  const anos = [...new Set(days.map((day) => day.data.slice(0, 4)))];
  const rows = await db
    .select({ turma: classes, responsavel: teachers.nome })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.professorResponsavelId))
    .where(rollClassesOfYears(anos));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.turma.id);
  const [grids, taken, contexts] = await Promise.all([
    rollGridsOf(db, ids),
    db
      .select({
        turmaId: attendanceRolls.turmaId,
        data: attendanceRolls.data,
        disciplina: attendanceRolls.disciplina,
        aula: attendanceRolls.aula,
      })
      .from(attendanceRolls)
      .where(
        and(
          inArray(attendanceRolls.turmaId, ids),
          gte(attendanceRolls.data, days[0]!.data),
          lte(attendanceRolls.data, days.at(-1)!.data),
        ),
      ),
    dayContextsOver(
      db,
      days.map((day) => day.data),
      ids,
    ),
  ]);
  const takenOn = new Map<string, { disciplina: string | null; aula: number }[]>();
  for (const roll of taken) {
    const key = `${roll.turmaId}|${roll.data}`;
    const list = takenOn.get(key);
    if (list) list.push(roll);
    else takenOn.set(key, [roll]);
  }
  const pending = new Map<string, PendingRolls & { serie: string; nome: string }>();
  for (const { turma, responsavel } of rows) {
    const grid = grids.filter((item) => item.turmaId === turma.id);
    const access = rollAccessOf(SCHOOL, turma, responsavel, grid);
    let aulas = 0;
    for (const { data } of days) {
      if (turma.anoLetivo !== data.slice(0, 4)) continue;
      const context = contexts.get(data)!.get(turma.id)!;
      const lessons = rollsOfDate(access, grid, data, context, takenOn.get(`${turma.id}|${data}`) ?? []);
      aulas += lessons.filter((lesson) => lesson.pendente).length;
    }
    if (aulas > 0)
      pending.set(turma.id, {
        turma_id: turma.id,
        turma_nome: turma.nome,
        nome: turma.nome,
        serie: turma.serie,
        aulas,
      });
  }
  return [...pending.values()]
    .sort(compareClasses)
    .map(({ turma_id, turma_nome, aulas }) => ({ turma_id, turma_nome, aulas }));
}
