import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { displayGrade, parseGradeValue, type AveragingRules } from '../../../shared/averages.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type {
  RectificationApprovalInput,
  RectificationRefusalInput,
  RectificationRequest,
  RectificationRequestInput,
  RectificationRequestsQuery,
} from '../../../shared/rectification-requests.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Viewer } from '../classes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { notifyUser } from '../notificacoes/index.js';
import { paths } from '../../../shared/routes.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { rulesForAssessment, rulesForYear } from '../calendar/index.js';
import { assertMemberDuring } from './grades-grid.service.js';
import { gradeText, subjectAccess, tenthsOf } from './grades.service.js';
import { writeRectification } from './rectification.service.js';
import { assessments, grades, rectificationRequests } from '../../db/schema/grades.js';
import { closedMessage, periodContextOf, periodStateFor } from '../calendar/index.js';

/**
 * The teacher's retificação: once a period is closed to them, a teacher asks (grade, new value,
 * reason) and an administrator approves — the grade changes through the same retificação the
 * secretary writes, with history and audit — or refuses with a reason. A teacher reaches only the
 * subjects they teach (404 elsewhere) and sees only their own requests.
 */

const requestNotFound = () => notFound('Solicitação de retificação não encontrada.');
const pendingTwice = () =>
  conflict('Já existe uma solicitação de retificação pendente para esta nota. Aguarde a secretaria.');

/** The value asked for, parsed on the scale now in force (the scale may have changed since). */
function parseAsked(tenths: number | null, rules: AveragingRules) {
  const value = parseGradeValue(displayGrade(tenths, rules), rules);
  if (!value.ok) throw badRequest(value.message, [{ path: 'valor', message: value.message }]);
  return value;
}

async function presentRequests(db: DbOrTx, where: SQL | undefined): Promise<RectificationRequest[]> {
  const rows = await db
    .select({
      row: rectificationRequests,
      anoLetivoId: schoolYears.id,
      turmaId: classes.id,
      turmaNome: classes.nome,
      disciplina: assessments.disciplina,
      periodoId: schoolPeriods.id,
      numero: schoolPeriods.numero,
      tipoPeriodo: schoolYears.tipoPeriodo,
      avaliacaoNome: assessments.nome,
      alunoNome: students.nome,
      atual: grades.valor,
    })
    .from(rectificationRequests)
    .innerJoin(assessments, eq(assessments.id, rectificationRequests.avaliacaoId))
    .innerJoin(classes, eq(classes.id, assessments.turmaId))
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, assessments.periodoId))
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .innerJoin(students, eq(students.id, rectificationRequests.alunoId))
    .leftJoin(
      grades,
      and(
        eq(grades.avaliacaoId, rectificationRequests.avaliacaoId),
        eq(grades.alunoId, rectificationRequests.alunoId),
      ),
    )
    .where(where)
    .orderBy(
      asc(sql`${rectificationRequests.situacao} <> 'pendente'`),
      desc(rectificationRequests.solicitadoEm),
      asc(rectificationRequests.id),
    )
    .limit(200);
  // Each request on the rules of its year (a closed year keeps those it was closed with).
  const rulesOfYear = new Map<string, AveragingRules>();
  for (const anoLetivoId of new Set(rows.map((item) => item.anoLetivoId)))
    rulesOfYear.set(anoLetivoId, await rulesForYear(db, anoLetivoId));
  return rows.map(({ row, anoLetivoId, ...joined }) => {
    const show = (text: string | null) => displayGrade(tenthsOf(text), rulesOfYear.get(anoLetivoId)!);
    return {
      id: row.id,
      turma: { id: joined.turmaId, nome: joined.turmaNome },
      disciplina: joined.disciplina,
      periodo: { id: joined.periodoId, nome: periodName(joined.tipoPeriodo, joined.numero) },
      avaliacao: { id: row.avaliacaoId, nome: joined.avaliacaoNome },
      aluno: { id: row.alunoId, nome: joined.alunoNome },
      antes: show(row.antes),
      depois: show(row.depois),
      atual: show(joined.atual),
      motivo: row.motivo,
      situacao: row.situacao,
      solicitado_por: row.solicitadoPorNome,
      solicitado_em: row.solicitadoEm.toISOString(),
      resposta: row.resposta,
      decidido_por: row.decididoPorNome,
      decidido_em: row.decididoEm?.toISOString() ?? null,
    };
  });
}

async function presentOne(db: DbOrTx, id: string): Promise<RectificationRequest> {
  const [found] = await presentRequests(db, eq(rectificationRequests.id, id));
  if (!found) throw requestNotFound();
  return found;
}

/**
 * GET /api/retificacoes — administrators: every request (the queue); teachers: their own. Pending
 * first, newest first.
 */
export async function listRectificationRequests(
  db: DbOrTx,
  viewer: Viewer,
  query: RectificationRequestsQuery,
): Promise<RectificationRequest[]> {
  const situacao = query.situacao ?? 'todas';
  return presentRequests(
    db,
    and(
      viewer.nivel === 'administrador' ? undefined : eq(rectificationRequests.solicitadoPorId, viewer.id),
      situacao === 'todas' ? undefined : eq(rectificationRequests.situacao, situacao),
      query.turma_id ? eq(assessments.turmaId, query.turma_id) : undefined,
    ),
  );
}

/**
 * POST /api/retificacoes — a teacher of the subject asks for a grade of a period closed to them. The
 * administrator corrects directly instead; an open period is edited in the grid.
 */
export async function requestRectification(
  ctx: AppContext,
  viewer: Viewer,
  input: RectificationRequestInput,
  actor: Actor,
): Promise<RectificationRequest> {
  const [column] = await ctx.db.select().from(assessments).where(eq(assessments.id, input.avaliacao_id));
  if (!column) throw notFound('Avaliação não encontrada.');
  const access = await subjectAccess(ctx.db, viewer, column.turmaId, column.disciplina, 'write').catch(() => {
    throw notFound('Avaliação não encontrada.');
  });
  const context = await periodContextOf(ctx.db, column.periodoId);
  // On the scale of the grade's year (a closed year keeps the rules it was closed with).
  const value = parseGradeValue(input.valor, await rulesForYear(ctx.db, context.year.id));
  if (!value.ok) throw badRequest(value.message, [{ path: 'valor', message: value.message }]);
  if (access.isAdmin)
    throw conflict('Você retifica a nota diretamente, pelo botão “Retificar” ao lado dela.');
  const state = await periodStateFor(ctx.db, context.period, column.turmaId);
  if (!closedMessage(context, state, 'notas'))
    throw conflict(`O ${context.nome} está aberto: altere a nota diretamente na grade.`);
  await assertMemberDuring(ctx.db, context, input.aluno_id, column);

  const id = await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ valor: grades.valor })
        .from(grades)
        .where(and(eq(grades.avaliacaoId, column.id), eq(grades.alunoId, input.aluno_id)))
        .for('update');
      const antes = current?.valor ?? null;
      if (tenthsOf(antes) === value.tenths)
        throw badRequest('A nota pedida é igual à atual.', [
          { path: 'valor', message: 'Igual à nota atual' },
        ]);
      const [pending] = await tx
        .select({ id: rectificationRequests.id })
        .from(rectificationRequests)
        .where(
          and(
            eq(rectificationRequests.avaliacaoId, column.id),
            eq(rectificationRequests.alunoId, input.aluno_id),
            eq(rectificationRequests.situacao, 'pendente'),
          ),
        );
      if (pending) throw pendingTwice();
      const [created] = await tx
        .insert(rectificationRequests)
        .values({
          avaliacaoId: column.id,
          alunoId: input.aluno_id,
          antes,
          depois: gradeText(value.tenths),
          motivo: input.motivo,
          solicitadoPorId: actor.id,
          solicitadoPorNome: actor.nome,
          solicitadoEm: clock.now(),
        })
        .returning({ id: rectificationRequests.id });
      await recordAudit(tx, actor, {
        action: 'solicitar_retificacao',
        entity: 'retificacao',
        entityId: created!.id,
        details: {
          avaliacao_id: column.id,
          aluno_id: input.aluno_id,
          antes,
          depois: gradeText(value.tenths),
          motivo: input.motivo,
        },
      });
      return created!.id;
    })
    .catch((error: unknown) => {
      // Two requests for the same cell at once: the partial unique index keeps one.
      if (isUniqueViolation(error, 'rectification_requests_pending_unique')) throw pendingTwice();
      throw error;
    });
  return presentOne(ctx.db, id);
}

/** The pending request, locked for the decision; 409 once decided. */
async function lockPending(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select()
    .from(rectificationRequests)
    .where(eq(rectificationRequests.id, id))
    .for('update');
  if (!row) throw requestNotFound();
  if (row.situacao !== 'pendente') throw conflict(`Esta solicitação já foi ${row.situacao}.`);
  return row;
}

/** Closes a pending request as `actor` decided it, with the audit entry of the decision. */
async function recordDecision(
  tx: DbOrTx,
  row: Awaited<ReturnType<typeof lockPending>>,
  situacao: 'aprovada' | 'recusada',
  resposta: string | null,
  actor: Actor,
): Promise<void> {
  await tx
    .update(rectificationRequests)
    .set({
      situacao,
      resposta,
      decididoPorId: actor.id,
      decididoPorNome: actor.nome,
      decididoEm: clock.now(),
    })
    .where(eq(rectificationRequests.id, row.id));
  await recordAudit(tx, actor, {
    action: situacao === 'aprovada' ? 'aprovar_retificacao' : 'recusar_retificacao',
    entity: 'retificacao',
    entityId: row.id,
    details: { antes: row.antes, depois: row.depois, motivo: row.motivo, resposta },
  });
}

/**
 * The teacher who asked is told the decision, in the decision's transaction: the bell names the grade
 * (the teacher's own); the e-mail and SMS only that there is a decision to read in Notas.
 */
async function notifyRequester(ctx: AppContext, tx: DbOrTx, id: string, requesterId: string | null) {
  if (requesterId === null) return;
  const [request] = await presentRequests(tx, eq(rectificationRequests.id, id));
  if (!request) return;
  const aprovada = request.situacao === 'aprovada';
  const what = `${request.avaliacao.nome} de ${request.disciplina} (${request.turma.nome}, ${request.periodo.nome}), ${request.aluno.nome}`;
  const result = aprovada
    ? `a nota passou de ${request.antes ?? 'sem nota'} para ${request.depois ?? 'sem nota'}.`
    : `a nota continua ${request.atual ?? 'sem nota'}.`;
  const titulo = aprovada ? 'Retificação aprovada' : 'Retificação recusada';
  await notifyUser(ctx, tx, requesterId, {
    tipo: 'retificacao',
    titulo,
    texto: `${what}: ${result}${request.resposta ? ` Resposta de ${request.decidido_por ?? 'quem decidiu'}: ${request.resposta}` : ''}`,
    link: paths.grades,
    email: {
      assunto: titulo,
      texto: `Sua solicitação de retificação de nota foi ${aprovada ? 'aprovada' : 'recusada'}. Veja a decisão em Notas, em "Minhas solicitações de retificação".`,
    },
    sms: `Sua solicitação de retificação de nota foi ${aprovada ? 'aprovada' : 'recusada'}. Veja no portal.`,
  });
}

/**
 * POST /api/retificacoes/:id/aprovar — the grade becomes the value asked for, as a retificação by
 * the administrator carrying the teacher's reason; refused (409) when the grade changed since the
 * request, so an approval never overwrites a correction it did not see.
 */
export async function approveRectification(
  ctx: AppContext,
  id: string,
  input: RectificationApprovalInput,
  actor: Actor,
): Promise<RectificationRequest> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    const value = parseAsked(tenthsOf(row.depois), await rulesForAssessment(tx, row.avaliacaoId));
    await writeRectification(
      tx,
      { avaliacaoId: row.avaliacaoId, alunoId: row.alunoId },
      value,
      `${row.motivo} (solicitada por ${row.solicitadoPorNome ?? 'professor'})`,
      actor,
      { antes: row.antes },
      { solicitacao_id: row.id, solicitado_por: row.solicitadoPorNome },
    );
    const resposta = input.resposta?.trim() ? input.resposta.trim() : null;
    await recordDecision(tx, row, 'aprovada', resposta, actor);
    await notifyRequester(ctx, tx, row.id, row.solicitadoPorId);
  });
  return presentOne(ctx.db, id);
}

/** POST /api/retificacoes/:id/recusar — nothing changes on the grade; the teacher reads why. */
export async function refuseRectification(
  ctx: AppContext,
  id: string,
  input: RectificationRefusalInput,
  actor: Actor,
): Promise<RectificationRequest> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    await recordDecision(tx, row, 'recusada', input.resposta, actor);
    await notifyRequester(ctx, tx, row.id, row.solicitadoPorId);
  });
  return presentOne(ctx.db, id);
}
