/**
 * The diário de classe as the coordination, the secretaria and the teacher read it (ADR 0078, 0080): the
 * lessons given in a class — one subject, or the daily roll — in a period or month, each with what it
 * taught, and the avaliações of the range with their grades.
 */
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { periodName } from '../../../shared/calendar.schemas.js';
import { compareClasses } from '../../../shared/classes.schemas.js';
import {
  type ClassDiary,
  type ClassDiaryQuery,
  type DiaryClass,
  type DiaryClassesQuery,
} from '../../../shared/diario.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { MONTH_NAMES } from '../../../shared/mensalidades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { loadGrid } from '../attendance/index.js';
import { monthRange } from '../calendar/index.js';
import { diaryAccessOf, seesSubject, type ClassDiaryAccess, type Viewer } from '../classes/index.js';
import { diaryGradesOf } from '../grades/index.js';
import { classesInScope, scopeOf } from '../students/index.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';

/** The periods of the school years `where` picks, in order. */
async function periodsWhere(db: DbOrTx, where: SQL | undefined) {
  const rows = await db
    .select({
      id: schoolPeriods.id,
      numero: schoolPeriods.numero,
      inicio: schoolPeriods.inicio,
      fim: schoolPeriods.fim,
      tipo: schoolYears.tipoPeriodo,
    })
    .from(schoolPeriods)
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .where(where)
    .orderBy(asc(schoolPeriods.numero));
  return rows.map((row) => ({
    id: row.id,
    nome: periodName(row.tipo, row.numero),
    inicio: row.inicio,
    fim: row.fim,
  }));
}

/** The periods of the school year holding `date` (none outside a year). */
const periodsAround = (db: DbOrTx, date: string) =>
  periodsWhere(db, and(lte(schoolYears.inicio, date), gte(schoolYears.fim, date)));

type Period = Awaited<ReturnType<typeof periodsWhere>>[number];
const intervaloOf = (period: Period) => ({
  id: period.id,
  nome: period.nome,
  de: period.inicio,
  ate: period.fim,
});

/**
 * The range asked: a period, a month, or by default the period of today — for a class of another year
 * (its diary opened to print or check it), that year's periods and the last one begun, not today's empty
 * month — else today's month.
 */
async function rangeOf(db: DbOrTx, query: ClassDiaryQuery, anoLetivo: string) {
  if (query.periodo_id) {
    const [found] = await db
      .select({ inicio: schoolPeriods.inicio })
      .from(schoolPeriods)
      .where(eq(schoolPeriods.id, query.periodo_id));
    if (!found) throw notFound('Período não encontrado.');
    const periodos = await periodsAround(db, found.inicio);
    return { periodos, intervalo: intervaloOf(periodos.find((item) => item.id === query.periodo_id)!) };
  }
  const today = clock.today();
  if (!query.mes && anoLetivo !== today.slice(0, 4)) {
    const ofYear = await periodsWhere(db, eq(schoolYears.ano, Number(anoLetivo)));
    const last = ofYear.filter((item) => item.inicio <= today).at(-1) ?? ofYear[0];
    if (last) return { periodos: ofYear, intervalo: intervaloOf(last) };
  }
  const periodos = await periodsAround(db, query.mes ? `${query.mes}-01` : today);
  const current = query.mes ? undefined : periodos.find((item) => item.inicio <= today && today <= item.fim);
  if (current) return { periodos, intervalo: intervaloOf(current) };
  const mes = query.mes ?? today.slice(0, 7);
  const { de, ate } = monthRange(mes);
  const nome = `${MONTH_NAMES[Number(mes.slice(5, 7)) - 1] ?? mes} de ${mes.slice(0, 4)}`;
  return { periodos, intervalo: { id: null, nome, de, ate } };
}

/** The rolls of the diary: the subject's, every subject the user sees, or the daily roll. */
function rollsOfDiary(access: ClassDiaryAccess, disciplina: string | null, de: string, ate: string): SQL {
  const subjects: SQL | undefined =
    disciplina !== null
      ? eq(attendanceRolls.disciplina, disciplina)
      : access.turma.frequenciaModo === 'diaria' || access.visible === null
        ? undefined
        : access.visible.size === 0
          ? sql`false`
          : inArray(attendanceRolls.disciplina, [...access.visible]);
  return and(
    eq(attendanceRolls.turmaId, access.turma.id),
    gte(attendanceRolls.data, de),
    lte(attendanceRolls.data, ate),
    subjects,
  )!;
}

/** GET /api/frequencia/diario/turmas/:id — the lessons given with their content. */
export async function getClassDiary(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: ClassDiaryQuery,
): Promise<ClassDiary> {
  return (await readClassDiary(db, viewer, turmaId, query)).diary;
}

/** The diary and the user's access to the class (the PDF reads the students with it). */
export async function readClassDiary(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: ClassDiaryQuery,
): Promise<{ diary: ClassDiary; access: ClassDiaryAccess }> {
  const access = await diaryAccessOf(db, viewer, turmaId);
  const turma = access.turma;
  const daily = turma.frequenciaModo === 'diaria';
  if (daily && query.disciplina)
    throw badRequest('Esta turma faz uma chamada por dia: o diário é o do dia, sem disciplina.', [
      { path: 'disciplina', message: 'Chamada diária não tem disciplina' },
    ]);
  const grid = daily ? [] : await loadGrid(db, turmaId);
  const disciplinas = grid
    .filter((item) => seesSubject(access, item.disciplina))
    .map((item) => ({ nome: item.disciplina, professor_nome: item.professorNome }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  const disciplina = query.disciplina ?? null;
  if (disciplina !== null && !disciplinas.some((item) => item.nome === disciplina))
    throw notFound('Disciplina não encontrada nesta turma.');
  const { periodos, intervalo } = await rangeOf(db, query, turma.anoLetivo);
  const rowsQuery = db
    .select({
      id: attendanceRolls.id,
      data: attendanceRolls.data,
      aula: attendanceRolls.aula,
      disciplina: attendanceRolls.disciplina,
      conteudo: attendanceRolls.conteudo,
      atividades: attendanceRolls.atividades,
      registradoPorNome: attendanceRolls.registradoPorNome,
      faltas:
        sql<number>`count(${attendanceAbsences.id}) filter (where not ${attendanceAbsences.abonada})`.mapWith(
          Number,
        ),
    })
    .from(attendanceRolls)
    .leftJoin(attendanceAbsences, eq(attendanceAbsences.chamadaId, attendanceRolls.id))
    .where(rollsOfDiary(access, disciplina, intervalo.de, intervalo.ate))
    .groupBy(attendanceRolls.id)
    .orderBy(asc(attendanceRolls.data), asc(attendanceRolls.disciplina), asc(attendanceRolls.aula));
  const [rows, notas] = await Promise.all([rowsQuery, diaryGradesOf(db, access, disciplina, intervalo)]);
  const aulas = rows.map((row) => ({
    chamada_id: row.id,
    data: row.data,
    aula: row.aula,
    disciplina: row.disciplina,
    conteudo: row.conteudo,
    atividades: row.atividades,
    registrada_por: row.registradoPorNome,
    faltas: row.faltas,
  }));
  const diary: ClassDiary = {
    turma: {
      id: turma.id,
      nome: turma.nome,
      serie: turma.serie,
      turno: turma.turno,
      frequencia_modo: turma.frequenciaModo,
    },
    disciplinas,
    disciplina,
    professor_nome: daily
      ? access.responsavelNome
      : (disciplinas.find((item) => item.nome === disciplina)?.professor_nome ?? null),
    periodos,
    intervalo,
    aulas,
    sem_conteudo: aulas.filter((aula) => aula.conteudo === null).length,
    notas,
  };
  return { diary, access };
}

/** 'de 02/02/2026 a 17/04/2026', the range as the diary's header says it. */
export const rangeText = (intervalo: ClassDiary['intervalo']) =>
  `de ${formatDate(intervalo.de)} a ${formatDate(intervalo.ate)}`;

/**
 * GET /api/frequencia/diario/turmas — the classes whose diary the user may open, in the school's order: the
 * active ones, or every class of a past `ano` (concluded or not: the diary is the year's record).
 */
export async function listDiaryClasses(
  db: DbOrTx,
  viewer: Viewer,
  query: DiaryClassesQuery = {},
): Promise<DiaryClass[]> {
  const scope = await scopeOf(db, viewer);
  if (scope.kind === 'guardian' || scope.kind === 'student') return [];
  const which = query.ano ? eq(classes.anoLetivo, query.ano) : eq(classes.status, 'ativo');
  const rows = await db
    .select()
    .from(classes)
    .where(and(which, classesInScope(scope)));
  return rows.sort(compareClasses).map((row) => ({
    id: row.id,
    nome: row.nome,
    ano_letivo: row.anoLetivo,
    frequencia_modo: row.frequenciaModo,
  }));
}
