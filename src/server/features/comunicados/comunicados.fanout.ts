/**
 * A notice's fan-out in the background (ADR 0061): the request records the recipients and one
 * `comunicado_envios` row plus one job in its transaction; the job writes every bell, e-mail, SMS and
 * push of those people in one transaction of its own that also deletes the row, so a job run again (a
 * crash after its commit, a lease that ran out) finds nothing left to do and doubles nothing.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { comunicados, type ComunicadoRow } from '../../db/schema/comunicados.js';
import { fanOut } from '../notificacoes/index.js';
import { linkOf } from './comunicados.access.js';

/** The job kind (its handler is registered with the routes). */
export const FANOUT_JOB = 'comunicados.envio';

export type FanOutKind = 'novo' | 'lembrete' | 'alterado';

const payloadSchema = z.object({ envioId: z.uuid() });

/**
 * Queues the notice's fan-out to the people `recipients` yields — a statement returning a column
 * `usuario_id` (a select, or the insert/update that records them, run here in the same statement).
 * Returns how many people it queued (none: no row, no job).
 */
export async function queueFanOut(
  ctx: AppContext,
  tx: DbOrTx,
  comunicadoId: string,
  kind: FanOutKind,
  recipients: SQL,
): Promise<number> {
  const result = await tx.execute(sql`
    with r as (${recipients})
    insert into comunicado_envios (comunicado_id, tipo, usuario_ids)
    select ${comunicadoId}::uuid, ${kind}, array_agg(r.usuario_id) from r having count(*) > 0
    returning id, cardinality(usuario_ids) as total`);
  const [envio] = (result as { rows: { id: string; total: number | string }[] }).rows;
  if (!envio) return 0;
  await ctx.jobs.enqueue(tx, FANOUT_JOB, { envioId: envio.id });
  return Number(envio.total);
}

/**
 * The job: notifies the people of one `comunicado_envios` row and deletes it, in one transaction. The
 * row is locked first: a second worker on the same job waits, then finds it gone. A notice deleted
 * meanwhile took its row along (cascade); one removed (kept for its cientes) notifies nobody.
 */
export async function runFanOut(ctx: AppContext, payload: unknown): Promise<void> {
  const { envioId } = payloadSchema.parse(payload);
  await ctx.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`
      select comunicado_id, tipo from comunicado_envios where id = ${envioId}::uuid for update`);
    const [envio] = (locked as { rows: { comunicado_id: string; tipo: FanOutKind }[] }).rows;
    if (!envio) return;
    const [row] = await tx.select().from(comunicados).where(eq(comunicados.id, envio.comunicado_id));
    if (row && !row.removidoEm) {
      // Still recipients: an account deleted since is skipped (its recipient row went with it).
      await notifyRecipients(
        ctx,
        tx,
        row,
        sql`select d.usuario_id from comunicado_envios e
          cross join lateral unnest(e.usuario_ids) as q(usuario_id)
          join comunicado_destinatarios d on d.comunicado_id = e.comunicado_id and d.usuario_id = q.usuario_id
          where e.id = ${envioId}::uuid`,
        envio.tipo,
      );
      // A family that opened the notice before its bell was written (from the list, the feed): the new
      // entry is read already, as opening it would have marked it (markReadByLink).
      if (envio.tipo === 'novo')
        await tx.execute(sql`
          update notificacoes n set lida_em = d.lido_em
          from comunicado_destinatarios d
          where d.comunicado_id = ${row.id}::uuid and d.lido_em is not null and n.usuario_id = d.usuario_id
            and n.link = ${linkOf(row.id)} and n.lida_em is null`);
    }
    await tx.execute(sql`delete from comunicado_envios where id = ${envioId}::uuid`);
  });
}

/** Whether a notice's families are still being notified (its 'Leituras' say 'enviando…'). */
export async function fanOutPending(db: DbOrTx, comunicadoId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from comunicado_envios where comunicado_id = ${comunicadoId}::uuid) as pending`,
  );
  return Boolean((result as { rows: { pending: boolean }[] }).rows[0]?.pending);
}

async function notifyRecipients(
  ctx: AppContext,
  tx: DbOrTx,
  row: ComunicadoRow,
  recipients: SQL,
  kind: FanOutKind,
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
