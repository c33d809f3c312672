import { folded } from '../../lib/text-search.js';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type {
  Conversa,
  ConversaDetalhe,
  Conversas,
  DestinosOpcoes,
  conversaInputSchema,
} from '../../../shared/mensagens.schemas.js';
import type { z } from 'zod';
import { can, type Permission } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { enforceWriteLimits, ownRows, WRITE_LIMITS } from '../../lib/write-limits.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classes } from '../../db/schema/classes.js';
import { notifyUser, fanOut, markReadByLink } from '../notificacoes/index.js';
import { scopeOf } from '../students/index.js';
import { staffHolding } from '../perfis/index.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import type { UserRow } from '../../db/schema/users.js';
import { conversaLeituras, conversas, mensagens, type ConversaRow } from '../../db/schema/mensagens.js';
import type { Acompanhamento, MensagensConfig } from '../../../shared/mensagens.schemas.js';
import { deliveryTime, getMensagensConfig, offHoursNotice } from './mensagens.config.js';

/** The signed-in person (their profiles' permissions decide what the school's side may start or follow). */
export type Viewer = Pick<UserRow, 'id' | 'nivel' | 'nome'> & { permissoes?: readonly Permission[] };
const conversaNotFound = () => notFound('Conversa não encontrada.');
/** A family's message held until the teachers' hours: its teacher is told then (the job queue). */
export const DELIVERY_JOB = 'mensagens.entrega';
const CLOSED_MESSAGE =
  'O responsável não está mais vinculado a este aluno: a conversa fica guardada só para consulta.';
export const linkOf = (id: string) => `/dashboard/mensagens?id=${id}`;

/**
 * Each message notifies the other side (every administrator, for the secretaria) by the bell and the
 * outbox: one account writes at most so many an hour and a day, new conversations included (ADR 0018).
 */
export function limitMessages(tx: DbOrTx, viewer: Viewer): Promise<void> {
  const sent = ownRows(mensagens, mensagens.createdAt, mensagens.autorId, viewer.id);
  return enforceWriteLimits(tx, viewer, 'mensagens', [
    { limit: WRITE_LIMITS.mensagensHora, source: sent },
    { limit: WRITE_LIMITS.mensagensDia, source: sent },
  ]);
}

/**
 * Whether the conversation's guardian is still linked to its child. Unlinked (custody changed, a
 * mistaken link undone), the guardian no longer reaches it; the school keeps it, read-only.
 */
export const guardianStillLinked = sql<boolean>`exists (
  select 1 from ${studentGuardians} join ${guardians} on ${guardians.id} = ${studentGuardians.responsavelId}
  where ${studentGuardians.alunoId} = ${conversas.alunoId} and ${guardians.usuarioId} = ${conversas.responsavelUsuarioId})`;

/** Whether this person follows the teachers' conversations now: the school's rule and their profile. */
export const follows = (viewer: Viewer, config: MensagensConfig) =>
  config.monitoramento &&
  viewer.nivel === 'administrador' &&
  can(viewer.permissoes ?? 'administrador', 'mensagens.acompanhar');

/**
 * Whether this person of the school is the secretaria of the families' conversations: whoever may start
 * one with any family (`mensagens.iniciar`: Secretaria, Coordenação, Direção). A Financeiro profile is
 * not — a mother's message about her son's health is not the cashier's to read.
 */
export const answersForSecretaria = (viewer: Pick<Viewer, 'nivel' | 'permissoes'>) =>
  viewer.nivel === 'administrador' && can(viewer.permissoes ?? 'administrador', 'mensagens.iniciar');

/**
 * Which conversations a person reaches: a guardian their own, about a child they are linked to now; the
 * secretaria (`answersForSecretaria`) every one with the secretaria; a follower (`monitored`) the
 * teachers' ones, to read; a teacher those with them. Anything else answers 404.
 */
async function reachOf(db: DbOrTx, viewer: Viewer, monitored = false): Promise<SQL> {
  if (viewer.nivel === 'responsavel')
    return and(eq(conversas.responsavelUsuarioId, viewer.id), guardianStillLinked)!;
  if (viewer.nivel === 'administrador')
    return (
      or(
        answersForSecretaria(viewer) ? eq(conversas.destino, 'secretaria') : undefined,
        monitored ? eq(conversas.destino, 'professor') : undefined,
      ) ?? sql`false`
    );
  const scope = await scopeOf(db, viewer);
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  return teacherId ? eq(conversas.professorId, teacherId) : sql`false`;
}

export const sideOf = (viewer: Viewer) => (viewer.nivel === 'responsavel' ? 'familia' : 'escola');

/**
 * The child's teachers who can read a message: the class's responsible teacher and its grid's, with a
 * portal account and an active record (an 'inativo' or 'afastado' teacher reaches no conversation).
 */
export async function teachersOfStudent(db: DbOrTx, alunoId: string) {
  // Distinct rows order by what they select: the folded name is selected for the order, then dropped.
  const rows = await db
    .selectDistinct({ id: teachers.id, nome: teachers.nome, ordem: folded(teachers.nome) })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .innerJoin(
      teachers,
      sql`${teachers.id} = ${classes.professorResponsavelId} or ${teachers.id} in (select ${classSubjects.professorId} from ${classSubjects} where ${classSubjects.turmaId} = ${classes.id})`,
    )
    .where(
      and(eq(students.id, alunoId), sql`${teachers.usuarioId} is not null`, eq(teachers.status, 'ativo')),
    )
    .orderBy(asc(folded(teachers.nome)));
  return rows.map(({ id, nome }) => ({ id, nome }));
}

async function ownChildren(db: DbOrTx, viewer: Viewer) {
  return db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.alunoId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(and(eq(guardians.usuarioId, viewer.id), eq(students.status, 'ativo')))
    .orderBy(asc(folded(students.nome)));
}

/** Whom a family may write to, per child: the secretaria, and the child's teachers unless the school says not. */
export async function listRecipients(db: Db, viewer: Viewer): Promise<DestinosOpcoes> {
  const [children, config] = await Promise.all([ownChildren(db, viewer), getMensagensConfig(db)]);
  const teachersToo = config.familias_iniciam === 'professores_e_secretaria';
  return Promise.all(
    children.map(async (aluno) => ({
      aluno,
      professores: teachersToo ? await teachersOfStudent(db, aluno.id) : [],
    })),
  );
}

export function unreadCount(viewer: Viewer, now: Date): SQL<number> {
  const other = sideOf(viewer) === 'familia' ? 'escola' : 'familia';
  return sql<number>`(select count(*)::int from ${mensagens} m
    where m.conversa_id = ${conversas.id} and m.lado = ${other}
    and (m.entrega_em is null or m.entrega_em <= ${now.toISOString()}::timestamptz)
    and coalesce(m.entrega_em, m.created_at) > coalesce((select l.lida_ate from ${conversaLeituras} l
      where l.conversa_id = ${conversas.id} and l.usuario_id = ${viewer.id}), '-infinity'::timestamptz))`;
}

async function rowsFor(db: DbOrTx, viewer: Viewer, where: SQL | undefined, monitored = false) {
  const reach = await reachOf(db, viewer, monitored);
  return db
    .select({
      conversa: conversas,
      alunoNome: students.nome,
      responsavelNome: sql<string>`(select u.nome from users u where u.id = ${conversas.responsavelUsuarioId})`,
      professorNome: teachers.nome,
      naoLidas: unreadCount(viewer, clock.now()),
      linked: guardianStillLinked,
    })
    .from(conversas)
    .innerJoin(students, eq(students.id, conversas.alunoId))
    .leftJoin(teachers, eq(teachers.id, conversas.professorId))
    .where(and(reach, where))
    .orderBy(desc(conversas.ultimaMensagemEm));
}

type Row = Awaited<ReturnType<typeof rowsFor>>[number];

/** A conversation as this person sees it, under the school's rules now. */
export function toConversa(row: Row, viewer: Viewer, config: MensagensConfig): Conversa {
  const { conversa } = row;
  const withTeacher = conversa.destino === 'professor';
  const now = clock.now();
  const deliverAt = withTeacher && viewer.nivel === 'responsavel' ? deliveryTime(config, now) : null;
  return {
    id: conversa.id,
    aluno: { id: conversa.alunoId, nome: row.alunoNome },
    responsavel: { id: conversa.responsavelUsuarioId, nome: row.responsavelNome },
    destino: conversa.destino,
    professor: conversa.professorId ? { id: conversa.professorId, nome: row.professorNome ?? '' } : null,
    assunto: conversa.assunto,
    ultima_mensagem_em: conversa.ultimaMensagemEm.toISOString(),
    nao_lidas: row.naoLidas,
    encerrada: !row.linked,
    iniciada_por: conversa.iniciadaPor,
    monitorada: withTeacher && config.monitoramento,
    somente_leitura: withTeacher && viewer.nivel === 'administrador',
    aviso_horario: deliverAt ? offHoursNotice(deliverAt, now) : null,
  };
}

export async function listConversations(db: Db, viewer: Viewer): Promise<Conversas> {
  const [rows, config] = await Promise.all([rowsFor(db, viewer, undefined), getMensagensConfig(db)]);
  const items = rows.map((row) => toConversa(row, viewer, config));
  return { items, nao_lidas: items.reduce((sum, item) => sum + item.nao_lidas, 0) };
}

/** Who on the other side is told of a new message (never its content: 'você tem uma nova mensagem'). */
export async function notifyOtherSide(
  ctx: AppContext,
  tx: DbOrTx,
  conversa: ConversaRow,
  from: Viewer,
): Promise<void> {
  const event = messageEvent(conversa, from.nome);
  if (sideOf(from) === 'escola') return notifyUser(ctx, tx, conversa.responsavelUsuarioId, event);
  if (conversa.destino === 'secretaria')
    // The secretaria (`answersForSecretaria`): whoever holds mensagens.iniciar.
    return fanOut(ctx, tx, { ...event, recipients: staffHolding('mensagens.iniciar') });
  await notifyTeacher(ctx, tx, conversa, event);
}

async function notifyTeacher(
  ctx: AppContext,
  tx: DbOrTx,
  conversa: ConversaRow,
  event: ReturnType<typeof messageEvent>,
): Promise<void> {
  const [teacher] = await tx
    .select({ usuarioId: teachers.usuarioId })
    .from(teachers)
    .where(eq(teachers.id, conversa.professorId ?? ''));
  if (teacher?.usuarioId) await notifyUser(ctx, tx, teacher.usuarioId, event);
}

/**
 * The job of a message held until the teachers' hours: at its time, the teacher is told (once; a message
 * whose conversation is gone, or whose guardian was unlinked meanwhile, tells nobody).
 */
export async function deliverHeldMessage(ctx: AppContext, payload: unknown): Promise<void> {
  const mensagemId = (payload as { mensagemId?: unknown }).mensagemId;
  if (typeof mensagemId !== 'string') return;
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ conversa: conversas, autorNome: mensagens.autorNome, linked: guardianStillLinked })
      .from(mensagens)
      .innerJoin(conversas, eq(conversas.id, mensagens.conversaId))
      .where(eq(mensagens.id, mensagemId));
    if (!found?.linked) return;
    await notifyTeacher(ctx, tx, found.conversa, messageEvent(found.conversa, found.autorNome));
  });
  ctx.notifier.worker.wake();
}

function messageEvent(conversa: ConversaRow, fromName: string) {
  return {
    tipo: 'mensagem' as const,
    titulo: `Nova mensagem: ${conversa.assunto}`,
    texto: `${fromName} enviou uma mensagem.`,
    link: linkOf(conversa.id),
    email: {
      assunto: 'Você tem uma nova mensagem',
      texto: 'Você tem uma nova mensagem no portal da escola.',
    },
    sms: 'Você tem uma nova mensagem no portal da escola.',
  };
}

/**
 * A family's message into a conversation: to a teacher outside the teachers' hours it is held (the
 * teacher sees it, and is told, at the start of the hours); otherwise the other side is told now.
 */
async function postFamilyMessage(
  ctx: AppContext,
  tx: DbOrTx,
  conversa: ConversaRow,
  viewer: Viewer,
  texto: string,
  now: Date,
): Promise<void> {
  const config = await getMensagensConfig(tx);
  const held = conversa.destino === 'professor' ? deliveryTime(config, now) : null;
  const [row] = await tx
    .insert(mensagens)
    .values({
      conversaId: conversa.id,
      autorId: viewer.id,
      autorNome: viewer.nome,
      lado: 'familia',
      texto,
      entregaEm: held,
      createdAt: now,
    })
    .returning({ id: mensagens.id });
  if (held) await ctx.jobs.enqueue(tx, DELIVERY_JOB, { mensagemId: row!.id }, held);
  else await notifyOtherSide(ctx, tx, conversa, viewer);
}

export async function startConversa(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof conversaInputSchema>,
): Promise<ConversaDetalhe> {
  const now = clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    await limitMessages(tx, viewer);
    if (!input.destino)
      throw new AppError('VALIDATION', 'Escolha com quem falar', [
        { path: 'destino', message: 'Escolha com quem falar' },
      ]);
    const config = await getMensagensConfig(tx);
    if (input.destino === 'professor' && config.familias_iniciam === 'somente_secretaria')
      throw new AppError(
        'FORBIDDEN',
        'A escola recebe as mensagens das famílias pela secretaria: escolha "Secretaria".',
      );
    const children = await ownChildren(tx, viewer);
    if (!children.some((child) => child.id === input.aluno_id)) throw notFound('Aluno não encontrado.');
    let professorId: string | null = null;
    if (input.destino === 'professor') {
      const allowed = await teachersOfStudent(tx, input.aluno_id);
      if (!allowed.some((teacher) => teacher.id === input.professor_id))
        throw notFound('Professor não encontrado.');
      professorId = input.professor_id ?? null;
    }
    const [row] = await tx
      .insert(conversas)
      .values({
        alunoId: input.aluno_id,
        responsavelUsuarioId: viewer.id,
        destino: input.destino,
        professorId,
        assunto: input.assunto,
        ultimaMensagemEm: now,
        createdAt: now,
      })
      .returning();
    await tx.insert(conversaLeituras).values({ conversaId: row!.id, usuarioId: viewer.id, lidaAte: now });
    await postFamilyMessage(ctx, tx, row!, viewer, input.texto, now);
    return row!.id;
  });
  return openConversa(ctx.db, viewer, id);
}

/** The conversation with its messages; reading it moves the reader's mark to now. */
export async function openConversa(db: Db, viewer: Viewer, id: string): Promise<ConversaDetalhe> {
  const config = await getMensagensConfig(db);
  const [row] = await rowsFor(db, viewer, eq(conversas.id, id), follows(viewer, config));
  if (!row) throw conversaNotFound();
  const now = clock.now();
  await db
    .insert(conversaLeituras)
    .values({ conversaId: id, usuarioId: viewer.id, lidaAte: now })
    .onConflictDoUpdate({
      target: [conversaLeituras.conversaId, conversaLeituras.usuarioId],
      set: { lidaAte: now },
    });
  await markReadByLink(db, viewer.id, linkOf(id));
  const items = await db
    .select()
    .from(mensagens)
    .where(
      and(
        eq(mensagens.conversaId, id),
        // The school's side reads a family's message once it is delivered (the teachers' hours).
        sideOf(viewer) === 'escola'
          ? sql`(${mensagens.entregaEm} is null or ${mensagens.entregaEm} <= ${now.toISOString()}::timestamptz)`
          : undefined,
      ),
    )
    .orderBy(asc(mensagens.createdAt), asc(mensagens.id));
  return {
    ...toConversa(row, viewer, config),
    nao_lidas: 0,
    mensagens: items.map((item) => ({
      id: item.id,
      autor_nome: item.autorNome,
      lado: item.lado,
      texto: item.texto,
      created_at: item.createdAt.toISOString(),
      minha: item.autorId === viewer.id,
      entrega_em: item.entregaEm && item.entregaEm > now ? item.entregaEm.toISOString() : null,
    })),
  };
}

export async function replyConversa(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  texto: string,
): Promise<ConversaDetalhe> {
  const now = clock.now();
  await ctx.db.transaction(async (tx) => {
    await limitMessages(tx, viewer);
    const reach = await reachOf(tx, viewer);
    const [found] = await tx
      .select({ row: conversas, linked: guardianStillLinked })
      .from(conversas)
      .where(and(eq(conversas.id, id), reach))
      .for('update');
    if (!found) {
      // The coordination following a teacher's conversation reads it, and does not write in it.
      if (follows(viewer, await getMensagensConfig(tx)) && (await exists(tx, id)))
        throw new AppError(
          'FORBIDDEN',
          'A coordenação acompanha as conversas dos professores sem escrever nelas.',
        );
      throw conversaNotFound();
    }
    // The school does not write to someone no longer responsible for the child (nor tell them of it).
    if (!found.linked) throw conflict(CLOSED_MESSAGE);
    const row = found.row;
    await tx.update(conversas).set({ ultimaMensagemEm: now }).where(eq(conversas.id, id));
    if (sideOf(viewer) === 'familia') return postFamilyMessage(ctx, tx, row, viewer, texto, now);
    await tx.insert(mensagens).values({
      conversaId: id,
      autorId: viewer.id,
      autorNome: viewer.nome,
      lado: 'escola',
      texto,
      createdAt: now,
    });
    await notifyOtherSide(ctx, tx, row, viewer);
  });
  return openConversa(ctx.db, viewer, id);
}

async function exists(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: conversas.id }).from(conversas).where(eq(conversas.id, id)).limit(1);
  return row !== undefined;
}

/**
 * The teachers' conversations, for the coordination following them (read only; 'acompanhamento'): none
 * while the school's rule is off. Opening one marks nothing for the family or the teacher.
 */
export async function listFollowed(db: Db, viewer: Viewer): Promise<Acompanhamento> {
  const config = await getMensagensConfig(db);
  if (!follows(viewer, config)) return { ativo: false, items: [] };
  const rows = await rowsFor(db, viewer, eq(conversas.destino, 'professor'), true);
  return { ativo: true, items: rows.map((row) => ({ ...toConversa(row, viewer, config), nao_lidas: 0 })) };
}
