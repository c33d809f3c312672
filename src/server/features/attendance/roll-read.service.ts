/** Reading the roll call: one roll (its day, lessons, students and absences) and the user's classes for the roll of a day. */
import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { type Roll, type RollClass, type RollStudent } from '../../../shared/attendance.schemas.js';
import { compareClasses } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { classesInScope, scopeOf, type RecordsScope } from '../students/index.js';
import { teachers } from '../../db/schema/teachers.js';
import { diaryAccessOf, seesSubject, type ClassDiaryAccess, type Viewer } from '../classes/index.js';
import { situacaoOf } from './attendance.figures.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { itinerarioStudentsOf } from '../curriculum/index.js';
import {
  blockOf,
  changeBlockOf,
  dayContextOf,
  dayContextsOf,
  gradePendenciaOf,
  loadGrid,
  membersOn,
  noLessonMessage,
  rollsOfDate,
  type DayContext,
  type GridRow,
  type Member,
} from './attendance.service.js';

/** GET /api/frequencia/turmas/:id — the roll of a date (everyone present until marked absent). */
export async function getRoll(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: { data?: string | undefined; disciplina?: string | undefined; aula?: number | undefined },
): Promise<Roll> {
  const access = await diaryAccessOf(db, viewer, turmaId);
  return buildRoll(db, access, query.data ?? clock.today(), query.disciplina, query.aula);
}

export async function buildRoll(
  db: DbOrTx,
  access: ClassDiaryAccess,
  date: string,
  askedSubject: string | undefined,
  askedLesson: number | undefined,
  known: { grid?: GridRow[] | undefined; context?: DayContext; members?: Member[] } = {},
): Promise<Roll> {
  const turma = access.turma;
  const [grid, context, rollsOfDay, members] = await Promise.all([
    // A daily roll has one lesson, whatever the grid.
    known.grid ?? (turma.frequenciaModo === 'diaria' ? [] : loadGrid(db, turma.id)),
    known.context ?? dayContextOf(db, date, turma.id),
    db
      .select()
      .from(attendanceRolls)
      .where(and(eq(attendanceRolls.turmaId, turma.id), eq(attendanceRolls.data, date))),
    known.members ?? membersOn(db, turma.id, date),
  ]);
  const taken = rollsOfDay.map((row) => ({ disciplina: row.disciplina, aula: row.aula }));
  const aulas = rollsOfDate(access, grid, date, context, taken);
  const pendencia = gradePendenciaOf(turma.frequenciaModo, grid);
  let disciplina: string | null = null;
  let aula = 0;
  if (turma.frequenciaModo === 'por_aula') {
    if (askedSubject !== undefined) {
      if (!seesSubject(access, askedSubject)) throw notFound('Aula não encontrada.');
      disciplina = askedSubject;
      aula = askedLesson && askedLesson > 0 ? askedLesson : 1;
    } else {
      const first =
        aulas.find((lesson) => lesson.pendente) ??
        aulas.find((lesson) => lesson.pode_registrar && !lesson.registrada) ??
        aulas[0];
      disciplina = first?.disciplina ?? null;
      aula = first?.aula ?? 0;
    }
  }
  const roll = rollsOfDay.find((row) => row.disciplina === disciplina && row.aula === aula);
  // A lesson of an itinerário formativo calls only the students whose itinerário it was that day (Ensino
  // Médio): one who changed afterwards is still on the rolls of before the change.
  const only = await itinerarioStudentsOf(db, turma.id, disciplina, date);
  const absences = roll
    ? await db.select().from(attendanceAbsences).where(eq(attendanceAbsences.chamadaId, roll.id))
    : [];
  const byStudent = new Map(absences.map((row) => [row.alunoId, row]));
  const alunos: RollStudent[] = members
    .filter((member) => only === null || only.has(member.id))
    .map((member) => {
      const falta = byStudent.get(member.id);
      return {
        id: member.id,
        nome: member.nome,
        matricula: member.matricula,
        presente: !falta,
        falta: falta
          ? {
              id: falta.id,
              justificativa: falta.justificativa,
              situacao: situacaoOf(falta),
              abono_motivo: falta.abonoMotivo,
            }
          : null,
      };
    });
  return {
    turma: {
      id: turma.id,
      nome: turma.nome,
      serie: turma.serie,
      turno: turma.turno,
      frequencia_modo: turma.frequenciaModo,
    },
    data: date,
    dia: context.day,
    periodo: context.period,
    bloqueio:
      blockOf(
        access,
        date,
        context,
        grid,
        { disciplina, aula, taken: roll !== undefined },
        noLessonMessage(pendencia, date),
      )?.message ?? null,
    grade_pendente: pendencia,
    aulas,
    disciplina,
    aula,
    chamada: roll
      ? {
          id: roll.id,
          registrada_em: roll.createdAt.toISOString(),
          atualizada_em: roll.updatedAt.toISOString(),
          registrada_por: roll.registradoPorNome,
          version: roll.version,
          conteudo: roll.conteudo,
          atividades: roll.atividades,
          // A roll on a day that stopped being letivo can still go: removing it is how that is fixed.
          pode_remover: changeBlockOf(access, context, disciplina) === null,
        }
      : null,
    alunos,
  };
}

/**
 * GET /api/frequencia/turmas — the user's classes for the roll call, those with lessons of the day first,
 * then in the school's order (the other screens' order).
 */
export async function listRollClasses(
  db: DbOrTx,
  viewer: Viewer,
  query: { data?: string | undefined; ano?: number | undefined },
): Promise<RollClass[]> {
  return rollClassesIn(db, await scopeOf(db, viewer), query);
}

/** `listRollClasses` for a records scope: the whole school's (`{ kind: 'all' }`) for the period's check. */
export async function rollClassesIn(
  db: DbOrTx,
  scope: RecordsScope,
  query: { data?: string | undefined; ano?: number | undefined },
): Promise<RollClass[]> {
  const date = query.data ?? clock.today();
  if (scope.kind === 'guardian' || scope.kind === 'student') return [];
  const rows = await db
    .select({ turma: classes, responsavel: teachers.nome })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.professorResponsavelId))
    .where(
      and(
        query.ano === undefined
          ? rollClassesOfYears([date.slice(0, 4)])
          : and(eq(classes.anoLetivo, String(query.ano)), inArray(classes.status, ['ativo', 'concluido'])),
        classesInScope(scope),
      ),
    );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.turma.id);
  const [contexts, grids, taken, counts] = await Promise.all([
    dayContextsOf(db, date, ids),
    rollGridsOf(db, ids),
    db
      .select({
        turmaId: attendanceRolls.turmaId,
        disciplina: attendanceRolls.disciplina,
        aula: attendanceRolls.aula,
      })
      .from(attendanceRolls)
      .where(and(inArray(attendanceRolls.turmaId, ids), eq(attendanceRolls.data, date))),
    db
      .select({ turmaId: classMemberships.turmaId, total: sql<number>`count(*)`.mapWith(Number) })
      .from(classMemberships)
      .where(
        and(
          inArray(classMemberships.turmaId, ids),
          lte(classMemberships.inicio, date),
          or(isNull(classMemberships.fim), gte(classMemberships.fim, date)),
        ),
      )
      .groupBy(classMemberships.turmaId),
  ]);
  const result = rows.map(({ turma, responsavel }): RollClass => {
    const grid = grids.filter((item) => item.turmaId === turma.id);
    const access = rollAccessOf(scope, turma, responsavel, grid);
    const context = contexts.get(turma.id)!;
    const aulas = rollsOfDate(
      access,
      grid,
      date,
      context,
      taken.filter((roll) => roll.turmaId === turma.id),
    );
    return {
      id: turma.id,
      nome: turma.nome,
      serie: turma.serie,
      turno: turma.turno,
      frequencia_modo: turma.frequenciaModo,
      alunos: counts.find((count) => count.turmaId === turma.id)?.total ?? 0,
      grade_pendente: gradePendenciaOf(turma.frequenciaModo, grid),
      dia: context.day,
      aulas,
      pendentes: aulas.filter((lesson) => lesson.pendente).length,
    };
  });
  return result.sort(
    (a, b) =>
      Number(b.aulas.some((lesson) => lesson.pode_registrar)) -
        Number(a.aulas.some((lesson) => lesson.pode_registrar)) ||
      b.pendentes - a.pendentes ||
      compareClasses(a, b),
  );
}

/**
 * The classes with rolls on days of these calendar years: a day's classes are the active ones of its
 * year (a school year lies within its calendar year): next year's classes, opened in December, have no
 * roll to take in this one.
 */
export function rollClassesOfYears(anos: readonly string[]): SQL {
  return and(eq(classes.status, 'ativo'), inArray(classes.anoLetivo, [...anos]))!;
}

export type RollGridRow = GridRow & { turmaId: string; professorId: string | null };

/** The grade curricular of these classes, as the roll reads it (one read). */
export async function rollGridsOf(db: DbOrTx, turmaIds: readonly string[]): Promise<RollGridRow[]> {
  if (turmaIds.length === 0) return [];
  return db
    .select({
      turmaId: classSubjects.turmaId,
      disciplina: classSubjects.disciplina,
      aulasSemanais: classSubjects.aulasSemanais,
      diasSemana: classSubjects.diasSemana,
      professorId: classSubjects.professorId,
      professorNome: teachers.nome,
    })
    .from(classSubjects)
    .leftJoin(teachers, eq(teachers.id, classSubjects.professorId))
    .where(inArray(classSubjects.turmaId, [...turmaIds]));
}

/**
 * The access the roll list gives a records scope in a class: the school's (`all`) takes every roll; a
 * teacher takes their subjects' rolls and sees every subject of a class they are responsible for.
 */
export function rollAccessOf(
  scope: RecordsScope,
  turma: ClassRow,
  responsavel: string | null,
  grid: readonly RollGridRow[],
): ClassDiaryAccess {
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  const teaches =
    scope.kind === 'all'
      ? null
      : new Set(grid.filter((item) => item.professorId === teacherId).map((item) => item.disciplina));
  return {
    turma,
    responsavelNome: responsavel,
    scope,
    isAdmin: scope.kind === 'all',
    isTeacher: scope.kind === 'teacher',
    visible: scope.kind === 'all' || turma.professorResponsavelId === teacherId ? null : teaches,
    teaches,
    takesDailyRoll: true,
  };
}
