import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  type Anexo,
  type CienteVersao,
  type Comunicado,
  type ComunicadoListItem,
  type ComunicadoPage,
  type LembreteResult,
  type Leituras,
  type Publico,
  type PublicoOpcoes,
  type Versoes,
  COMUNICADO_LIMITS,
  comunicadoInputSchema,
  listComunicadosQuerySchema,
  publicoTipos,
} from '../../../shared/comunicados.schemas.js';
import { can } from '../../../shared/permissions.js';
import { richTextSummary } from '../../../shared/rich-text.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertVersion } from '../../lib/versioning.js';
import {
  auditRows,
  enforceWriteLimits,
  freeAtLabel,
  lockLimit,
  rateLimited,
  UPLOAD_LIMITS,
  WRITE_LIMITS,
} from '../../lib/write-limits.js';
import { recordAudit, systemActor, type Actor } from '../audit/audit.service.js';
import { classes } from '../../db/schema/classes.js';
import { processImage, sniffImage } from '../media/media.service.js';
import { fanOut, markReadByLink } from '../notificacoes/notificacoes.service.js';
import { forgetCachedUnread } from '../notificacoes/unread-cache.js';
import { classIdsTaughtBy, scopeOf } from '../students/students.scope.js';
import { students } from '../../db/schema/students.js';
import { users, type UserRow } from '../../db/schema/users.js';
import {
  comunicadoAnexos,
  comunicadoCientes,
  comunicadoDestinatarios,
  comunicados,
  comunicadoVersoes,
  type ComunicadoRow,
  type VersaoAnexo,
} from '../../db/schema/comunicados.js';

type Author = Pick<UserRow, 'id' | 'nivel' | 'nome'>;
type ParsedInput = z.output<typeof comunicadoInputSchema>;
type ListQuery = z.output<typeof listComunicadosQuerySchema>;

export const comunicadoNotFound = () => notFound('Comunicado não encontrado.');
const isAdmin = (user: Pick<UserRow, 'nivel'>) => user.nivel === 'administrador';
const linkOf = (id: string) => `/dashboard/comunicados?id=${id}`;

/**
 * The families (and staff) a notice reaches, as a query of `(usuario_id, aluno_ids)`: guardians with an
 * active portal account of the active students in the audience, one row per guardian however many of
 * their children are in it — a family with two children in two classes gets the notice once.
 */
export function audienceQuery(publico: Publico): SQL {
  if (publico.tipo === 'equipe')
    return sql`select u.id as usuario_id, '{}'::uuid[] as aluno_ids from users u
      where u.status = 'ativo' and u.nivel in ('administrador', 'professor')`;
  const filter =
    publico.tipo === 'escola'
      ? sql`true`
      : publico.tipo === 'turmas'
        ? sql`s.turma_id in (${sql.join(
            publico.turmas.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : publico.tipo === 'alunos'
          ? sql`s.id in (${sql.join(
              publico.alunos.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql`(c.nivel in (${sql.join(
              [...publico.segmentos, ''].map((value) => sql`${value}`),
              sql`, `,
            )})
                 or c.serie in (${sql.join(
                   [...publico.series, ''].map((value) => sql`${value}`),
                   sql`, `,
                 )}))`;
  return sql`select g.usuario_id as usuario_id, array_agg(distinct s.id) as aluno_ids
    from students s
    join student_guardians sg on sg.aluno_id = s.id
    join guardians g on g.id = sg.responsavel_id and g.usuario_id is not null
    join users u on u.id = g.usuario_id and u.status = 'ativo' and u.nivel = 'responsavel'
    left join classes c on c.id = s.turma_id
    where s.status = 'ativo' and ${filter}
    group by g.usuario_id`;
}

/**
 * Whether the audience is within the user's reach now: an administrator reaches any; anyone else only
 * classes they teach today (their scope, students.scope.ts), every one of them.
 */
async function audienceInScope(
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'nivel'>,
  publico: Publico,
): Promise<boolean> {
  if (isAdmin(user)) return true;
  if (publico.tipo !== 'turmas' || publico.turmas.length === 0) return false;
  const scope = await scopeOf(tx, user);
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  if (teacherId === null) return false;
  const rows = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(and(inArray(classes.id, publico.turmas), inArray(classes.id, classIdsTaughtBy(teacherId))));
  return rows.length === new Set(publico.turmas).size;
}

/** A teacher writes only to their own classes; ids outside the caller's reach answer 404. */
async function checkAudience(tx: DbOrTx, author: Author, publico: Publico): Promise<void> {
  if (!isAdmin(author)) {
    if (publico.tipo !== 'turmas')
      throw new AppError('FORBIDDEN', 'Professores enviam comunicados somente às suas turmas.');
    if (!(await audienceInScope(tx, author, publico))) throw notFound('Turma não encontrada.');
    return;
  }
  if (publico.tipo === 'turmas') {
    const rows = await tx.select({ id: classes.id }).from(classes).where(inArray(classes.id, publico.turmas));
    if (rows.length !== new Set(publico.turmas).size) throw notFound('Turma não encontrada.');
  }
  if (publico.tipo === 'alunos') {
    const rows = await tx
      .select({ id: students.id })
      .from(students)
      .where(inArray(students.id, publico.alunos));
    if (rows.length !== new Set(publico.alunos).size) throw notFound('Aluno não encontrado.');
  }
}

/** Only the chosen kind's list is kept (a form may send the others empty or stale). */
function normalizePublico(publico: Publico): Publico {
  return {
    tipo: publico.tipo,
    segmentos: publico.tipo === 'segmentos' ? [...new Set(publico.segmentos)] : [],
    series: publico.tipo === 'segmentos' ? [...new Set(publico.series)] : [],
    turmas: publico.tipo === 'turmas' ? [...new Set(publico.turmas)] : [],
    alunos: publico.tipo === 'alunos' ? [...new Set(publico.alunos)] : [],
  };
}

async function describePublico(tx: DbOrTx, publico: Publico): Promise<string> {
  if (publico.tipo === 'escola') return 'Toda a escola';
  if (publico.tipo === 'equipe') return 'Equipe da escola';
  if (publico.tipo === 'segmentos') return [...publico.segmentos, ...publico.series].join(', ');
  if (publico.tipo === 'turmas') {
    const rows = await tx
      .select({ nome: classes.nome })
      .from(classes)
      .where(inArray(classes.id, publico.turmas))
      .orderBy(asc(classes.nome));
    return `Turma${rows.length > 1 ? 's' : ''} ${rows.map((row) => row.nome).join(', ')}`;
  }
  const n = publico.alunos.length;
  return n === 1 ? 'Família de 1 aluno' : `Famílias de ${String(n)} alunos`;
}

/** The attachments of the text in force (those taken out of a confirmed text are kept, marked removed). */
async function currentAnexos(tx: DbOrTx, id: string): Promise<VersaoAnexo[]> {
  return tx
    .select({
      id: comunicadoAnexos.id,
      nome: comunicadoAnexos.nome,
      tipo: comunicadoAnexos.mimeType,
      tamanho: comunicadoAnexos.tamanho,
    })
    .from(comunicadoAnexos)
    .where(and(eq(comunicadoAnexos.comunicadoId, id), isNull(comunicadoAnexos.removidoEm)))
    .orderBy(asc(comunicadoAnexos.createdAt));
}

/**
 * Keeps the notice's text in force as its version `versaoTexto`: a new row at publication and for each
 * change after a ciente; before any ciente a change rewrites the version in force (nobody confirmed it).
 */
export async function recordVersion(
  tx: DbOrTx,
  row: Pick<ComunicadoRow, 'id' | 'versaoTexto' | 'titulo' | 'corpo' | 'exigeCiente'>,
  at: Date,
  writer: { id: string | null; nome: string },
): Promise<void> {
  const text = {
    titulo: row.titulo,
    corpo: row.corpo,
    exigeCiente: row.exigeCiente,
    anexos: await currentAnexos(tx, row.id),
    autorId: writer.id,
    autorNome: writer.nome,
  };
  await tx
    .insert(comunicadoVersoes)
    .values({ comunicadoId: row.id, numero: row.versaoTexto, publicadaEm: at, ...text })
    .onConflictDoUpdate({ target: [comunicadoVersoes.comunicadoId, comunicadoVersoes.numero], set: text });
}

/**
 * Resolves the audience now and delivers: recipients, the bell, the e-mail/SMS outbox — in the caller's
 * transaction, so a notice is published with all its deliveries queued or not at all.
 */
async function publish(ctx: AppContext, tx: DbOrTx, row: ComunicadoRow, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into comunicado_destinatarios (comunicado_id, usuario_id, aluno_ids, entregue_em)
    select ${row.id}::uuid, a.usuario_id, a.aluno_ids, ${now}
    from (${audienceQuery(row.publico)}) a
    on conflict do nothing`);
  await tx.update(comunicados).set({ publicadoEm: now }).where(eq(comunicados.id, row.id));
  await recordVersion(tx, row, now, { id: row.autorId, nome: row.autorNome });
  await notifyRecipients(
    ctx,
    tx,
    row,
    sql`select usuario_id from comunicado_destinatarios
    where comunicado_id = ${row.id}::uuid and entregue_em = ${now}`,
    'novo',
  );
}

async function notifyRecipients(
  ctx: AppContext,
  tx: DbOrTx,
  row: ComunicadoRow,
  recipients: SQL,
  kind: 'novo' | 'lembrete' | 'alterado',
): Promise<void> {
  const prefix = { novo: 'Novo comunicado: ', lembrete: 'Lembrete: ', alterado: 'Comunicado alterado: ' }[
    kind
  ];
  const ask =
    kind === 'alterado'
      ? row.exigeCiente
        ? ` O texto mudou depois do seu ciente: a escola pede um novo ciente na versão ${String(row.versaoTexto)}.`
        : ' O texto mudou depois do seu ciente.'
      : row.exigeCiente
        ? ' A escola pede que você confirme a leitura (Ciente).'
        : '';
  const texto = {
    novo: `${row.autorNome} publicou “${row.titulo}”.${ask}`,
    lembrete: `A escola lembra: ${row.titulo}.${ask}`,
    alterado: `“${row.titulo}” foi alterado.${ask}`,
  }[kind];
  await fanOut(ctx, tx, {
    recipients,
    tipo: 'comunicado',
    titulo: `${prefix}${row.titulo}`,
    texto,
    link: linkOf(row.id),
    email: {
      assunto: `${prefix}${row.titulo}`,
      texto:
        kind === 'alterado'
          ? `${texto}\nLeia a versão atual no portal.`
          : `A escola publicou um comunicado para você: “${row.titulo}”.${ask}\nLeia no portal.`,
    },
    sms: `${prefix}${row.titulo}.${ask}`,
  });
}

/**
 * Future-dated notices whose time has come (every instance's poll; one takes each, SKIP LOCKED). The
 * author's reach is checked as for any action on a notice: a teacher who no longer teaches a class of
 * the audience does not reach it through a notice scheduled before — it is cancelled (kept, marked
 * removed, audited), not published.
 */
export async function publishDueComunicados(ctx: AppContext): Promise<number> {
  const now = clock.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(comunicados)
      .where(
        and(
          isNull(comunicados.publicadoEm),
          isNull(comunicados.removidoEm),
          sql`${comunicados.publicarEm} <= ${now}`,
        ),
      )
      .orderBy(asc(comunicados.publicarEm))
      .limit(20)
      .for('update', { skipLocked: true });
    let published = 0;
    for (const row of due) {
      const [author] = row.autorId
        ? await tx.select({ id: users.id, nivel: users.nivel }).from(users).where(eq(users.id, row.autorId))
        : [];
      if (author && !(await audienceInScope(tx, author, row.publico))) {
        await tx
          .update(comunicados)
          .set({ removidoEm: now, removidoPorNome: systemActor.nome, updatedAt: now })
          .where(eq(comunicados.id, row.id));
        await recordAudit(tx, systemActor, {
          action: 'cancelar',
          entity: 'comunicado',
          entityId: row.id,
          details: {
            titulo: row.titulo,
            motivo: 'O autor não leciona mais em todas as turmas do público na data da publicação.',
          },
        });
        continue;
      }
      await publish(ctx, tx, row, now);
      published++;
    }
    return published;
  });
}

/**
 * Summaries of rows written without one (before the column existed, restored from an older backup, or by
 * an older instance during an upgrade), a batch per poll. Idempotent: several instances may run it.
 */
export async function fillMissingSummaries(db: Db): Promise<number> {
  const rows = await db
    .select({ id: comunicados.id, corpo: comunicados.corpo })
    .from(comunicados)
    .where(isNull(comunicados.resumo))
    .limit(200);
  for (const row of rows)
    await db
      .update(comunicados)
      .set({ resumo: richTextSummary(row.corpo) })
      .where(and(eq(comunicados.id, row.id), isNull(comunicados.resumo)));
  return rows.length;
}

async function attachAnexos(tx: DbOrTx, author: Author, comunicadoId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const claimed = await tx
    .update(comunicadoAnexos)
    .set({ comunicadoId })
    .where(
      and(
        inArray(comunicadoAnexos.id, unique),
        isNull(comunicadoAnexos.comunicadoId),
        eq(comunicadoAnexos.enviadoPor, author.id),
      ),
    )
    .returning({ id: comunicadoAnexos.id });
  if (claimed.length !== unique.length) throw notFound('Anexo não encontrado. Envie o arquivo de novo.');
  const [total] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(comunicadoAnexos)
    .where(and(eq(comunicadoAnexos.comunicadoId, comunicadoId), isNull(comunicadoAnexos.removidoEm)));
  if ((total?.n ?? 0) > COMUNICADO_LIMITS.anexosMax)
    throw new AppError('VALIDATION', 'No máximo 5 anexos por comunicado.', [
      { path: 'anexos', message: 'No máximo 5 anexos' },
    ]);
}

/** How far ahead a notice may be scheduled: a date years away is a typo (2062 for 2026), not a plan. */
const MAX_SCHEDULE_DAYS = 366;

function checkSchedule(publicarEm: Date, now: Date): void {
  if (publicarEm.getTime() - now.getTime() > MAX_SCHEDULE_DAYS * 86_400_000)
    throw new AppError('VALIDATION', 'Agende a publicação para no máximo um ano a partir de hoje.', [
      { path: 'publicar_em', message: 'No máximo um ano a partir de hoje' },
    ]);
}

export async function createComunicado(
  ctx: AppContext,
  author: Author,
  input: ParsedInput,
  actor: Actor,
): Promise<Comunicado> {
  const now = clock.now();
  const publico = normalizePublico(input.publico);
  const publicarEm = input.publicar_em ? new Date(input.publicar_em) : now;
  checkSchedule(publicarEm, now);
  const expiraEm = input.expira_em ? new Date(input.expira_em) : null;
  if (expiraEm && expiraEm <= (publicarEm > now ? publicarEm : now))
    throw new AppError('VALIDATION', 'A expiração deve ser depois da publicação.', [
      { path: 'expira_em', message: 'A expiração deve ser depois da publicação' },
    ]);
  const id = await ctx.db.transaction(async (tx) => {
    // Each one reaches families' bells and inboxes; counted in the audit trail, which a deletion keeps.
    await enforceWriteLimits(tx, author, 'comunicados', [
      { limit: WRITE_LIMITS.comunicados, source: auditRows(author.id, 'comunicado', ['criar']) },
    ]);
    await checkAudience(tx, author, publico);
    const [row] = await tx
      .insert(comunicados)
      .values({
        titulo: input.titulo,
        corpo: input.corpo,
        resumo: richTextSummary(input.corpo),
        publico,
        publicoDescricao: await describePublico(tx, publico),
        exigeCiente: input.exige_ciente,
        publicarEm: publicarEm > now ? publicarEm : now,
        expiraEm,
        autorId: author.id,
        autorNome: author.nome,
      })
      .returning();
    await attachAnexos(tx, author, row!.id, input.anexos);
    if (publicarEm <= now) await publish(ctx, tx, row!, now);
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'comunicado',
      entityId: row!.id,
      details: { publico: publico.tipo, exige_ciente: input.exige_ciente, agendado: publicarEm > now },
    });
    return row!.id;
  });
  return getComunicadoFor(ctx.db, author, id);
}

type RecipientRow = typeof comunicadoDestinatarios.$inferSelect;

interface NoticeAccess {
  row: ComunicadoRow;
  /** An administrator, or the author while every class of the audience is still theirs. */
  manages: boolean;
  /** The caller's delivery, while the notice is not removed. */
  recipient: RecipientRow | null;
}

/**
 * Who may do what with one notice. Every action on a notice — open, edit, delete, ciente, leituras,
 * lembrete, versions, attachments — asks here, so none can drift from the others (issue 29: a teacher
 * moved to other classes still reminded and listed an old class through an old notice, because only
 * editing checked the audience). An administrator manages any notice; its author manages it only while
 * every class of its audience is still theirs, as when writing it; a recipient reads it while it is not
 * removed. Anyone else gets 404, as for a notice that does not exist.
 */
async function noticeAccess(
  tx: DbOrTx,
  user: Author,
  id: string,
  lock?: 'update' | 'share',
): Promise<NoticeAccess> {
  const query = tx.select().from(comunicados).where(eq(comunicados.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw comunicadoNotFound();
  const manages =
    isAdmin(user) || (row.autorId === user.id && (await audienceInScope(tx, user, row.publico)));
  const recipient = row.removidoEm === null ? await recipientRow(tx, user.id, id) : null;
  if (!manages && !recipient) throw comunicadoNotFound();
  return { row, manages, recipient };
}

/** The notice for whoever manages it (noticeAccess); 404 for anyone else, its recipients included. */
async function managedRow(tx: DbOrTx, user: Author, id: string, lock = false): Promise<ComunicadoRow> {
  const access = await noticeAccess(tx, user, id, lock ? 'update' : undefined);
  if (!access.manages) throw comunicadoNotFound();
  return access.row;
}

const removedConflict = () => new AppError('CONFLICT', 'Este comunicado foi excluído.');

/** Whether any family has confirmed any version of the notice: from then on its texts are kept. */
async function hasCiente(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: comunicadoCientes.comunicadoId })
    .from(comunicadoCientes)
    .where(eq(comunicadoCientes.comunicadoId, id))
    .limit(1);
  return row !== undefined;
}

/** The fields of a notice's text as the audit shows them: before and after, only those that changed. */
interface TextFields {
  titulo: string;
  corpo: string;
  exige_ciente: boolean;
  anexos: string[];
  expira_em: string | null;
  publicar_em: string;
}

function changedFields(before: TextFields, after: TextFields) {
  const keys = (Object.keys(before) as (keyof TextFields)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    keys,
    antes: Object.fromEntries(keys.map((key) => [key, before[key]])),
    depois: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** What a family confirms: any change to these after a ciente is a new version that asks for a new one. */
const TEXT_KEYS: readonly (keyof TextFields)[] = ['titulo', 'corpo', 'exige_ciente', 'anexos'];

export async function updateComunicado(
  ctx: AppContext,
  user: Author,
  id: string,
  input: ParsedInput,
  expected: number | undefined,
  actor: Actor,
): Promise<Comunicado> {
  const now = clock.now();
  const publico = normalizePublico(input.publico);
  await ctx.db.transaction(async (tx) => {
    await enforceWriteLimits(tx, user, 'comunicado-edicoes', [
      { limit: WRITE_LIMITS.comunicadoEdicoes, source: auditRows(user.id, 'comunicado', ['atualizar']) },
    ]);
    const row = await managedRow(tx, user, id, true);
    if (row.removidoEm) throw removedConflict();
    assertVersion(expected, row.version);
    const published = row.publicadoEm !== null;
    if (published && JSON.stringify(publico) !== JSON.stringify(normalizePublico(row.publico)))
      throw new AppError(
        'CONFLICT',
        'O público de um comunicado já publicado não muda. Use “Reenviar lembrete” ou crie outro comunicado.',
      );
    await checkAudience(tx, user, publico);
    const publicarEm = published
      ? row.publicarEm
      : input.publicar_em && new Date(input.publicar_em) > now
        ? new Date(input.publicar_em)
        : now;
    if (!published) checkSchedule(publicarEm, now);
    const expiraEm = input.expira_em ? new Date(input.expira_em) : null;
    if (expiraEm && expiraEm <= publicarEm)
      throw new AppError('VALIDATION', 'A expiração deve ser depois da publicação.', [
        { path: 'expira_em', message: 'A expiração deve ser depois da publicação' },
      ]);
    const current = await currentAnexos(tx, id);
    // Once a family confirmed a version, every text stays on record: a change makes a new version and the
    // cientes given no longer count for it (each family is asked again); attachments taken out are kept.
    const confirmed = published && (await hasCiente(tx, id));
    const keep = new Set(input.anexos);
    const drop = current.filter((item) => !keep.has(item.id)).map((item) => item.id);
    if (drop.length > 0) {
      if (confirmed)
        await tx.update(comunicadoAnexos).set({ removidoEm: now }).where(inArray(comunicadoAnexos.id, drop));
      else await tx.delete(comunicadoAnexos).where(inArray(comunicadoAnexos.id, drop));
    }
    const currentIds = new Set(current.map((item) => item.id));
    await attachAnexos(
      tx,
      user,
      id,
      input.anexos.filter((anexo) => !currentIds.has(anexo)),
    );
    const before: TextFields = {
      titulo: row.titulo,
      corpo: row.corpo,
      exige_ciente: row.exigeCiente,
      anexos: current.map((item) => item.nome),
      expira_em: row.expiraEm?.toISOString() ?? null,
      publicar_em: row.publicarEm.toISOString(),
    };
    const after: TextFields = {
      titulo: input.titulo,
      corpo: input.corpo,
      exige_ciente: input.exige_ciente,
      anexos: (await currentAnexos(tx, id)).map((item) => item.nome),
      expira_em: expiraEm?.toISOString() ?? null,
      publicar_em: publicarEm.toISOString(),
    };
    const changes = changedFields(before, after);
    const anexosChanged = drop.length > 0 || input.anexos.some((anexo) => !currentIds.has(anexo));
    const textChanged = anexosChanged || changes.keys.some((key) => TEXT_KEYS.includes(key));
    const newVersion = confirmed && textChanged;
    const [updated] = await tx
      .update(comunicados)
      .set({
        titulo: input.titulo,
        corpo: input.corpo,
        resumo: richTextSummary(input.corpo),
        publico,
        publicoDescricao: await describePublico(tx, publico),
        exigeCiente: input.exige_ciente,
        publicarEm,
        expiraEm,
        version: row.version + 1,
        versaoTexto: newVersion ? row.versaoTexto + 1 : row.versaoTexto,
        updatedAt: now,
      })
      .where(eq(comunicados.id, id))
      .returning();
    let novoCiente = 0;
    if (published && textChanged && (newVersion || !confirmed))
      await recordVersion(tx, updated!, now, { id: user.id, nome: user.nome });
    if (newVersion) {
      // The families whose ciente was on the old text: pending again, told what changed.
      const reset = await tx
        .update(comunicadoDestinatarios)
        .set({ cienteEm: null })
        .where(and(eq(comunicadoDestinatarios.comunicadoId, id), isNotNull(comunicadoDestinatarios.cienteEm)))
        .returning({ usuarioId: comunicadoDestinatarios.usuarioId });
      novoCiente = reset.length;
      if (reset.length > 0) {
        await notifyRecipients(
          ctx,
          tx,
          updated!,
          sql`select unnest(${sql`array[${sql.join(
            reset.map((item) => sql`${item.usuarioId}::uuid`),
            sql`, `,
          )}]`}) as usuario_id`,
          'alterado',
        );
      }
    }
    if (!published && publicarEm <= now) await publish(ctx, tx, updated!, now);
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'comunicado',
      entityId: id,
      details: {
        titulo: input.titulo,
        antes: changes.antes,
        depois: changes.depois,
        ...(published ? { versao_texto: updated!.versaoTexto } : {}),
        ...(newVersion ? { nova_versao: true, cientes_pedidos_de_novo: novoCiente } : {}),
      },
    });
  });
  return getComunicadoFor(ctx.db, user, id);
}

/**
 * Deletes a notice; once a family confirmed it, only marks it removed (who, when): families no longer see
 * it, the school keeps its versions, reads and cientes (the 'enviados' list and the audit show it).
 */
export async function deleteComunicado(
  ctx: AppContext,
  user: Author,
  id: string,
  actor: Actor,
): Promise<{ mantido: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const row = await managedRow(tx, user, id, true);
    if (row.removidoEm) throw removedConflict();
    const keep = await hasCiente(tx, id);
    const now = clock.now();
    if (keep)
      await tx
        .update(comunicados)
        .set({ removidoEm: now, removidoPor: user.id, removidoPorNome: user.nome, updatedAt: now })
        .where(eq(comunicados.id, id));
    else await tx.delete(comunicados).where(eq(comunicados.id, id));
    // The bell's entries pointing at it would lead nowhere.
    await tx.execute(sql`delete from notificacoes where link = ${linkOf(id)}`);
    const [counts] = keep ? [(await countsOf(tx, [id])).get(id)] : [];
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'comunicado',
      entityId: id,
      details: {
        titulo: row.titulo,
        ...(keep ? { mantido: true, versao_texto: row.versaoTexto, cientes: counts?.cientes ?? 0 } : {}),
      },
    });
    return { mantido: keep };
  });
}

async function recipientRow(db: DbOrTx, userId: string, id: string): Promise<RecipientRow | null> {
  const [row] = await db
    .select()
    .from(comunicadoDestinatarios)
    .where(and(eq(comunicadoDestinatarios.comunicadoId, id), eq(comunicadoDestinatarios.usuarioId, userId)));
  return row ?? null;
}

/** The attachments of the text in force, with the address that serves them. */
async function anexosOf(db: DbOrTx, id: string): Promise<Anexo[]> {
  const rows = await currentAnexos(db, id);
  return rows.map((row) => ({ ...row, url: `/api/comunicados/${id}/anexos/${row.id}` }));
}

async function countsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { destinatarios: number; lidos: number; cientes: number }>();
  const rows = await db
    .select({
      id: comunicadoDestinatarios.comunicadoId,
      destinatarios: sql<number>`count(*)::int`,
      lidos: sql<number>`count(${comunicadoDestinatarios.lidoEm})::int`,
      cientes: sql<number>`count(${comunicadoDestinatarios.cienteEm})::int`,
    })
    .from(comunicadoDestinatarios)
    .where(inArray(comunicadoDestinatarios.comunicadoId, ids))
    .groupBy(comunicadoDestinatarios.comunicadoId);
  return new Map(rows.map((row) => [row.id, row]));
}

async function studentNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(inArray(students.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.nome]));
}

function toBase(row: ComunicadoRow, manages: boolean) {
  const publico = normalizePublico(row.publico);
  return {
    id: row.id,
    titulo: row.titulo,
    // A family reads who the notice is for (publico_descricao), never which other children were chosen.
    publico: manages ? publico : { ...publico, alunos: [] },
    publico_descricao: row.publicoDescricao,
    exige_ciente: row.exigeCiente,
    publicar_em: row.publicarEm.toISOString(),
    publicado_em: row.publicadoEm?.toISOString() ?? null,
    expira_em: row.expiraEm?.toISOString() ?? null,
    autor: { id: row.autorId, nome: row.autorNome },
    version: row.version,
    versao_texto: row.versaoTexto,
    removido_em: row.removidoEm?.toISOString() ?? null,
    removido_por: row.removidoEm ? (row.removidoPorNome ?? null) : null,
    created_at: row.createdAt.toISOString(),
    pode_editar: manages && row.removidoEm === null,
  };
}

/** Each person's cientes on the given notices, oldest version first. */
async function cientesOf(
  db: DbOrTx,
  ids: string[],
  usuarioId?: string,
): Promise<Map<string, CienteVersao[]>> {
  const byKey = new Map<string, CienteVersao[]>();
  if (ids.length === 0) return byKey;
  const rows = await db
    .select()
    .from(comunicadoCientes)
    .where(
      and(
        inArray(comunicadoCientes.comunicadoId, ids),
        usuarioId ? eq(comunicadoCientes.usuarioId, usuarioId) : undefined,
      ),
    )
    .orderBy(asc(comunicadoCientes.versao));
  for (const row of rows) {
    const key = `${row.comunicadoId}:${row.usuarioId}`;
    byKey.set(key, [
      ...(byKey.get(key) ?? []),
      { versao: row.versao, ciente_em: row.cienteEm.toISOString() },
    ]);
  }
  return byKey;
}

/** The notice for this caller, without recording a read (after a write, for the author). */
async function getComunicadoFor(db: DbOrTx, user: Author, id: string): Promise<Comunicado> {
  const { row, manages, recipient } = await noticeAccess(db, user, id);
  const chosen = manages && row.publico.tipo === 'alunos' ? row.publico.alunos : [];
  const names = await studentNames(db, [...(recipient?.alunoIds ?? []), ...chosen]);
  const counts = manages ? (await countsOf(db, [id])).get(id) : undefined;
  const cientes = recipient ? await cientesOf(db, [id], user.id) : new Map<string, CienteVersao[]>();
  return {
    ...toBase(row, manages),
    corpo: row.corpo,
    anexos: await anexosOf(db, id),
    recebido: recipient
      ? {
          lido_em: recipient.lidoEm?.toISOString() ?? null,
          ciente_em: recipient.cienteEm?.toISOString() ?? null,
          cientes: cientes.get(`${id}:${user.id}`) ?? [],
          alunos: recipient.alunoIds.map((aluno) => ({ id: aluno, nome: names.get(aluno) ?? '' })),
        }
      : null,
    contagem: manages ? (counts ?? { destinatarios: 0, lidos: 0, cientes: 0 }) : null,
    alunos_escolhidos: chosen.map((aluno) => ({ id: aluno, nome: names.get(aluno) ?? 'Aluno removido' })),
  };
}

/** Opening a notice records its first read (a recipient's own; never someone else's). */
export async function openComunicado(db: Db, user: Author, id: string): Promise<Comunicado> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const { recipient } = await noticeAccess(tx, user, id);
    if (!recipient || recipient.lidoEm) return;
    await tx
      .update(comunicadoDestinatarios)
      .set({ lidoEm: now })
      .where(
        and(
          eq(comunicadoDestinatarios.comunicadoId, id),
          eq(comunicadoDestinatarios.usuarioId, user.id),
          isNull(comunicadoDestinatarios.lidoEm),
        ),
      );
    await markReadByLink(tx, user.id, linkOf(id));
  });
  forgetCachedUnread(db, user.id);
  return getComunicadoFor(db, user, id);
}

/**
 * A family's 'ciente', on the version in force: once per version (the first time stays); a notice
 * changed since the family read it (`versao` older than the one in force) is refused, so nobody confirms
 * a text they have not seen. The row is read FOR SHARE: an edit (FOR UPDATE) waits, or is waited for.
 */
export async function confirmCiente(
  db: Db,
  user: Author,
  id: string,
  versao?: number,
): Promise<{ ciente_em: string; versao: number }> {
  const now = clock.now();
  const confirmed = await db.transaction(async (tx) => {
    const { row, recipient } = await noticeAccess(tx, user, id, 'share');
    if (!recipient) throw comunicadoNotFound();
    if (!row.exigeCiente) throw new AppError('CONFLICT', 'Este comunicado não pede confirmação de ciente.');
    if (versao !== undefined && versao !== row.versaoTexto)
      throw new AppError(
        'CONFLICT',
        `Este comunicado foi alterado depois que você o abriu (agora está na versão ${String(row.versaoTexto)}). Leia a versão atual antes de confirmar.`,
      );
    const [saved] = await tx
      .update(comunicadoDestinatarios)
      .set({
        cienteEm: sql`coalesce(${comunicadoDestinatarios.cienteEm}, ${now})`,
        lidoEm: sql`coalesce(${comunicadoDestinatarios.lidoEm}, ${now})`,
      })
      .where(
        and(eq(comunicadoDestinatarios.comunicadoId, id), eq(comunicadoDestinatarios.usuarioId, user.id)),
      )
      .returning({ cienteEm: comunicadoDestinatarios.cienteEm });
    await tx
      .insert(comunicadoCientes)
      .values({ comunicadoId: id, usuarioId: user.id, versao: row.versaoTexto, cienteEm: saved!.cienteEm! })
      .onConflictDoNothing();
    await markReadByLink(tx, user.id, linkOf(id));
    return { ciente_em: saved!.cienteEm!.toISOString(), versao: row.versaoTexto };
  });
  forgetCachedUnread(db, user.id);
  return confirmed;
}

/**
 * A teacher's notices that are still theirs to manage: every class of the audience still taught by them
 * (the condition noticeAccess applies to one notice, here for the whole list).
 */
function managedByTeacher(teacherId: string | null): SQL {
  if (teacherId === null) return sql`false`;
  return sql`(${comunicados.publico}->>'tipo' = 'turmas' and jsonb_array_length(${comunicados.publico}->'turmas') > 0
    and not exists (
      select 1 from jsonb_array_elements_text(${comunicados.publico}->'turmas') as turma(id)
      where turma.id::uuid not in ${classIdsTaughtBy(teacherId)}))`;
}

export async function listComunicados(db: Db, user: Author, query: ListQuery): Promise<ComunicadoPage> {
  const writes = can(user.nivel, 'comunicados.write');
  const caixa = query.caixa ?? (writes && user.nivel !== 'responsavel' ? 'enviados' : 'recebidos');
  const now = clock.now();
  const offset = (query.page - 1) * query.pageSize;
  const search = query.q
    ? sql`${comunicados.titulo} ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`}`
    : undefined;
  if (caixa === 'enviados') {
    if (!writes) throw new AppError('FORBIDDEN', 'Você não envia comunicados.');
    let mine: SQL | undefined;
    if (!isAdmin(user)) {
      const scope = await scopeOf(db, user);
      mine = and(
        eq(comunicados.autorId, user.id),
        managedByTeacher(scope.kind === 'teacher' ? scope.teacherId : null),
      );
    }
    const where = and(mine, search);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(comunicados)
        .where(where)
        .orderBy(desc(comunicados.publicarEm), desc(comunicados.id))
        .limit(query.pageSize)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(comunicados)
        .where(where),
    ]);
    const counts = await countsOf(
      db,
      rows.map((row) => row.id),
    );
    const anexos = await anexoCounts(
      db,
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => ({
        ...toBase(row, true),
        resumo: row.resumo ?? richTextSummary(row.corpo),
        anexos_total: anexos.get(row.id) ?? 0,
        recebido: null,
        contagem: counts.get(row.id) ?? { destinatarios: 0, lidos: 0, cientes: 0 },
      })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      nao_lidos: 0,
    };
  }
  const visible = and(
    eq(comunicadoDestinatarios.usuarioId, user.id),
    isNull(comunicados.removidoEm),
    sql`(${comunicados.expiraEm} is null or ${comunicados.expiraEm} > ${now})`,
  );
  const where = and(
    visible,
    query.aluno_id ? sql`${query.aluno_id}::uuid = any(${comunicadoDestinatarios.alunoIds})` : undefined,
    query.nao_lidos === 'true' ? isNull(comunicadoDestinatarios.lidoEm) : undefined,
    search,
  );
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({ comunicado: comunicados, recipient: comunicadoDestinatarios })
      .from(comunicadoDestinatarios)
      .innerJoin(comunicados, eq(comunicados.id, comunicadoDestinatarios.comunicadoId))
      .where(where)
      .orderBy(desc(comunicadoDestinatarios.entregueEm), desc(comunicados.id))
      .limit(query.pageSize)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comunicadoDestinatarios)
      .innerJoin(comunicados, eq(comunicados.id, comunicadoDestinatarios.comunicadoId))
      .where(where),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comunicadoDestinatarios)
      .innerJoin(comunicados, eq(comunicados.id, comunicadoDestinatarios.comunicadoId))
      .where(and(visible, isNull(comunicadoDestinatarios.lidoEm))),
  ]);
  const ids = rows.map((row) => row.comunicado.id);
  const names = await studentNames(
    db,
    rows.flatMap((row) => row.recipient.alunoIds),
  );
  const anexos = await anexoCounts(db, ids);
  const cientes = await cientesOf(db, ids, user.id);
  const items: ComunicadoListItem[] = rows.map(({ comunicado, recipient }) => ({
    // In a family's inbox nobody manages (an administrator's own notices are in 'enviados').
    ...toBase(comunicado, isAdmin(user)),
    resumo: comunicado.resumo ?? richTextSummary(comunicado.corpo),
    anexos_total: anexos.get(comunicado.id) ?? 0,
    recebido: {
      lido_em: recipient.lidoEm?.toISOString() ?? null,
      ciente_em: recipient.cienteEm?.toISOString() ?? null,
      cientes: cientes.get(`${comunicado.id}:${user.id}`) ?? [],
      alunos: recipient.alunoIds.map((aluno) => ({ id: aluno, nome: names.get(aluno) ?? '' })),
    },
    contagem: null,
  }));
  return {
    items,
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    nao_lidos: unread?.n ?? 0,
  };
}

async function anexoCounts(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: comunicadoAnexos.comunicadoId, n: sql<number>`count(*)::int` })
    .from(comunicadoAnexos)
    .where(and(inArray(comunicadoAnexos.comunicadoId, ids), isNull(comunicadoAnexos.removidoEm)))
    .groupBy(comunicadoAnexos.comunicadoId);
  return new Map(rows.map((row) => [row.id ?? '', row.n]));
}

/** Who received the notice, read it and confirmed which version (for whoever manages it). */
export async function listLeituras(
  db: Db,
  user: Author,
  id: string,
  situacao: 'todos' | 'pendentes',
): Promise<Leituras> {
  const row = await managedRow(db, user, id);
  const pending = row.exigeCiente ? sql`d.ciente_em is null` : sql`d.lido_em is null`;
  const rows = await db.execute(sql`
    select d.usuario_id, u.nome, d.lido_em, d.ciente_em, d.lembrete_em,
      coalesce((select array_agg(s.nome order by s.nome) from students s where s.id = any(d.aluno_ids)), '{}') as alunos
    from comunicado_destinatarios d join users u on u.id = d.usuario_id
    where d.comunicado_id = ${id}::uuid ${situacao === 'pendentes' ? sql`and ${pending}` : sql``}
    order by (d.ciente_em is not null), (d.lido_em is not null), u.nome`);
  const counts = (await countsOf(db, [id])).get(id) ?? { destinatarios: 0, lidos: 0, cientes: 0 };
  const cientes = await cientesOf(db, [id]);
  const iso = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string).toISOString();
  return {
    contagem: counts,
    exige_ciente: row.exigeCiente,
    versao_texto: row.versaoTexto,
    itens: (rows as { rows: Record<string, unknown>[] }).rows.map((item) => ({
      usuario_id: String(item.usuario_id),
      nome: String(item.nome),
      alunos: parseTextArray(item.alunos),
      lido_em: iso(item.lido_em),
      ciente_em: iso(item.ciente_em),
      cientes: cientes.get(`${id}:${String(item.usuario_id)}`) ?? [],
      lembrete_em: iso(item.lembrete_em),
    })),
  };
}

/** Every text the notice was published with, newest first, for whoever may see the notice. */
export async function listVersoes(db: Db, user: Author, id: string): Promise<Versoes> {
  const { row, manages } = await noticeAccess(db, user, id);
  const versions = await db
    .select()
    .from(comunicadoVersoes)
    .where(eq(comunicadoVersoes.comunicadoId, id))
    .orderBy(desc(comunicadoVersoes.numero));
  const perVersion = manages
    ? new Map(
        (
          await db
            .select({ versao: comunicadoCientes.versao, n: sql<number>`count(*)::int` })
            .from(comunicadoCientes)
            .where(eq(comunicadoCientes.comunicadoId, id))
            .groupBy(comunicadoCientes.versao)
        ).map((item) => [item.versao, item.n]),
      )
    : null;
  return {
    atual: row.versaoTexto,
    versoes: versions.map((version) => ({
      numero: version.numero,
      titulo: version.titulo,
      corpo: version.corpo,
      exige_ciente: version.exigeCiente,
      anexos: version.anexos.map((anexo) => ({
        ...anexo,
        url: `/api/comunicados/${id}/anexos/${anexo.id}`,
      })),
      publicada_em: version.publicadaEm.toISOString(),
      autor_nome: version.autorNome,
      cientes: perVersion ? (perVersion.get(version.numero) ?? 0) : null,
    })),
  };
}

/** node-postgres returns text[] as an array; PGlite too, but an empty '{}' literal may come as text. */
function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((part) => part.replace(/^"|"$/g, ''));
  }
  return [];
}

/**
 * 'Reenviar lembrete': the audience is resolved again — families who joined since publication receive
 * the notice now — and those who have not read it (or not confirmed the text in force, when it asks) are
 * reminded. Only whoever manages the notice now (noticeAccess): a teacher no longer in the class cannot.
 */
export async function sendReminder(
  ctx: AppContext,
  user: Author,
  id: string,
  actor: Actor,
): Promise<LembreteResult> {
  const now = clock.now();
  return ctx.db.transaction(async (tx) => {
    // A reminder goes again to every family still pending: so many a day per author (ADR 0018).
    await enforceWriteLimits(tx, user, 'lembretes', [
      { limit: WRITE_LIMITS.lembretes, source: auditRows(user.id, 'comunicado', ['lembrete']) },
    ]);
    const row = await managedRow(tx, user, id, true);
    if (row.removidoEm) throw removedConflict();
    if (!row.publicadoEm) throw new AppError('CONFLICT', 'O comunicado ainda não foi publicado.');
    const added = await tx.execute(sql`
      insert into comunicado_destinatarios (comunicado_id, usuario_id, aluno_ids, entregue_em)
      select ${id}::uuid, a.usuario_id, a.aluno_ids, ${now}
      from (${audienceQuery(row.publico)}) a
      on conflict do nothing
      returning usuario_id`);
    const newIds = (added as { rows: { usuario_id: string }[] }).rows.map((item) => item.usuario_id);
    const novos = newIds.length;
    const newList =
      novos === 0
        ? sql`'{}'::uuid[]`
        : sql`array[${sql.join(
            newIds.map((item) => sql`${item}::uuid`),
            sql`, `,
          )}]`;
    if (novos > 0) await notifyRecipients(ctx, tx, row, sql`select unnest(${newList}) as usuario_id`, 'novo');
    const pending = row.exigeCiente ? sql`ciente_em is null` : sql`lido_em is null`;
    const reminded = await tx.execute(sql`
      update comunicado_destinatarios set lembrete_em = ${now}
      where comunicado_id = ${id}::uuid and ${pending} and usuario_id <> all(${newList})
      returning usuario_id`);
    const remindedIds = (reminded as { rows: { usuario_id: string }[] }).rows.map((item) => item.usuario_id);
    const lembrados = remindedIds.length;
    if (lembrados > 0)
      await notifyRecipients(
        ctx,
        tx,
        row,
        sql`select d.usuario_id from comunicado_destinatarios d
          where d.comunicado_id = ${id}::uuid and d.lembrete_em = ${now} and d.usuario_id <> all(${newList})`,
        'lembrete',
      );
    await recordAudit(tx, actor, {
      action: 'lembrete',
      entity: 'comunicado',
      entityId: id,
      details: { lembrados, novos },
    });
    return { lembrados, novos };
  });
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) =>
  bytes >= 1024 * MB
    ? `${(bytes / (1024 * MB)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`
    : `${(bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: bytes < 10 * MB ? 1 : 0 })} MB`;

/**
 * When `size` more bytes fit under `cap`, the files (oldest first) each leaving `keepMs` after they were
 * sent; null when they fit now.
 */
function roomFreesAt(
  files: readonly { tamanho: number; createdAt: Date }[],
  size: number,
  cap: number,
  keepMs: number,
  now: Date,
): Date | null {
  let used = files.reduce((sum, item) => sum + item.tamanho, 0);
  if (used + size <= cap) return null;
  let freeAt = now;
  for (const item of files) {
    used -= item.tamanho;
    freeAt = new Date(item.createdAt.getTime() + keepMs);
    if (used + size <= cap) break;
  }
  return freeAt;
}

/**
 * Room for one more stored file of `size` bytes (ADR 0018), or 429 saying which cap and when it frees:
 * - per account (not administrators): the uploads of the last 24 h still stored — waiting for a notice
 *   or in one — at most 100 MB and 40 files, so publishing and deleting cannot pile files up;
 * - for everyone: all uploads not yet in a notice at most 1 GB (they are purged a day after upload).
 * One lock for all uploads: the school-wide sum must not be passed by two uploads at once.
 */
async function assertUploadRoom(tx: DbOrTx, user: Author, size: number): Promise<void> {
  await lockLimit(tx, 'anexos', 'escola');
  const now = clock.now();
  if (!isAdmin(user)) {
    const windowMs = UPLOAD_LIMITS.windowMinutes * 60_000;
    const recent = await tx
      .select({ tamanho: comunicadoAnexos.tamanho, createdAt: comunicadoAnexos.createdAt })
      .from(comunicadoAnexos)
      .where(
        and(
          eq(comunicadoAnexos.enviadoPor, user.id),
          sql`${comunicadoAnexos.createdAt} > ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(comunicadoAnexos.createdAt));
    if (recent.length + 1 > UPLOAD_LIMITS.accountFiles) {
      const freeAt = new Date(
        recent[recent.length - UPLOAD_LIMITS.accountFiles]!.createdAt.getTime() + windowMs,
      );
      throw rateLimited(
        `Limite de ${String(UPLOAD_LIMITS.accountFiles)} anexos enviados em 24 horas atingido. Você poderá enviar outro a partir de ${freeAtLabel(freeAt)}.`,
        now,
        freeAt,
      );
    }
    const bytesFreeAt = roomFreesAt(recent, size, UPLOAD_LIMITS.accountBytes, windowMs, now);
    if (bytesFreeAt) {
      const sent = recent.reduce((sum, item) => sum + item.tamanho, 0);
      throw rateLimited(
        `Limite de ${megabytes(UPLOAD_LIMITS.accountBytes)} em anexos enviados em 24 horas atingido (você enviou ${megabytes(sent)}). Você poderá enviar este arquivo a partir de ${freeAtLabel(bytesFreeAt)}.`,
        now,
        bytesFreeAt,
      );
    }
  }
  const pending = await tx
    .select({ tamanho: comunicadoAnexos.tamanho, createdAt: comunicadoAnexos.createdAt })
    .from(comunicadoAnexos)
    .where(isNull(comunicadoAnexos.comunicadoId))
    .orderBy(asc(comunicadoAnexos.createdAt));
  const freeAt = roomFreesAt(
    pending,
    size,
    UPLOAD_LIMITS.pendingBytes,
    UPLOAD_LIMITS.pendingKeepMinutes * 60_000,
    now,
  );
  if (freeAt) {
    throw rateLimited(
      `O espaço da escola para anexos ainda não usados em comunicados (${megabytes(UPLOAD_LIMITS.pendingBytes)}) está cheio; eles são apagados 1 dia depois do envio. Tente de novo a partir de ${freeAtLabel(freeAt)}.`,
      now,
      freeAt,
    );
  }
}

/** PDF (by its header) or an image (re-encoded like the site's media, metadata dropped). */
export async function uploadAnexo(
  db: Db,
  user: Author,
  file: { nome: string; bytes: Buffer },
): Promise<Anexo> {
  if (file.bytes.length > COMUNICADO_LIMITS.anexoMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'Cada anexo deve ter no máximo 10 MB.');
  let bytes: Buffer;
  let mimeType: string;
  let extension: string;
  if (file.bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    bytes = file.bytes;
    mimeType = 'application/pdf';
    extension = 'pdf';
  } else if (sniffImage(file.bytes)) {
    // Counted against the limits before decoding (an account or the school at its cap never costs a
    // decode); the stored size is known after re-encoding and checked again with the write.
    await db.transaction((tx) => assertUploadRoom(tx, user, 1));
    const image = await processImage(file.bytes);
    bytes = image.data;
    mimeType = `image/${image.kind}`;
    extension = image.kind === 'jpeg' ? 'jpg' : image.kind;
  } else {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Anexe um PDF ou uma imagem (JPEG, PNG ou WebP).');
  }
  const base = file.nome
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 80);
  const nome = `${base || 'anexo'}.${extension}`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const row = await db.transaction(async (tx) => {
    await assertUploadRoom(tx, user, bytes.length);
    const [inserted] = await tx
      .insert(comunicadoAnexos)
      .values({
        nome,
        mimeType,
        tamanho: bytes.length,
        sha256,
        bytes,
        enviadoPor: user.id,
        createdAt: clock.now(),
      })
      .returning({ id: comunicadoAnexos.id });
    return inserted;
  });
  return {
    id: row!.id,
    nome,
    tipo: mimeType,
    tamanho: bytes.length,
    url: `/api/comunicados/anexos/${row!.id}`,
  };
}

/** The file of one attachment row matching `where`, or a 404. */
async function anexoFile(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      nome: comunicadoAnexos.nome,
      mimeType: comunicadoAnexos.mimeType,
      bytes: comunicadoAnexos.bytes,
    })
    .from(comunicadoAnexos)
    .where(where);
  if (!row) throw notFound('Anexo não encontrado.');
  return row;
}

/** An attachment for whoever may see its notice (a recipient, its author, an administrator). */
export async function readAnexo(db: Db, user: Author, comunicadoId: string, anexoId: string) {
  await getComunicadoFor(db, user, comunicadoId);
  return anexoFile(
    db,
    and(eq(comunicadoAnexos.id, anexoId), eq(comunicadoAnexos.comunicadoId, comunicadoId)),
  );
}

/** An upload not yet attached to a notice, for the person who sent it (anyone else: 404). */
export function readOwnUpload(db: Db, user: Author, anexoId: string) {
  return anexoFile(
    db,
    and(
      eq(comunicadoAnexos.id, anexoId),
      eq(comunicadoAnexos.enviadoPor, user.id),
      isNull(comunicadoAnexos.comunicadoId),
    ),
  );
}

/** Uploaded but never attached (the form was abandoned): dropped after a day. */
export async function purgeOrphanAnexos(db: Db): Promise<void> {
  const before = new Date(clock.now().getTime() - 24 * 3600_000);
  await db
    .delete(comunicadoAnexos)
    .where(and(isNull(comunicadoAnexos.comunicadoId), sql`${comunicadoAnexos.createdAt} < ${before}`));
}

export async function getPublicoOpcoes(db: Db, user: Author): Promise<PublicoOpcoes> {
  const admin = isAdmin(user);
  let teacherId: string | null = null;
  if (!admin) {
    const scope = await scopeOf(db, user);
    teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  }
  const rows = await db
    .select({
      id: classes.id,
      nome: classes.nome,
      serie: classes.serie,
      // Spelled out: drizzle writes a single-table select's column unqualified, and a bare "id" inside the
      // subquery would be the student's own id (every class counted 0).
      alunos: sql<number>`(select count(*)::int from students s where s.turma_id = "classes"."id" and s.status = 'ativo')`,
    })
    .from(classes)
    .where(
      and(
        eq(classes.status, 'ativo'),
        admin ? undefined : teacherId ? inArray(classes.id, classIdsTaughtBy(teacherId)) : sql`false`,
      ),
    )
    .orderBy(asc(classes.nome));
  return {
    tipos: admin ? [...publicoTipos] : ['turmas'],
    segmentos: admin ? ['Fundamental I', 'Fundamental II'] : [],
    series: admin
      ? [...new Set(rows.map((row) => row.serie))].sort((a, b) => a.localeCompare(b, 'pt-BR'))
      : [],
    turmas: rows,
  };
}

export async function searchAlunos(db: Db, q: string) {
  const rows = await db
    .select({ id: students.id, nome: students.nome, turma: classes.nome })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(
      and(eq(students.status, 'ativo'), sql`${students.nome} ilike ${`%${q.replace(/[\\%_]/g, '\\$&')}%`}`),
    )
    .orderBy(asc(students.nome))
    .limit(20);
  return rows;
}
