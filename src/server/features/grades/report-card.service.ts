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
import { periodName } from '../../../shared/calendar.schemas.js';
import type {
  CouncilDecision,
  CouncilInput,
  ReportCard,
  ReportCardSubject,
} from '../../../shared/grades.schemas.js';
import { disciplinas as subjectCatalogue } from '../../../shared/teachers.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { classMemberships, classSubjects } from '../academics/academics.table.js';
import { diaryAccessOf, type Viewer } from '../academics/academics.scope.js';
import { getStudentAttendance } from '../academics/attendance.figures.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { resolveYear } from '../calendar/calendar.service.js';
import { schoolPeriods, type SchoolYearRow } from '../calendar/calendar.table.js';
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
import { periodAverage, rulesNow, tenthsOf } from './grades.service.js';
import { periodStatesFor } from './period-state.js';

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

/** The class of the student in that year: the last membership of a class of the year. */
async function classOfYear(db: DbOrTx, alunoId: string, ano: number): Promise<ClassRow | null> {
  const [row] = await db
    .select({ turma: classes })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(and(eq(classMemberships.alunoId, alunoId), eq(classes.anoLetivo, String(ano))))
    .orderBy(desc(classMemberships.inicio))
    .limit(1);
  return row?.turma ?? null;
}

export interface ReportCardOptions {
  /** Precomputed for a whole class (PDF of 40 boletins): skip re-reading them per student. */
  rules?: AveragingRules;
}

export async function buildReportCard(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  query: { ano?: number | undefined },
  options: ReportCardOptions = {},
): Promise<ReportCard> {
  const scope = await scopeOf(db, viewer);
  const [student] = await db
    .select({
      id: students.id,
      nome: students.nome,
      matricula: students.matricula,
      turmaId: students.turmaId,
    })
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!student) throw studentNotFound();
  const year = await resolveYear(db, query.ano);
  const ano = year?.ano ?? query.ano ?? Number(clock.today().slice(0, 4));
  const rules = options.rules ?? (await rulesNow(db));
  const turma = await classOfYear(db, alunoId, ano);
  const guardian = scope.kind === 'guardian';
  const empty: ReportCard = {
    aluno: { id: student.id, nome: student.nome, matricula: student.matricula },
    turma: turma ? { id: turma.id, nome: turma.nome, serie: turma.serie } : null,
    ano,
    ano_letivo_id: year?.id ?? null,
    ano_encerrado: false,
    escala: rules.escala,
    media_aprovacao: tenthsToNumber(rules.mediaAprovacao),
    periodos: [],
    disciplinas: [],
    frequencia: { aulas_dadas: 0, faltas: 0, frequencia: null },
    situacao: 'cursando',
    situacao_calculada: null,
    conselho: null,
    somente_publicados: guardian,
  };
  if (!year) return empty;
  return computeReportCard(db, viewer, year, student, turma, rules, guardian, empty);
}

async function computeReportCard(
  db: DbOrTx,
  viewer: Viewer,
  year: SchoolYearRow,
  student: { id: string },
  turma: ClassRow | null,
  rules: AveragingRules,
  guardian: boolean,
  base: ReportCard,
): Promise<ReportCard> {
  const periods = await db
    .select()
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, year.id))
    .orderBy(asc(schoolPeriods.numero));
  const [states, closure, decisions, attendance, gridRows, visible] = await Promise.all([
    turma ? periodStatesFor(db, periods, turma.id) : periodStatesFor(db, periods, null),
    db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, year.id)),
    db
      .select()
      .from(councilDecisions)
      .where(and(eq(councilDecisions.alunoId, student.id), eq(councilDecisions.anoLetivoId, year.id))),
    getStudentAttendance(db, viewer, student.id, { ano: year.ano }),
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
  const yearClosed = closure.length > 0;
  const shown = periods.filter((period) => !guardian || states.get(period.id)?.publicado);
  const shownIds = new Set(shown.map((period) => period.id));
  // The student's assessments of the year (every class they belonged to), with their grades.
  const rows =
    periods.length === 0
      ? []
      : await db
          .select({
            disciplina: assessments.disciplina,
            periodoId: assessments.periodoId,
            tipo: assessments.tipo,
            peso: assessments.peso,
            valor: grades.valor,
          })
          .from(assessments)
          .innerJoin(
            classMemberships,
            and(eq(classMemberships.turmaId, assessments.turmaId), eq(classMemberships.alunoId, student.id)),
          )
          .leftJoin(grades, and(eq(grades.avaliacaoId, assessments.id), eq(grades.alunoId, student.id)))
          .where(
            inArray(
              assessments.periodoId,
              periods.map((period) => period.id),
            ),
          );
  const subjects = new Set<string>([
    ...gridRows.map((row) => row.disciplina),
    ...rows.map((row) => row.disciplina),
  ]);
  const names = [...subjects]
    .filter((name) => visible === null || visible.has(name))
    .sort((a, b) => (subjectOrder.get(a) ?? 99) - (subjectOrder.get(b) ?? 99) || a.localeCompare(b, 'pt-BR'));
  const counted = attendance.faltas.filter((absence) => absence.situacao !== 'abonada');
  const subjectDecision = new Map(
    decisions.filter((row) => row.disciplina !== null).map((row) => [row.disciplina!, row]),
  );
  const overallDecision = decisions.find((row) => row.disciplina === null) ?? null;

  const disciplinas: ReportCardSubject[] = names.map((disciplina) => {
    const perPeriod = periods.map((period) => {
      const state = states.get(period.id)!;
      const visibleHere = shownIds.has(period.id);
      const items = rows
        .filter((row) => row.disciplina === disciplina && row.periodoId === period.id)
        .map((row) => ({ tipo: row.tipo, peso: tenthsOf(row.peso)!, valor: tenthsOf(row.valor) }));
      const average = visibleHere ? periodAverage(items, rules) : { media: null, recuperacao: null };
      const faltas = counted.filter(
        (absence) =>
          absence.disciplina === disciplina && absence.data >= period.inicio && absence.data <= period.fim,
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
    const computed = subjectSituation(annual, complete, yearClosed, rules.mediaAprovacao);
    const decision = subjectDecision.get(disciplina) ?? null;
    const own = attendance.por_disciplina.find((item) => item.disciplina === disciplina);
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
      faltas: perPeriod.reduce((sum, period) => sum + period.faltas, 0),
      frequencia: own?.frequencia ?? null,
      situacao: decision ? decision.resultado : computed,
      situacao_calculada: decision ? computed : null,
      conselho: decision ? toDecision(decision, year.ano) : null,
    };
  });
  const computedOverall = overallSituation(
    disciplinas.map((item) => item.situacao),
    attendance.geral.abaixo_minimo && (yearClosed || !guardian || shown.length === periods.length),
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
    disciplinas,
    frequencia: {
      aulas_dadas: attendance.geral.aulas_dadas,
      faltas: attendance.geral.faltas,
      frequencia: attendance.geral.frequencia,
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
  const rules = await rulesNow(db);
  const result = new Map<string, Situacao>();
  for (const id of alunoIds)
    result.set(id, (await buildReportCard(db, viewer, id, { ano }, { rules })).situacao);
  return result;
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
