/**
 * Writing and publishing a notice: creating it (now or scheduled), recording the version the families
 * see, notifying the recipients, and the job that publishes what falls due.
 */
import { DAY_MS } from '../../../shared/calendar.js';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Comunicado, Publico } from '../../../shared/comunicados.schemas.js';
import { richTextSummary } from '../../../shared/rich-text.js';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { auditRows, enforceWriteLimits, WRITE_LIMITS } from '../../lib/write-limits.js';
import { recordAudit, systemActor, type Actor } from '../audit/index.js';
import { users } from '../../db/schema/users.js';
import {
  comunicadoAnexos,
  comunicados,
  comunicadoVersoes,
  type ComunicadoRow,
  type VersaoAnexo,
} from '../../db/schema/comunicados.js';
import {
  audienceInScope,
  audienceQuery,
  checkAudience,
  describePublico,
  normalizePublico,
} from './comunicados.audience.js';
import { type Author, type ParsedInput } from './comunicados.access.js';
import { queueFanOut } from './comunicados.fanout.js';
import { attachAnexos } from './comunicados.attachments.js';
import { getComunicadoFor } from './comunicados.presenters.js';

/** The attachments of the text in force (those taken out of a confirmed text are kept, marked removed). */
export async function currentAnexos(tx: DbOrTx, id: string): Promise<VersaoAnexo[]> {
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
 * Resolves the audience now and records its recipients (the readers counted from then on), in the
 * caller's transaction, with one job that notifies them in the background (bell, e-mail, SMS, push:
 * comunicados.fanout.ts, ADR 0061) — a notice is published with its fan-out queued, or not at all.
 */
export async function publish(ctx: AppContext, tx: DbOrTx, row: ComunicadoRow, now: Date): Promise<void> {
  await queueFanOut(
    ctx,
    tx,
    row.id,
    'novo',
    sql`insert into comunicado_destinatarios (comunicado_id, usuario_id, aluno_ids, entregue_em)
    select ${row.id}::uuid, a.usuario_id, a.aluno_ids, ${now}
    from (${audienceQuery(row.publico)}) a
    on conflict do nothing
    returning usuario_id`,
  );
  await tx.update(comunicados).set({ publicadoEm: now }).where(eq(comunicados.id, row.id));
  await recordVersion(tx, row, now, { id: row.autorId, nome: row.autorNome });
}

/**
 * Future-dated notices whose time has come (every instance's poll; one takes each, SKIP LOCKED). The
 * author's reach is checked as for any action on a notice: a teacher who no longer teaches a class of
 * the audience does not reach it through a notice scheduled before — it is cancelled (kept, marked
 * removed, audited), not published.
 */
export async function publishDueComunicados(ctx: AppContext): Promise<number> {
  const now = clock.now();
  const published = await ctx.db.transaction(async (tx) => {
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
  if (published > 0) ctx.jobs.wake();
  return published;
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

/** How far ahead a notice may be scheduled: a date years away is a typo (2062 for 2026), not a plan. */
const MAX_SCHEDULE_DAYS = 366;

export function checkSchedule(publicarEm: Date, now: Date): void {
  if (publicarEm.getTime() - now.getTime() > MAX_SCHEDULE_DAYS * DAY_MS)
    throw new AppError('VALIDATION', 'Agende a publicação para no máximo um ano a partir de hoje.', [
      { path: 'publicar_em', message: 'No máximo um ano a partir de hoje' },
    ]);
}

/** The columns a notice takes from the form: its text, summary, audience (and how it reads) and ciente. */
export async function contentColumns(tx: DbOrTx, input: ParsedInput, publico: Publico) {
  return {
    titulo: input.titulo,
    corpo: input.corpo,
    resumo: richTextSummary(input.corpo),
    publico,
    publicoDescricao: await describePublico(tx, publico),
    exigeCiente: input.exige_ciente,
  };
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
        ...(await contentColumns(tx, input, publico)),
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
  ctx.jobs.wake();
  return getComunicadoFor(ctx.db, author, id);
}
