import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { messages, type FieldError } from '../../../shared/api.js';
import {
  applyRecovery,
  conceitos,
  displayGrade,
  parseTenths,
  tenthsToNumber,
  weightedMean,
  parseGradeValue,
  type AveragingRules,
} from '../../../shared/averages.js';
import { formatDate } from '../../../shared/format.js';
import {
  rulesOf,
  type Assessment,
  type AssessmentData,
  type AssessmentDeleteInput,
  type AssessmentDeletionMode,
  type AssessmentsQuery,
  type AssessmentUpdateData,
  type CellRectificationInput,
  type GradeCell,
  type GradeHistory,
  type PeriodState,
  type GradesBatchInput,
  type GradesGrid,
  type RectificationInput,
  type SavedGrades,
} from '../../../shared/grades.schemas.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { diaryAccessOf, type ClassDiaryAccess, type Viewer } from '../classes/diary-access.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { scopeOf } from '../students/students.scope.js';
import { students } from '../../db/schema/students.js';
import {
  getAcademicSettings,
  rulesForAssessment,
  rulesForPeriod,
  rulesForYear,
} from '../calendar/academic-settings.service.js';
import {
  assessments,
  gradeChanges,
  grades,
  rectificationRequests,
  type AssessmentRow,
} from '../../db/schema/grades.js';
import {
  closedMessage,
  periodContextOf,
  periodStateFor,
  type PeriodContext,
} from '../calendar/period-state.js';

/** The grades one audit entry of a save lists one by one (a whole class's column at most). */
const AUDITED_GRADES = 60;

/**
 * Avaliações and grades. A teacher works only on the subjects they teach in a class (404
 * elsewhere); an administrator on all. Grades are read from `numeric` as text and handled as integer
 * tenths (shared/averages.ts), so what is stored is exactly what was typed.
 */

const assessmentNotFound = () => notFound('Avaliação não encontrada.');

/** numeric text ('7.5') → tenths (75). */
export const tenthsOf = (text: string | null): number | null => (text === null ? null : parseTenths(text));
const numericText = (tenths: number) => `${String(Math.floor(tenths / 10))}.${String(tenths % 10)}`;

/** A grade's history in the order it happened; within one instant the entry before its corrections. */
const historyOrder = [
  asc(gradeChanges.em),
  asc(sql`${gradeChanges.tipo} <> 'lancamento'`),
  asc(gradeChanges.id),
] as const;

/**
 * The current settings as averaging rules: what a year still open follows. Anything about a given year
 * (a closed one keeps the rules it was closed with) reads rulesForYear / rulesForPeriod instead.
 */
export async function rulesNow(db: DbOrTx): Promise<AveragingRules> {
  return rulesOf(await getAcademicSettings(db));
}

/**
 * The class (404 outside scope) and the subject: in the grid of the class, and — for a teacher —
 * taught by them (to write) or visible to them (to read). Otherwise 404, as if it did not exist.
 */
export async function subjectAccess(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  disciplina: string,
  mode: 'read' | 'write',
): Promise<ClassDiaryAccess> {
  const access = await diaryAccessOf(db, viewer, turmaId);
  const allowed = mode === 'write' ? access.teaches : access.visible;
  const [inGrid] = await db
    .select({ disciplina: classSubjects.disciplina })
    .from(classSubjects)
    .where(and(eq(classSubjects.turmaId, turmaId), eq(classSubjects.disciplina, disciplina)));
  if (!inGrid || (allowed !== null && !allowed.has(disciplina)))
    throw notFound(`${disciplina} não foi encontrada entre as suas disciplinas nesta turma.`);
  return access;
}

/** 409 when the period (or the year) is closed to this user's writes. */
async function ensureWritable(
  db: DbOrTx,
  context: PeriodContext,
  turmaId: string,
  isAdmin: boolean,
): Promise<PeriodState> {
  const state = await periodStateFor(db, context.period, turmaId);
  const message = closedMessage(context, state, 'notas');
  if (!message) return state;
  // The secretary changes a closed period's grades only through a retificação (with a reason).
  if (isAdmin && !context.yearClosed && state.fechado)
    throw conflict(
      `O ${context.nome} está fechado para esta turma. Use a retificação (com motivo) ou reabra o período.`,
    );
  throw conflict(message);
}

// ---------------------------------------------------------------- assessments

function toAssessment(
  row: AssessmentRow,
  extra: {
    turmaNome: string;
    tipoPeriodo: 'bimestre' | 'trimestre' | 'semestre';
    numero: number;
    lancadas: number;
  },
): Assessment {
  return {
    id: row.id,
    turma_id: row.turmaId,
    turma_nome: extra.turmaNome,
    disciplina: row.disciplina,
    periodo_id: row.periodoId,
    periodo_nome: periodName(extra.tipoPeriodo, extra.numero),
    nome: row.nome,
    data: row.data,
    peso: tenthsToNumber(tenthsOf(row.peso)!),
    tipo: row.tipo,
    notas_lancadas: extra.lancadas,
    version: row.version,
  };
}

async function presentAssessments(db: DbOrTx, where: ReturnType<typeof and>): Promise<Assessment[]> {
  const rows = await db
    .select({
      row: assessments,
      turmaNome: classes.nome,
      tipoPeriodo: schoolYears.tipoPeriodo,
      numero: schoolPeriods.numero,
      lancadas:
        sql<number>`(select count(*) from ${grades} where ${grades.avaliacaoId} = ${assessments.id} and ${grades.valor} is not null)`.mapWith(
          Number,
        ),
    })
    .from(assessments)
    .innerJoin(classes, eq(classes.id, assessments.turmaId))
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, assessments.periodoId))
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .where(where)
    .orderBy(
      asc(classes.nome),
      asc(assessments.disciplina),
      asc(schoolPeriods.numero),
      asc(sql`${assessments.tipo} = 'recuperacao'`),
      asc(assessments.data),
      asc(assessments.createdAt),
    );
  return rows.map((item) =>
    toAssessment(item.row, {
      turmaNome: item.turmaNome,
      tipoPeriodo: item.tipoPeriodo,
      numero: item.numero,
      lancadas: item.lancadas,
    }),
  );
}

/** GET /api/avaliacoes — filtered; a teacher sees the subjects they teach and their own classes' all. */
export async function listAssessments(
  db: DbOrTx,
  viewer: Viewer,
  query: AssessmentsQuery,
): Promise<Assessment[]> {
  const scope = await scopeOf(db, viewer);
  let visible;
  if (scope.kind === 'teacher') {
    if (scope.teacherId === null) return [];
    visible = or(
      sql`exists (select 1 from ${classSubjects} where ${classSubjects.turmaId} = ${assessments.turmaId} and ${classSubjects.disciplina} = ${assessments.disciplina} and ${classSubjects.professorId} = ${scope.teacherId})`,
      eq(classes.professorResponsavelId, scope.teacherId),
    );
  } else if (scope.kind !== 'all') {
    return [];
  }
  return presentAssessments(
    db,
    and(
      visible,
      query.turma_id ? eq(assessments.turmaId, query.turma_id) : undefined,
      query.disciplina ? eq(assessments.disciplina, query.disciplina) : undefined,
      query.periodo_id ? eq(assessments.periodoId, query.periodo_id) : undefined,
    ),
  );
}

async function getAssessmentRow(db: DbOrTx, id: string): Promise<AssessmentRow> {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  if (!row) throw assessmentNotFound();
  return row;
}

async function presentOne(db: DbOrTx, id: string): Promise<Assessment> {
  const [one] = await presentAssessments(db, and(eq(assessments.id, id)));
  if (!one) throw assessmentNotFound();
  return one;
}

function ensureDateInPeriod(context: PeriodContext, data: string) {
  if (data < context.period.inicio || data > context.period.fim) {
    const message = `A data deve estar dentro do ${context.nome} (${formatDate(context.period.inicio)} a ${formatDate(context.period.fim)}).`;
    throw badRequest(message, [{ path: 'data', message }]);
  }
}

function recoveryConflict(error: unknown): never {
  if (isUniqueViolation(error, 'assessments_recovery_unique'))
    throw new AppError('CONFLICT', 'Esta disciplina já tem a recuperação deste período.', [
      { path: 'tipo', message: 'Recuperação já cadastrada' },
    ]);
  throw error;
}

export async function createAssessment(
  ctx: AppContext,
  viewer: Viewer,
  input: AssessmentData,
  actor: Actor,
): Promise<Assessment> {
  const access = await subjectAccess(ctx.db, viewer, input.turma_id, input.disciplina, 'write');
  const context = await periodContextOf(ctx.db, input.periodo_id);
  if (String(context.year.ano) !== access.turma.anoLetivo)
    throw badRequest(`O período escolhido não é do ano letivo da turma (${access.turma.anoLetivo}).`, [
      { path: 'periodo_id', message: 'Período de outro ano letivo' },
    ]);
  ensureDateInPeriod(context, input.data);
  await ensureWritable(ctx.db, context, input.turma_id, access.isAdmin);
  const id = await ctx.db.transaction(async (tx) => {
    let row: AssessmentRow | undefined;
    try {
      [row] = await tx
        .insert(assessments)
        .values({
          turmaId: input.turma_id,
          disciplina: input.disciplina,
          periodoId: input.periodo_id,
          nome: input.nome,
          data: input.data,
          peso: numericText(Math.round(input.peso * 10)),
          tipo: input.tipo,
        })
        .returning();
    } catch (error) {
      recoveryConflict(error);
    }
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'avaliacao',
      entityId: row!.id,
      details: { turma_id: input.turma_id, disciplina: input.disciplina, nome: input.nome, tipo: input.tipo },
    });
    return row!.id;
  });
  return presentOne(ctx.db, id);
}

export async function updateAssessment(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: AssessmentUpdateData,
  actor: Actor,
): Promise<Assessment> {
  const current = await getAssessmentRow(ctx.db, id);
  const access = await subjectAccess(ctx.db, viewer, current.turmaId, current.disciplina, 'write').catch(
    () => {
      throw assessmentNotFound();
    },
  );
  const context = await periodContextOf(ctx.db, current.periodoId);
  ensureDateInPeriod(context, input.data);
  await ensureWritable(ctx.db, context, current.turmaId, access.isAdmin);
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(assessments).where(eq(assessments.id, id)).for('update');
    if (!locked) throw assessmentNotFound();
    if (input.version !== undefined && input.version !== locked.version)
      throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
    await tx
      .update(assessments)
      .set({
        nome: input.nome,
        data: input.data,
        peso: numericText(Math.round(input.peso * 10)),
        version: locked.version + 1,
        updatedAt: clock.now(),
      })
      .where(eq(assessments.id, id));
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'avaliacao',
      entityId: id,
      details: {
        antes: { nome: locked.nome, data: locked.data, peso: locked.peso },
        depois: { nome: input.nome, data: input.data, peso: input.peso },
      },
    });
  });
  return presentOne(ctx.db, id);
}

/**
 * What a user may do with an avaliação that has grades (assessmentDeletionModes): grades of a closed or
 * published period are the school's record — families may have read them —, so they go only by the
 * administrator's decision with a reason, as a retificação would change them. A teacher is refused; a
 * closed year is read-only for everyone.
 */
function assessmentDeletionMode(
  context: Pick<PeriodContext, 'yearClosed'>,
  state: PeriodState,
  isAdmin: boolean,
): AssessmentDeletionMode {
  if (context.yearClosed || (!isAdmin && state.fechado)) return 'bloqueada';
  if (state.fechado || state.publicado) return isAdmin ? 'com_motivo' : 'so_secretaria';
  return 'livre';
}

/**
 * DELETE /api/avaliacoes/:id — the avaliação and its grades. With grades in a closed or published period
 * only the administrator, with a reason (400 on `motivo` without one; 409 for a teacher). The audit
 * keeps each grade deleted (student, value, concept, version) with its history, so nothing is lost.
 */
export async function deleteAssessment(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: AssessmentDeleteInput | null | undefined,
  actor: Actor,
): Promise<void> {
  const current = await getAssessmentRow(ctx.db, id);
  const access = await subjectAccess(ctx.db, viewer, current.turmaId, current.disciplina, 'write').catch(
    () => {
      throw assessmentNotFound();
    },
  );
  const context = await periodContextOf(ctx.db, current.periodoId);
  const state = await periodStateFor(ctx.db, context.period, current.turmaId);
  const mode = assessmentDeletionMode(context, state, access.isAdmin);
  if (mode === 'bloqueada') throw conflict(closedMessage(context, state, 'notas')!);
  const rules = await rulesForYear(ctx.db, context.year.id);
  const motivo = input?.motivo ?? null;
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(assessments).where(eq(assessments.id, id)).for('update');
    if (!locked) throw assessmentNotFound();
    const rows = await tx
      .select({ grade: grades, alunoNome: students.nome })
      .from(grades)
      .innerJoin(students, eq(students.id, grades.alunoId))
      .where(eq(grades.avaliacaoId, id))
      .orderBy(asc(students.nome))
      .for('update', { of: grades });
    const given = rows.filter((row) => row.grade.valor !== null).length;
    if (given > 0 && mode === 'so_secretaria')
      throw conflict(
        `O ${context.nome} já foi publicado para esta turma: uma avaliação com notas lançadas só pode ser excluída pela secretaria, com motivo. Para corrigir uma nota, altere-a na grade (fica no histórico como alteração após a publicação).`,
      );
    if (given > 0 && mode === 'com_motivo' && !motivo) {
      const message = `Informe o motivo da exclusão (ao menos 5 caracteres): o ${context.nome} está ${
        state.fechado ? 'fechado' : 'publicado'
      } e ${given === 1 ? 'a nota lançada' : `as ${String(given)} notas lançadas`} nesta avaliação ${
        given === 1 ? 'sai' : 'saem'
      } do boletim.`;
      throw badRequest(message, [{ path: 'motivo', message }]);
    }
    const history =
      rows.length === 0
        ? []
        : await tx
            .select()
            .from(gradeChanges)
            .where(
              inArray(
                gradeChanges.notaId,
                rows.map((row) => row.grade.id),
              ),
            )
            .orderBy(...historyOrder);
    const historyOf = new Map<string, typeof history>();
    for (const change of history)
      historyOf.set(change.notaId, [...(historyOf.get(change.notaId) ?? []), change]);
    await tx.delete(assessments).where(eq(assessments.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'avaliacao',
      entityId: id,
      details: {
        nome: current.nome,
        disciplina: current.disciplina,
        turma_id: current.turmaId,
        periodo_id: current.periodoId,
        periodo: context.nome,
        ano: context.year.ano,
        data: current.data,
        peso: current.peso,
        tipo: current.tipo,
        notas: given,
        ...(motivo ? { motivo } : {}),
        periodo_fechado: state.fechado,
        periodo_publicado: state.publicado,
        // Everything needed to give the grades back: who, the value as stored and as shown, and how it got there.
        notas_excluidas: rows.map(({ grade, alunoNome }) => ({
          nota_id: grade.id,
          aluno_id: grade.alunoId,
          aluno_nome: alunoNome,
          valor: grade.valor,
          texto: displayGrade(tenthsOf(grade.valor), rules),
          conceito: grade.conceito,
          version: grade.version,
          historico: (historyOf.get(grade.id) ?? []).map((change) => ({
            tipo: change.tipo,
            antes: change.antes,
            depois: change.depois,
            motivo: change.motivo,
            por: change.porNome,
            em: change.em.toISOString(),
          })),
        })),
      },
    });
  });
}

// ---------------------------------------------------------------- the grid

/**
 * Students who belonged to the class at any day of a range, by name. The lateral lookup with OFFSET 0
 * keeps the planner on the students' primary key for the ~40 members (as the roll does) instead of
 * scanning every student to hash-join them.
 */
export async function membersDuring(
  db: DbOrTx,
  turmaId: string,
  de: string,
  ate: string,
): Promise<{ id: string; nome: string; matricula: string }[]> {
  const result = await db.execute(sql`
    select distinct s.id, s.nome, s.matricula, lower(s.nome) as chave
    from ${classMemberships}
    cross join lateral (
      select ${students.id} as id, ${students.nome} as nome, ${students.matricula} as matricula
      from ${students} where ${students.id} = ${classMemberships.alunoId} offset 0
    ) s
    where ${classMemberships.turmaId} = ${turmaId} and ${classMemberships.inicio} <= ${ate}
      and (${classMemberships.fim} is null or ${classMemberships.fim} >= ${de})
    order by chave, s.matricula`);
  return (result as { rows: { id: string; nome: string; matricula: string }[] }).rows;
}

/** 404 unless the student belonged to the class at some day of the period (a cell of its grid). */
export async function assertMemberDuring(
  db: DbOrTx,
  turmaId: string,
  context: Pick<PeriodContext, 'period'>,
  alunoId: string,
): Promise<void> {
  const members = await membersDuring(db, turmaId, context.period.inicio, context.period.fim);
  if (!members.some((member) => member.id === alunoId))
    throw notFound('Aluno não encontrado nesta turma no período.');
}

function cellOf(
  row: { id: string; valor: string | null; version: number } | undefined,
  avaliacaoId: string,
  rules: AveragingRules,
): GradeCell {
  const tenths = row ? tenthsOf(row.valor) : null;
  return {
    id: row?.id ?? null,
    avaliacao_id: avaliacaoId,
    valor: tenths === null ? null : tenthsToNumber(tenths),
    texto: displayGrade(tenths, rules),
    version: row?.version ?? 0,
  };
}

/** The period average of one student from their cells (regular weighted mean, then recuperação). */
export function periodAverage(
  items: readonly { tipo: 'regular' | 'recuperacao'; peso: number; valor: number | null }[],
  rules: AveragingRules,
): { media: number | null; recuperacao: number | null; semRecuperacao: number | null } {
  const mean = weightedMean(items.filter((item) => item.tipo === 'regular'));
  const recovery = items.find((item) => item.tipo === 'recuperacao')?.valor ?? null;
  return {
    media: applyRecovery(mean, recovery, rules.recuperacao),
    recuperacao: recovery,
    semRecuperacao: mean,
  };
}

/** GET /api/notas/turmas/:id?disciplina=&periodo_id= — students × assessments, a version per cell. */
export async function getGradesGrid(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: { disciplina: string; periodo_id: string },
): Promise<GradesGrid> {
  const access = await subjectAccess(db, viewer, turmaId, query.disciplina, 'read');
  const context = await periodContextOf(db, query.periodo_id);
  const [state, rules, columns, members] = await Promise.all([
    periodStateFor(db, context.period, turmaId),
    rulesForYear(db, context.year.id),
    db
      .select()
      .from(assessments)
      .where(
        and(
          eq(assessments.turmaId, turmaId),
          eq(assessments.disciplina, query.disciplina),
          eq(assessments.periodoId, query.periodo_id),
        ),
      )
      .orderBy(
        asc(sql`${assessments.tipo} = 'recuperacao'`),
        asc(assessments.data),
        asc(assessments.createdAt),
      ),
    membersDuring(db, turmaId, context.period.inicio, context.period.fim),
  ]);
  const cells =
    columns.length === 0
      ? []
      : await db
          .select({
            id: grades.id,
            avaliacaoId: grades.avaliacaoId,
            alunoId: grades.alunoId,
            valor: grades.valor,
            version: grades.version,
          })
          .from(grades)
          .where(
            inArray(
              grades.avaliacaoId,
              columns.map((column) => column.id),
            ),
          );
  const byKey = new Map(cells.map((cell) => [`${cell.avaliacaoId}:${cell.alunoId}`, cell]));
  const pending =
    columns.length === 0
      ? []
      : await db
          .select({
            id: rectificationRequests.id,
            avaliacaoId: rectificationRequests.avaliacaoId,
            alunoId: rectificationRequests.alunoId,
            depois: rectificationRequests.depois,
          })
          .from(rectificationRequests)
          .where(
            and(
              eq(rectificationRequests.situacao, 'pendente'),
              inArray(
                rectificationRequests.avaliacaoId,
                columns.map((column) => column.id),
              ),
            ),
          );
  const teaches = access.teaches === null || access.teaches.has(query.disciplina);
  let bloqueio = teaches
    ? null
    : 'Você não leciona esta disciplina nesta turma: as notas são só para consulta.';
  const closed = closedMessage(context, state, 'notas');
  if (closed && (!access.isAdmin || context.yearClosed)) bloqueio = closed;
  else if (closed)
    bloqueio = `O ${context.nome} está fechado: altere notas pela retificação (com motivo) ou reabra o período.`;
  return {
    turma: { id: access.turma.id, nome: access.turma.nome },
    disciplina: query.disciplina,
    periodo: {
      id: context.period.id,
      nome: context.nome,
      inicio: context.period.inicio,
      fim: context.period.fim,
      ...state,
    },
    escala: rules.escala,
    conceitos: Object.fromEntries(
      conceitos.map((c) => [c, tenthsToNumber(rules.conceitos[c])]),
    ) as GradesGrid['conceitos'],
    bloqueio,
    pode_solicitar_retificacao: !access.isAdmin && teaches && closed !== null,
    exclusao_com_notas: teaches ? assessmentDeletionMode(context, state, access.isAdmin) : 'bloqueada',
    retificacoes_pendentes: pending.map((request) => ({
      id: request.id,
      avaliacao_id: request.avaliacaoId,
      aluno_id: request.alunoId,
      depois: displayGrade(tenthsOf(request.depois), rules),
    })),
    avaliacoes: columns.map((column) => ({
      id: column.id,
      nome: column.nome,
      data: column.data,
      peso: tenthsToNumber(tenthsOf(column.peso)!),
      tipo: column.tipo,
      version: column.version,
    })),
    alunos: members.map((member) => {
      const notas = columns.map((column) => cellOf(byKey.get(`${column.id}:${member.id}`), column.id, rules));
      const { media } = periodAverage(
        columns.map((column, index) => ({
          tipo: column.tipo,
          peso: tenthsOf(column.peso)!,
          valor: notas[index]!.valor === null ? null : tenthsOf(String(notas[index]!.valor)),
        })),
        rules,
      );
      return {
        id: member.id,
        nome: member.nome,
        matricula: member.matricula,
        notas,
        media: media === null ? null : tenthsToNumber(media),
        media_texto: displayGrade(media, rules),
      };
    }),
  };
}

// ---------------------------------------------------------------- saving grades

/**
 * PUT /api/notas — a batch of cells, all or nothing. Each cell carries the version it was read at; a
 * cell changed meanwhile is a 409 naming that cell (details), and nothing is saved. An unchanged value
 * keeps its version. Every change is kept in the grade's history.
 */
export async function saveGrades(
  ctx: AppContext,
  viewer: Viewer,
  input: GradesBatchInput,
  actor: Actor,
): Promise<SavedGrades> {
  // The batch writes only into open years (ensureWritable refuses a closed one): today's rules.
  const rules = await rulesNow(ctx.db);
  const assessmentIds = [...new Set(input.notas.map((cell) => cell.avaliacao_id))];
  const columns = await ctx.db.select().from(assessments).where(inArray(assessments.id, assessmentIds));
  const byId = new Map(columns.map((column) => [column.id, column]));
  const errors: FieldError[] = [];
  input.notas.forEach((cell, index) => {
    if (!byId.has(cell.avaliacao_id))
      errors.push({ path: `notas.${String(index)}.avaliacao_id`, message: 'Avaliação não encontrada' });
  });
  if (errors.length > 0) throw new AppError('NOT_FOUND', 'Avaliação não encontrada.', errors);

  // Each class × subject × period of the batch: the user teaches it, the period is open, and the students belonged.
  const groups = new Map<string, AssessmentRow>();
  for (const column of columns)
    groups.set(`${column.turmaId}:${column.disciplina}:${column.periodoId}`, column);
  const membersByGroup = new Map<string, Set<string>>();
  // Assessments whose period is open again after being published: the families already read it.
  const afterPublication = new Set<string>();
  for (const [key, column] of groups) {
    const access = await subjectAccess(ctx.db, viewer, column.turmaId, column.disciplina, 'write').catch(
      () => {
        throw assessmentNotFound();
      },
    );
    const context = await periodContextOf(ctx.db, column.periodoId);
    const state = await ensureWritable(ctx.db, context, column.turmaId, access.isAdmin);
    if (state.publicado)
      for (const item of columns)
        if (`${item.turmaId}:${item.disciplina}:${item.periodoId}` === key) afterPublication.add(item.id);
    const members = await membersDuring(ctx.db, column.turmaId, context.period.inicio, context.period.fim);
    membersByGroup.set(key, new Set(members.map((member) => member.id)));
  }

  const parsed = input.notas.map((cell, index) => {
    const column = byId.get(cell.avaliacao_id)!;
    const path = `notas.${String(index)}`;
    if (!membersByGroup.get(`${column.turmaId}:${column.disciplina}:${column.periodoId}`)!.has(cell.aluno_id))
      errors.push({ path: `${path}.aluno_id`, message: 'Aluno não pertencia à turma neste período' });
    const value = parseGradeValue(cell.valor, rules);
    if (!value.ok) errors.push({ path: `${path}.valor`, message: value.message });
    return { ...cell, path, value: value.ok ? value : { ok: true as const, tenths: null, conceito: null } };
  });
  const seen = new Set<string>();
  parsed.forEach((cell) => {
    const key = `${cell.avaliacao_id}:${cell.aluno_id}`;
    if (seen.has(key)) errors.push({ path: cell.path, message: 'Nota repetida no mesmo envio' });
    seen.add(key);
  });
  if (errors.length > 0)
    throw badRequest(
      errors.length === 1
        ? errors[0]!.message
        : `${String(errors.length)} notas com problema: corrija as células indicadas.`,
      errors,
    );

  const saved = await ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(grades)
      .where(
        and(
          inArray(grades.avaliacaoId, assessmentIds),
          inArray(grades.alunoId, [...new Set(parsed.map((cell) => cell.aluno_id))]),
        ),
      )
      .for('update');
    const current = new Map(existing.map((row) => [`${row.avaliacaoId}:${row.alunoId}`, row]));
    const conflicts: FieldError[] = [];
    for (const cell of parsed) {
      const row = current.get(`${cell.avaliacao_id}:${cell.aluno_id}`);
      const expected = cell.version ?? 0;
      if ((row?.version ?? 0) !== expected) {
        const now = row ? displayGrade(tenthsOf(row.valor), rules) : null;
        conflicts.push({
          path: cell.path,
          message: `Nota alterada por outra pessoa (agora: ${now ?? 'sem nota'}). Recarregue para ver a versão atual.`,
        });
      }
    }
    if (conflicts.length > 0)
      throw new AppError(
        'CONFLICT',
        'Outra pessoa alterou estas notas enquanto você editava. Nada foi salvo; recarregue.',
        conflicts,
      );

    const now = clock.now();
    const history: (typeof gradeChanges.$inferInsert)[] = [];
    const results: SavedGrades['notas'] = [];
    let changed = 0;
    const toInsert = parsed.filter((cell) => !current.has(`${cell.avaliacao_id}:${cell.aluno_id}`));
    const inserted =
      toInsert.length === 0
        ? []
        : await tx
            .insert(grades)
            .values(
              toInsert.map((cell) => ({
                avaliacaoId: cell.avaliacao_id,
                alunoId: cell.aluno_id,
                valor: cell.value.tenths === null ? null : numericText(cell.value.tenths),
                conceito: cell.value.conceito,
                updatedAt: now,
              })),
            )
            .returning()
            .catch((error: unknown) => {
              if (isUniqueViolation(error, 'grades_assessment_student_unique'))
                throw conflict(
                  'Outra pessoa lançou estas notas enquanto você editava. Nada foi salvo; recarregue.',
                );
              throw error;
            });
    const kindOf = (avaliacaoId: string) =>
      afterPublication.has(avaliacaoId) ? ('apos_publicacao' as const) : ('lancamento' as const);
    for (const row of inserted) {
      if (row.valor !== null)
        history.push({
          notaId: row.id,
          tipo: kindOf(row.avaliacaoId),
          antes: null,
          depois: row.valor,
          porId: actor.id,
          porNome: actor.nome,
          em: now,
        });
      results.push({ ...cellOf(row, row.avaliacaoId, rules), aluno_id: row.alunoId });
      if (row.valor !== null) changed++;
    }
    const changes: { row: (typeof existing)[number]; next: string | null; conceito: string | null }[] = [];
    for (const cell of parsed) {
      const row = current.get(`${cell.avaliacao_id}:${cell.aluno_id}`);
      if (!row) continue;
      if (tenthsOf(row.valor) === cell.value.tenths) {
        results.push({ ...cellOf(row, row.avaliacaoId, rules), aluno_id: row.alunoId });
        continue;
      }
      const next = cell.value.tenths === null ? null : numericText(cell.value.tenths);
      changes.push({ row, next, conceito: cell.value.conceito });
    }
    if (changes.length > 0) {
      // One statement for the whole batch (the rows are locked above): the version moves by one.
      const values = sql.join(
        changes.map(
          (change) =>
            sql`(${change.row.id}::uuid, ${change.next}::numeric, ${change.conceito}::text, ${change.row.version}::integer)`,
        ),
        sql`, `,
      );
      const updated = await tx.execute(sql`
        update ${grades} set valor = v.valor, conceito = v.conceito, version = ${grades.version} + 1, updated_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, valor, conceito, version)
        where ${grades.id} = v.id and ${grades.version} = v.version
        returning ${grades.id} as id, ${grades.avaliacaoId} as avaliacao_id, ${grades.alunoId} as aluno_id,
          ${grades.valor}::text as valor, ${grades.version} as version`);
      const rows = (
        updated as {
          rows: {
            id: string;
            avaliacao_id: string;
            aluno_id: string;
            valor: string | null;
            version: number;
          }[];
        }
      ).rows;
      if (rows.length !== changes.length) throw conflict(messages.staleVersion);
      for (const change of changes)
        history.push({
          notaId: change.row.id,
          tipo: kindOf(change.row.avaliacaoId),
          antes: change.row.valor,
          depois: change.next,
          porId: actor.id,
          porNome: actor.nome,
          em: now,
        });
      for (const row of rows)
        results.push({
          ...cellOf({ id: row.id, valor: row.valor, version: row.version }, row.avaliacao_id, rules),
          aluno_id: row.aluno_id,
        });
      changed += rows.length;
    }
    if (history.length > 0) await tx.insert(gradeChanges).values(history);
    const corrections = history.filter((entry) => entry.antes !== null && entry.antes !== undefined).length;
    const published = history.filter((entry) => entry.tipo === 'apos_publicacao').length;
    if (corrections > 0 || published > 0)
      await recordAudit(tx, actor, {
        action: 'alterar_notas',
        entity: 'avaliacao',
        entityId: assessmentIds.length === 1 ? assessmentIds[0]! : null,
        details: {
          alteradas: corrections,
          avaliacoes: assessmentIds,
          ...(published > 0 ? { apos_publicacao: published } : {}),
          // Which grades, by id (the Auditoria names the student and the assessment when it reads them).
          notas: history
            .filter((entry) => entry.antes !== null || entry.tipo === 'apos_publicacao')
            .slice(0, AUDITED_GRADES)
            .map((entry) => ({
              nota_id: entry.notaId,
              antes: entry.antes ?? null,
              depois: entry.depois ?? null,
            })),
        },
      });
    return { salvas: changed, notas: results };
  });
  return saved;
}

// ---------------------------------------------------------------- retificação and history

async function gradeWithContext(db: DbOrTx, id: string) {
  const [found] = await db
    .select({ grade: grades, column: assessments, alunoNome: students.nome })
    .from(grades)
    .innerJoin(assessments, eq(assessments.id, grades.avaliacaoId))
    .innerJoin(students, eq(students.id, grades.alunoId))
    .where(eq(grades.id, id));
  if (!found) throw notFound('Nota não encontrada.');
  return found;
}

/** A grade as stored (numeric text) from tenths. */
export const gradeText = (tenths: number | null) => (tenths === null ? null : numericText(tenths));

/**
 * Writes a retificação inside the caller's transaction: the grade changes (created when the cell never
 * had one), its history gets the reason, and the audit trail who, before and after. `expect` guards
 * what the caller read: the grade's version (the admin's dialog) or its value (a teacher's request).
 */
export async function writeRectification(
  tx: DbOrTx,
  target: { avaliacaoId: string; alunoId: string },
  value: { tenths: number | null; conceito: string | null },
  motivo: string,
  actor: Actor,
  expect: { version?: number | undefined; antes?: string | null },
  extra: Record<string, unknown> = {},
): Promise<string> {
  const where = and(eq(grades.avaliacaoId, target.avaliacaoId), eq(grades.alunoId, target.alunoId));
  let [row] = await tx.select().from(grades).where(where).for('update');
  if (!row) {
    await tx
      .insert(grades)
      .values({ avaliacaoId: target.avaliacaoId, alunoId: target.alunoId, valor: null, version: 0 })
      .onConflictDoNothing();
    [row] = await tx.select().from(grades).where(where).for('update');
  }
  if (!row) throw notFound('Nota não encontrada.');
  if (expect.version !== undefined && expect.version !== row.version)
    throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
  if (expect.antes !== undefined && tenthsOf(expect.antes) !== tenthsOf(row.valor))
    throw conflict(
      'A nota mudou desde a solicitação. Recuse esta solicitação e peça ao professor uma nova, sobre a nota atual.',
    );
  if (tenthsOf(row.valor) === value.tenths)
    throw badRequest('A nota retificada é igual à atual.', [
      { path: 'valor', message: 'Igual à nota atual' },
    ]);
  const next = gradeText(value.tenths);
  const now = clock.now();
  await tx
    .update(grades)
    .set({ valor: next, conceito: value.conceito, version: row.version + 1, updatedAt: now })
    .where(eq(grades.id, row.id));
  await tx.insert(gradeChanges).values({
    notaId: row.id,
    tipo: 'retificacao',
    antes: row.valor,
    depois: next,
    motivo,
    porId: actor.id,
    porNome: actor.nome,
    em: now,
  });
  await recordAudit(tx, actor, {
    action: 'retificar_nota',
    entity: 'nota',
    entityId: row.id,
    details: {
      antes: row.valor,
      depois: next,
      motivo,
      aluno_id: row.alunoId,
      avaliacao_id: row.avaliacaoId,
      ...extra,
    },
  });
  return row.id;
}

/**
 * POST /api/notas/:id/retificar — an administrator's correction, with a reason, at any time (also
 * after the period or the year closed). Kept in the history and in the audit trail.
 */
export async function rectifyGrade(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: RectificationInput,
  actor: Actor,
): Promise<GradeHistory> {
  const [target] = await ctx.db
    .select({ avaliacaoId: grades.avaliacaoId })
    .from(grades)
    .where(eq(grades.id, id));
  if (!target) throw notFound('Nota não encontrada.');
  // A grade of a closed year is read on the scale (and concepts) that year was closed with.
  const rules = await rulesForAssessment(ctx.db, target.avaliacaoId);
  const value = parseGradeValue(input.valor, rules);
  if (!value.ok) throw badRequest(value.message, [{ path: 'valor', message: value.message }]);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(grades).where(eq(grades.id, id));
    if (!row) throw notFound('Nota não encontrada.');
    await writeRectification(
      tx,
      { avaliacaoId: row.avaliacaoId, alunoId: row.alunoId },
      value,
      input.motivo,
      actor,
      { version: input.version },
    );
  });
  return getGradeHistory(ctx.db, viewer, id);
}

/**
 * POST /api/notas/retificar — the administrator's retificação addressed by the cell (avaliação ×
 * aluno), for a cell that never had a grade: a make-up test given after the period closed. The grade
 * row is created by the retificação itself, with the same reason, history and audit; the student must
 * have belonged to the class during the period. `version` guards the empty cell as read (0).
 */
export async function rectifyCell(
  ctx: AppContext,
  viewer: Viewer,
  input: CellRectificationInput,
  actor: Actor,
): Promise<GradeHistory> {
  const column = await getAssessmentRow(ctx.db, input.avaliacao_id);
  await subjectAccess(ctx.db, viewer, column.turmaId, column.disciplina, 'write').catch(() => {
    throw assessmentNotFound();
  });
  const context = await periodContextOf(ctx.db, column.periodoId);
  const value = parseGradeValue(input.valor, await rulesForYear(ctx.db, context.year.id));
  if (!value.ok) throw badRequest(value.message, [{ path: 'valor', message: value.message }]);
  await assertMemberDuring(ctx.db, column.turmaId, context, input.aluno_id);
  const id = await ctx.db.transaction((tx) =>
    writeRectification(tx, { avaliacaoId: column.id, alunoId: input.aluno_id }, value, input.motivo, actor, {
      version: input.version ?? 0,
    }),
  );
  return getGradeHistory(ctx.db, viewer, id);
}

/** GET /api/notas/:id/historico — who, when, before and after (teachers: their subjects only). */
export async function getGradeHistory(db: DbOrTx, viewer: Viewer, id: string): Promise<GradeHistory> {
  const found = await gradeWithContext(db, id);
  await subjectAccess(db, viewer, found.column.turmaId, found.column.disciplina, 'read').catch(() => {
    throw notFound('Nota não encontrada.');
  });
  const rules = await rulesForPeriod(db, found.column.periodoId);
  const rows = await db
    .select()
    .from(gradeChanges)
    .where(eq(gradeChanges.notaId, id))
    .orderBy(...historyOrder);
  const show = (text: string | null) => displayGrade(tenthsOf(text), rules);
  return {
    nota_id: id,
    aluno: { id: found.grade.alunoId, nome: found.alunoNome },
    avaliacao: { id: found.column.id, nome: found.column.nome, disciplina: found.column.disciplina },
    atual: show(found.grade.valor),
    historico: rows.map((row) => ({
      id: row.id,
      tipo: row.tipo,
      antes: show(row.antes),
      depois: show(row.depois),
      motivo: row.motivo,
      por: row.porNome,
      em: row.em.toISOString(),
    })),
  };
}
