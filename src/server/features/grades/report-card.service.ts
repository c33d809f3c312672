import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  annualAverage,
  displayGrade,
  overallSituation,
  subjectSituation,
  tenthsToNumber,
  type AveragingRules,
  type Situacao,
} from '../../../shared/averages.js';
import { attendancePercent, isBelowMinimum } from '../../../shared/attendance.schemas.js';
import { periodOfDate } from '../../../shared/calendar.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type {
  CouncilDecision,
  CouncilInput,
  PeriodState,
  ReportCard,
  ReportCardSubject,
} from '../../../shared/grades.schemas.js';
import { disciplinas as subjectCatalogue } from '../../../shared/teachers.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { classMemberships, classSubjects } from '../academics/academics.table.js';
import { diaryAccessOf, type Viewer } from '../academics/academics.scope.js';
import { attendanceTallies, classYear, type AttendanceTally } from '../academics/attendance.figures.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { resolveYear } from '../calendar/school-years.service.js';
import { schoolPeriods, type SchoolPeriodRow, type SchoolYearRow } from '../calendar/calendar.table.js';
import { classes, type ClassRow } from '../classes/classes.table.js';
import { scopeOf, studentsInScope } from '../students/students.scope.js';
import { students } from '../students/students.table.js';
import {
  assessments,
  councilDecisions,
  grades,
  yearClosures,
  type CouncilDecisionRow,
} from './grades.table.js';
import { rulesForYear } from './academic-settings.service.js';
import { periodAverage } from './grades-grid.service.js';
import { tenthsOf } from './grades.service.js';
import { periodStatesFor } from './period-state.js';
import { groupBy } from '../../../shared/group-by.js';

/**
 * The boletim: subjects × periods of a student's year with the period averages, the annual average,
 * absences and frequency, and the final situation (the rules', or the conselho de classe's). A
 * guardian sees only the published periods of their own children — and debt changes nothing
 * (Lei 9.870/1999 art. 6): no finance table is read here.
 */

const subjectOrder = new Map<string, number>(subjectCatalogue.map((name, index) => [name, index]));
const studentNotFound = () => notFound('Aluno não encontrado.');

function toDecision(row: CouncilDecisionRow, ano: number): CouncilDecision {
  return {
    id: row.id,
    aluno_id: row.alunoId,
    ano,
    disciplina: row.disciplina,
    resultado: row.resultado,
    motivo: row.motivo,
    por: row.porNome,
    em: row.em.toISOString(),
  };
}

/**
 * The class of each student in that year: the last membership of a class of the year. One query for
 * the whole list.
 */
async function classesOfYear(
  db: DbOrTx,
  alunoIds: readonly string[],
  ano: number,
): Promise<Map<string, ClassRow>> {
  const rows = await db
    .select({ alunoId: classMemberships.alunoId, turma: classes })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(and(inArray(classMemberships.alunoId, [...alunoIds]), eq(classes.anoLetivo, String(ano))))
    .orderBy(desc(classMemberships.inicio));
  const result = new Map<string, ClassRow>();
  for (const row of rows) if (!result.has(row.alunoId)) result.set(row.alunoId, row.turma);
  return result;
}

type CardStudent = Pick<ReportCard['aluno'], 'id' | 'nome' | 'matricula'>;

/** GET /api/boletim/:id — one student's boletim (404 outside the viewer's scope). */
export async function buildReportCard(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  query: { ano?: number | undefined },
): Promise<ReportCard> {
  // Without a year asked for, the year of the student's class (issue 29: a 2027 student's record
  // offered to open 2026); the scope check is buildReportCards'.
  let ano = query.ano;
  if (ano === undefined) {
    const [row] = await db
      .select({ anoLetivo: classes.anoLetivo })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.turmaId))
      .where(eq(students.id, alunoId));
    ano = classYear(row?.anoLetivo ?? null);
  }
  const [card] = await buildReportCards(db, viewer, [alunoId], { ano });
  if (!card) throw studentNotFound();
  return card;
}

/** Students read per batch of a class: bounded `in (…)` lists, whatever the size of the school. */
const BATCH = 200;

/**
 * The boletins of a list of students, in the list's order (those outside the viewer's scope are left
 * out). The queries run once per class of the year, not once per student: a school's 5,000 boletins
 * (closing the year, the rematrícula, the school-wide PDF) cost a few hundred queries.
 */
export async function buildReportCards(
  db: DbOrTx,
  viewer: Viewer,
  alunoIds: readonly string[],
  query: { ano?: number | undefined },
): Promise<ReportCard[]> {
  if (alunoIds.length === 0) return [];
  const scope = await scopeOf(db, viewer);
  const found: CardStudent[] = [];
  for (let index = 0; index < alunoIds.length; index += BATCH * 5)
    found.push(
      ...(await db
        .select({ id: students.id, nome: students.nome, matricula: students.matricula })
        .from(students)
        .where(and(inArray(students.id, alunoIds.slice(index, index + BATCH * 5)), studentsInScope(scope)))),
    );
  if (found.length === 0) return [];
  const year = await resolveYear(db, query.ano);
  const ano = year?.ano ?? query.ano ?? Number(clock.today().slice(0, 4));
  // A closed year is computed with the rules it was closed with; an open one with today's.
  const rules = await rulesForYear(db, year?.id);
  const guardian = scope.kind === 'guardian';
  const classOf = new Map<string, ClassRow>();
  for (let index = 0; index < found.length; index += BATCH * 5) {
    const part = found.slice(index, index + BATCH * 5).map((student) => student.id);
    for (const [id, turma] of await classesOfYear(db, part, ano)) classOf.set(id, turma);
  }
  const cards = new Map<string, ReportCard>();
  for (const student of found) {
    const turma = classOf.get(student.id) ?? null;
    cards.set(student.id, {
      aluno: student,
      turma: turma ? { id: turma.id, nome: turma.nome, serie: turma.serie } : null,
      ano,
      ano_letivo_id: year?.id ?? null,
      ano_encerrado: false,
      escala: rules.escala,
      media_aprovacao: tenthsToNumber(rules.mediaAprovacao),
      periodos: [],
      disciplinas: [],
      frequencia: { aulas_dadas: 0, faltas: 0, frequencia: null, por_dia: false },
      situacao: 'cursando',
      situacao_calculada: null,
      conselho: null,
      somente_publicados: guardian,
    });
  }
  if (year) {
    const yearWide = await yearInputs(db, year);
    const byClass = groupBy(
      found.map((student) => student.id),
      (id) => classOf.get(id)?.id ?? null,
    );
    for (const [turmaId, ids] of byClass) {
      const turma = turmaId === null ? null : classOf.get(ids[0]!)!;
      // Between classes, other requests get their turn (5,000 boletins on PGlite take a while).
      if (byClass.size > 1) await yieldToEventLoop();
      const classWide = await classInputs(db, viewer, yearWide, turma);
      for (let index = 0; index < ids.length; index += BATCH) {
        const part = ids.slice(index, index + BATCH);
        const perStudent = await studentInputs(db, year, yearWide.periods, part);
        for (const id of part)
          cards.set(
            id,
            composeReportCard(
              cards.get(id)!,
              year,
              yearWide,
              classWide,
              perStudent.get(id)!,
              rules,
              guardian,
            ),
          );
      }
    }
  }
  return alunoIds.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
}

interface YearInputs {
  periods: SchoolPeriodRow[];
  closed: boolean;
}

async function yearInputs(db: DbOrTx, year: SchoolYearRow): Promise<YearInputs> {
  const [periods, closure] = await Promise.all([
    db
      .select()
      .from(schoolPeriods)
      .where(eq(schoolPeriods.anoLetivoId, year.id))
      .orderBy(asc(schoolPeriods.numero)),
    db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, year.id)),
  ]);
  return { periods, closed: closure.length > 0 };
}

interface ClassInputs {
  /** The class takes the roll once a day (Fundamental I): absences are per day, not per subject. */
  daily: boolean;
  states: Map<string, PeriodState>;
  /** The class's grid: its subjects show even before any assessment. */
  grid: string[];
  /** The subjects a teacher sees (null: every one). */
  visible: Set<string> | null;
}

async function classInputs(
  db: DbOrTx,
  viewer: Viewer,
  { periods }: YearInputs,
  turma: ClassRow | null,
): Promise<ClassInputs> {
  const [states, grid, visible] = await Promise.all([
    periodStatesFor(db, periods, turma?.id ?? null),
    turma
      ? db
          .select({ disciplina: classSubjects.disciplina })
          .from(classSubjects)
          .where(eq(classSubjects.turmaId, turma.id))
      : Promise.resolve([]),
    viewer.nivel === 'professor' && turma
      ? diaryAccessOf(db, viewer, turma.id).then((access) => access.visible)
      : Promise.resolve(null),
  ]);
  return {
    daily: turma?.frequenciaModo === 'diaria',
    states,
    grid: grid.map((row) => row.disciplina),
    visible,
  };
}

type GradeRow = Pick<typeof assessments.$inferSelect, 'disciplina' | 'periodoId' | 'tipo' | 'peso'> & {
  valor: string | null;
};

interface StudentInputs {
  decisions: CouncilDecisionRow[];
  attendance: AttendanceTally;
  /** The student's assessments of the year (every class they belonged to), with their grades. */
  rows: GradeRow[];
}

async function studentInputs(
  db: DbOrTx,
  year: SchoolYearRow,
  periods: readonly SchoolPeriodRow[],
  alunoIds: string[],
): Promise<Map<string, StudentInputs>> {
  const [decisions, attendance, rows] = await Promise.all([
    db
      .select()
      .from(councilDecisions)
      .where(and(inArray(councilDecisions.alunoId, alunoIds), eq(councilDecisions.anoLetivoId, year.id))),
    attendanceTallies(db, alunoIds, { de: year.inicio, ate: year.fim }),
    gradeRowsOf(db, periods, alunoIds),
  ]);
  const result = new Map<string, StudentInputs>(
    alunoIds.map((id) => [id, { decisions: [], attendance: attendance.get(id)!, rows: [] }]),
  );
  for (const row of decisions) result.get(row.alunoId)!.decisions.push(row);
  for (const row of rows) result.get(row.alunoId)!.rows.push(row);
  return result;
}

/**
 * Each student's assessments of the year in every class they belonged to, with their grades. Three
 * index-friendly reads (memberships, the assessments of those classes, the students' grades) joined
 * here: one join in the database had the planner read every grade of the school for each class.
 */
async function gradeRowsOf(
  db: DbOrTx,
  periods: readonly SchoolPeriodRow[],
  alunoIds: string[],
): Promise<(GradeRow & { alunoId: string })[]> {
  if (periods.length === 0) return [];
  const memberships = await db
    .selectDistinct({ alunoId: classMemberships.alunoId, turmaId: classMemberships.turmaId })
    .from(classMemberships)
    .where(inArray(classMemberships.alunoId, alunoIds));
  if (memberships.length === 0) return [];
  const columns = await db
    .select({
      id: assessments.id,
      turmaId: assessments.turmaId,
      disciplina: assessments.disciplina,
      periodoId: assessments.periodoId,
      tipo: assessments.tipo,
      peso: assessments.peso,
    })
    .from(assessments)
    .where(
      and(
        inArray(
          assessments.periodoId,
          periods.map((period) => period.id),
        ),
        inArray(assessments.turmaId, [...new Set(memberships.map((row) => row.turmaId))]),
      ),
    );
  if (columns.length === 0) return [];
  const given = await db
    .select({ avaliacaoId: grades.avaliacaoId, alunoId: grades.alunoId, valor: grades.valor })
    .from(grades)
    .where(
      and(
        inArray(grades.alunoId, alunoIds),
        inArray(
          grades.avaliacaoId,
          columns.map((column) => column.id),
        ),
      ),
    );
  const valueOf = new Map(given.map((row) => [`${row.avaliacaoId}:${row.alunoId}`, row.valor]));
  const byClass = groupBy(columns, (column) => column.turmaId);
  return memberships.flatMap((membership) =>
    (byClass.get(membership.turmaId) ?? []).map((column) => ({
      alunoId: membership.alunoId,
      disciplina: column.disciplina,
      periodoId: column.periodoId,
      tipo: column.tipo,
      peso: column.peso,
      valor: valueOf.get(`${column.id}:${membership.alunoId}`) ?? null,
    })),
  );
}

/** One boletim from what was read: no query here. */
function composeReportCard(
  base: ReportCard,
  year: SchoolYearRow,
  { periods, closed: yearClosed }: YearInputs,
  { daily, states, grid, visible }: ClassInputs,
  { decisions, attendance, rows }: StudentInputs,
  rules: AveragingRules,
  guardian: boolean,
): ReportCard {
  // Daily rolls only (or none yet in a daily class): absences are days, and no subject has any of its
  // own — the boletim says so ('—') instead of a 0 under every subject. A student who also had rolls
  // per lesson (a transfer mid-year) keeps the per-subject counts.
  const subjectRolls = [...attendance.given.keys()].some((key) => key !== null);
  const porDia = !subjectRolls && (attendance.given.has(null) || daily);
  const shown = periods.filter((period) => !guardian || states.get(period.id)?.publicado);
  const shownIds = new Set(shown.map((period) => period.id));
  // The final result needs every period: a guardian who sees only some (the year closed before the
  // school published them all) gets the running situation of those, never a final one computed from them.
  const final = yearClosed && shown.length === periods.length;
  const subjects = new Set<string>([...grid, ...rows.map((row) => row.disciplina)]);
  // Every subject counts for the final situation; a teacher is shown only the subjects they see.
  const names = [...subjects].sort(
    (a, b) => (subjectOrder.get(a) ?? 99) - (subjectOrder.get(b) ?? 99) || a.localeCompare(b, 'pt-BR'),
  );
  const subjectDecision = new Map(
    decisions.filter((row) => row.disciplina !== null).map((row) => [row.disciplina!, row]),
  );
  const overallDecision = decisions.find((row) => row.disciplina === null) ?? null;

  const allSubjects: ReportCardSubject[] = names.map((disciplina) => {
    const perPeriod = periods.map((period) => {
      const state = states.get(period.id)!;
      const visibleHere = shownIds.has(period.id);
      const items = rows
        .filter((row) => row.disciplina === disciplina && row.periodoId === period.id)
        .map((row) => ({ tipo: row.tipo, peso: tenthsOf(row.peso)!, valor: tenthsOf(row.valor) }));
      const average = visibleHere ? periodAverage(items, rules) : { media: null, recuperacao: null };
      const faltas = porDia
        ? null
        : attendance.counted.filter(
            (absence) => absence.disciplina === disciplina && periodOfDate(periods, absence.data) === period,
          ).length;
      return {
        numero: period.numero,
        nome: periodName(year.tipoPeriodo, period.numero),
        publicado: state.publicado,
        fechado: state.fechado,
        media: average.media === null ? null : tenthsToNumber(average.media),
        media_texto: displayGrade(average.media, rules),
        recuperacao: average.recuperacao === null ? null : tenthsToNumber(average.recuperacao),
        recuperacao_texto: displayGrade(average.recuperacao, rules),
        faltas,
        tenths: average.media,
      };
    });
    const annual = annualAverage(
      perPeriod.map((period) => ({ numero: period.numero, media: period.tenths })),
      rules,
    );
    const complete = perPeriod.every((period) => period.tenths !== null);
    const computed = subjectSituation(annual, complete, final, rules.mediaAprovacao);
    const decision = subjectDecision.get(disciplina) ?? null;
    const given = attendance.given.get(disciplina);
    return {
      disciplina,
      periodos: perPeriod.map((period) => ({
        numero: period.numero,
        nome: period.nome,
        publicado: period.publicado,
        fechado: period.fechado,
        media: period.media,
        media_texto: period.media_texto,
        recuperacao: period.recuperacao,
        recuperacao_texto: period.recuperacao_texto,
        faltas: period.faltas,
      })),
      media_anual: annual === null ? null : tenthsToNumber(annual),
      media_anual_texto: displayGrade(annual, rules),
      faltas: porDia ? null : perPeriod.reduce((sum, period) => sum + (period.faltas ?? 0), 0),
      frequencia:
        given === undefined || porDia
          ? null
          : attendancePercent(
              given,
              attendance.counted.filter((absence) => absence.disciplina === disciplina).length,
            ),
      situacao: decision ? decision.resultado : computed,
      situacao_calculada: decision ? computed : null,
      conselho: decision ? toDecision(decision, year.ano) : null,
    };
  });
  const totalGiven = [...attendance.given.values()].reduce((sum, total) => sum + total, 0);
  const totalCounted = attendance.counted.length;
  const computedOverall = overallSituation(
    allSubjects.map((item) => item.situacao),
    isBelowMinimum(totalGiven, totalCounted) && (yearClosed || !guardian || shown.length === periods.length),
    rules,
  );
  return {
    ...base,
    ano_encerrado: yearClosed,
    periodos: periods.map((period) => ({
      numero: period.numero,
      nome: periodName(year.tipoPeriodo, period.numero),
      publicado: states.get(period.id)!.publicado,
    })),
    disciplinas: allSubjects.filter((item) => visible === null || visible.has(item.disciplina)),
    frequencia: {
      aulas_dadas: totalGiven,
      faltas: totalCounted,
      frequencia: attendancePercent(totalGiven, totalCounted),
      por_dia: porDia,
    },
    situacao: overallDecision ? overallDecision.resultado : computedOverall,
    situacao_calculada: overallDecision ? computedOverall : null,
    conselho: overallDecision ? toDecision(overallDecision, year.ano) : null,
  };
}

/** The final situation of each student of a list (year closing, rematrícula): the boletim's. */
export async function situationsOf(
  db: DbOrTx,
  viewer: Viewer,
  alunoIds: readonly string[],
  ano: number,
): Promise<Map<string, Situacao>> {
  const cards = await buildReportCards(db, viewer, alunoIds, { ano });
  return new Map(cards.map((card) => [card.aluno.id, card.situacao]));
}

/**
 * POST /api/conselho/:aluno_id — the conselho de classe's decision on a subject (or the overall
 * result), with its reason; a new decision replaces the previous one. Audited.
 */
export async function recordCouncilDecision(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
  input: CouncilInput,
  actor: Actor,
): Promise<ReportCard> {
  const [student] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.id, alunoId));
  if (!student) throw studentNotFound();
  const year = await resolveYear(ctx.db, input.ano);
  if (!year)
    throw badRequest('Não há ano letivo cadastrado para registrar a decisão.', [
      { path: 'ano', message: 'Ano letivo não encontrado' },
    ]);
  await ctx.db.transaction(async (tx) => {
    const values = {
      alunoId,
      anoLetivoId: year.id,
      disciplina: input.disciplina ?? null,
      resultado: input.resultado,
      motivo: input.motivo,
      porId: actor.id,
      porNome: actor.nome,
      em: clock.now(),
    };
    await tx
      .insert(councilDecisions)
      .values(values)
      .onConflictDoUpdate({
        target: [councilDecisions.alunoId, councilDecisions.anoLetivoId, councilDecisions.disciplina],
        set: {
          resultado: values.resultado,
          motivo: values.motivo,
          porId: values.porId,
          porNome: values.porNome,
          em: values.em,
        },
      });
    await recordAudit(tx, actor, {
      action: 'decisao_conselho',
      entity: 'aluno',
      entityId: alunoId,
      details: {
        ano: year.ano,
        disciplina: input.disciplina ?? null,
        resultado: input.resultado,
        motivo: input.motivo,
      },
    });
  });
  return buildReportCard(ctx.db, viewer, alunoId, { ano: year.ano });
}
