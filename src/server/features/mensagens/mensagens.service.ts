import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Conversa,
  ConversaDetalhe,
  Conversas,
  DestinosOpcoes,
  conversaInputSchema,
} from '../../../shared/mensagens.schemas.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enforceWriteLimits, ownRows, WRITE_LIMITS } from '../../lib/write-limits.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classes } from '../../db/schema/classes.js';
import { notifyUser, fanOut, markReadByLink } from '../notificacoes/index.js';
import { scopeOf } from '../students/index.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import type { UserRow } from '../../db/schema/users.js';
import { conversaLeituras, conversas, mensagens, type ConversaRow } from '../../db/schema/mensagens.js';

type Viewer = Pick<UserRow, 'id' | 'nivel' | 'nome'>;
const conversaNotFound = () => notFound('Conversa não encontrada.');
const CLOSED_MESSAGE =
  'O responsável não está mais vinculado a este aluno: a conversa fica guardada só para consulta.';
const linkOf = (id: string) => `/dashboard/mensagens?id=${id}`;

/**
 * Each message notifies the other side (every administrator, for the secretaria) by the bell and the
 * outbox: one account writes at most so many an hour and a day, new conversations included (ADR 0018).
 */
function limitMessages(tx: DbOrTx, viewer: Viewer): Promise<void> {
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
const guardianStillLinked = sql<boolean>`exists (
  select 1 from ${studentGuardians} join ${guardians} on ${guardians.id} = ${studentGuardians.responsavelId}
  where ${studentGuardians.alunoId} = ${conversas.alunoId} and ${guardians.usuarioId} = ${conversas.responsavelUsuarioId})`;

/**
 * Which conversations a person reaches: a guardian their own, about a child they are linked to now; an
 * administrator every one with the secretaria; a teacher those addressed to them. Anything else
 * answers 404.
 */
async function reachOf(db: DbOrTx, viewer: Viewer): Promise<SQL> {
  if (viewer.nivel === 'responsavel')
    return and(eq(conversas.responsavelUsuarioId, viewer.id), guardianStillLinked)!;
  if (viewer.nivel === 'administrador') return eq(conversas.destino, 'secretaria');
  const scope = await scopeOf(db, viewer);
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  return teacherId ? eq(conversas.professorId, teacherId) : sql`false`;
}

const sideOf = (viewer: Viewer) => (viewer.nivel === 'responsavel' ? 'familia' : 'escola');

/**
 * The child's teachers who can read a message: the class's responsible teacher and its grid's, with a
 * portal account and an active record (an 'inativo' or 'afastado' teacher reaches no conversation).
 */
async function teachersOfStudent(db: DbOrTx, alunoId: string) {
  return db
    .selectDistinct({ id: teachers.id, nome: teachers.nome })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .innerJoin(
      teachers,
      sql`${teachers.id} = ${classes.professorResponsavelId} or ${teachers.id} in (select ${classSubjects.professorId} from ${classSubjects} where ${classSubjects.turmaId} = ${classes.id})`,
    )
    .where(
      and(eq(students.id, alunoId), sql`${teachers.usuarioId} is not null`, eq(teachers.status, 'ativo')),
    )
    .orderBy(asc(teachers.nome));
}

async function ownChildren(db: DbOrTx, viewer: Viewer) {
  return db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.alunoId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(and(eq(guardians.usuarioId, viewer.id), eq(students.status, 'ativo')))
    .orderBy(asc(students.nome));
}

export async function listRecipients(db: Db, viewer: Viewer): Promise<DestinosOpcoes> {
  const children = await ownChildren(db, viewer);
  return Promise.all(
    children.map(async (aluno) => ({ aluno, professores: await teachersOfStudent(db, aluno.id) })),
  );
}

function unreadCount(viewer: Viewer): SQL<number> {
  const other = sideOf(viewer) === 'familia' ? 'escola' : 'familia';
  return sql<number>`(select count(*)::int from ${mensagens} m
    where m.conversa_id = ${conversas.id} and m.lado = ${other}
    and m.created_at > coalesce((select l.lida_ate from ${conversaLeituras} l
      where l.conversa_id = ${conversas.id} and l.usuario_id = ${viewer.id}), '-infinity'::timestamptz))`;
}

async function rowsFor(db: DbOrTx, viewer: Viewer, where: SQL | undefined) {
  const reach = await reachOf(db, viewer);
  return db
    .select({
      conversa: conversas,
      alunoNome: students.nome,
      responsavelNome: sql<string>`(select u.nome from users u where u.id = ${conversas.responsavelUsuarioId})`,
      professorNome: teachers.nome,
      naoLidas: unreadCount(viewer),
      linked: guardianStillLinked,
    })
    .from(conversas)
    .innerJoin(students, eq(students.id, conversas.alunoId))
    .leftJoin(teachers, eq(teachers.id, conversas.professorId))
    .where(and(reach, where))
    .orderBy(desc(conversas.ultimaMensagemEm));
}

function toConversa(row: Awaited<ReturnType<typeof rowsFor>>[number]): Conversa {
  const { conversa } = row;
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
  };
}

export async function listConversations(db: Db, viewer: Viewer): Promise<Conversas> {
  const rows = await rowsFor(db, viewer, undefined);
  const items = rows.map(toConversa);
  return { items, nao_lidas: items.reduce((sum, item) => sum + item.nao_lidas, 0) };
}

/** Who on the other side is told of a new message (never its content: 'você tem uma nova mensagem'). */
async function notifyOtherSide(
  ctx: AppContext,
  tx: DbOrTx,
  conversa: ConversaRow,
  from: Viewer,
): Promise<void> {
  const event = {
    tipo: 'mensagem' as const,
    titulo: `Nova mensagem: ${conversa.assunto}`,
    texto: `${from.nome} enviou uma mensagem.`,
    link: linkOf(conversa.id),
    email: {
      assunto: 'Você tem uma nova mensagem',
      texto: 'Você tem uma nova mensagem no portal da escola.',
    },
    sms: 'Você tem uma nova mensagem no portal da escola.',
  };
  if (sideOf(from) === 'escola') return notifyUser(ctx, tx, conversa.responsavelUsuarioId, event);
  if (conversa.destino === 'secretaria')
    return fanOut(ctx, tx, {
      ...event,
      recipients: sql`select id as usuario_id from users where nivel = 'administrador' and status = 'ativo'`,
    });
  const [teacher] = await tx
    .select({ usuarioId: teachers.usuarioId })
    .from(teachers)
    .where(eq(teachers.id, conversa.professorId ?? ''));
  if (teacher?.usuarioId) await notifyUser(ctx, tx, teacher.usuarioId, event);
}

export async function startConversa(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof conversaInputSchema>,
): Promise<ConversaDetalhe> {
  const now = clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    await limitMessages(tx, viewer);
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
    await tx.insert(mensagens).values({
      conversaId: row!.id,
      autorId: viewer.id,
      autorNome: viewer.nome,
      lado: 'familia',
      texto: input.texto,
      createdAt: now,
    });
    await tx.insert(conversaLeituras).values({ conversaId: row!.id, usuarioId: viewer.id, lidaAte: now });
    await notifyOtherSide(ctx, tx, row!, viewer);
    return row!.id;
  });
  return openConversa(ctx.db, viewer, id);
}

/** The conversation with its messages; reading it moves the reader's mark to now. */
export async function openConversa(db: Db, viewer: Viewer, id: string): Promise<ConversaDetalhe> {
  const [row] = await rowsFor(db, viewer, eq(conversas.id, id));
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
    .where(eq(mensagens.conversaId, id))
    .orderBy(asc(mensagens.createdAt), asc(mensagens.id));
  return {
    ...toConversa(row),
    nao_lidas: 0,
    mensagens: items.map((item) => ({
      id: item.id,
      autor_nome: item.autorNome,
      lado: item.lado,
      texto: item.texto,
      created_at: item.createdAt.toISOString(),
      minha: item.autorId === viewer.id,
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
    if (!found) throw conversaNotFound();
    // The school does not write to someone no longer responsible for the child (nor tell them of it).
    if (!found.linked) throw conflict(CLOSED_MESSAGE);
    const row = found.row;
    await tx.insert(mensagens).values({
      conversaId: id,
      autorId: viewer.id,
      autorNome: viewer.nome,
      lado: sideOf(viewer),
      texto,
      createdAt: now,
    });
    await tx.update(conversas).set({ ultimaMensagemEm: now }).where(eq(conversas.id, id));
    await notifyOtherSide(ctx, tx, row, viewer);
  });
  return openConversa(ctx.db, viewer, id);
}
