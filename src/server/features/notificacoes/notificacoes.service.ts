import { DAY_MS } from '../../../shared/calendar.js';
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  notificacaoTipos,
  staffOnlyNotificacaoTipos,
  type Fila,
  type Notificacao,
  type NotificacaoPage,
  type NotificacaoTipo,
  type Preferencias,
} from '../../../shared/notificacoes.schemas.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/users.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { readSystemValues } from '../settings/index.js';
import {
  entregas,
  notificacaoPreferencias,
  notificacoes,
  type NotificacaoRow,
} from '../../db/schema/notificacoes.js';
import { forgetCachedUnread, unreadCacheOf } from './unread-cache.js';
import { PUSH_TITULOS } from './push.service.js';

/** The channel a commit that created notifications signals (every instance's streams recount). */
export const NOTIFICACOES_CHANNEL = 'notificacoes';

/** Security notices cannot be turned off by the user: they are how a stolen account is noticed. */
const ALWAYS_BY_EMAIL: readonly NotificacaoTipo[] = ['seguranca'];

const EMAIL_FOOTER = 'Esta é uma mensagem automática; não responda a este e-mail.';

export interface FanOut {
  /** A query with one column `usuario_id`: who is notified. */
  recipients: SQL;
  tipo: NotificacaoTipo;
  titulo: string;
  texto: string;
  /** A path in the portal. */
  link: string;
  /** The e-mail: its text follows 'Olá, <nome>.' and ends with the link; never a private message's content. */
  email: { assunto: string; texto: string };
  /** The SMS (short; no private content either). */
  sms: string;
}

/**
 * A fan-out whose words differ per person (each tuition's amount, each family's child): `recipients`
 * returns the columns `usuario_id, titulo, texto, link, assunto, email_texto, sms` (all text).
 */
export interface PersonalFanOut {
  recipients: SQL;
  tipo: NotificacaoTipo;
}

/**
 * Notifies a group of people in the caller's transaction: the bell always; the e-mail and SMS outbox
 * rows as the school's switches (Configurações → Notificações) and each person's 'Preferências de
 * notificação' allow — security notices ignore only the person's preference, never the school's switch.
 * One statement per channel, set based, so a notice to 7,000 families is a handful of inserts. The
 * NOTIFY is delivered at commit.
 */
export async function fanOut(ctx: AppContext, tx: DbOrTx, event: FanOut): Promise<void> {
  await fanOutPersonal(ctx, tx, {
    tipo: event.tipo,
    recipients: sql`select r.usuario_id, ${event.titulo}::text as titulo, ${event.texto}::text as texto,
      ${event.link}::text as link, ${event.email.assunto}::text as assunto,
      ${event.email.texto}::text as email_texto, ${event.sms}::text as sms
      from (${event.recipients}) r`,
  });
}

export async function fanOutPersonal(ctx: AppContext, tx: DbOrTx, event: PersonalFanOut): Promise<void> {
  const switches = await readSystemValues(tx);
  const now = clock.now();
  const base = ctx.config.publicUrl;
  const forced = ALWAYS_BY_EMAIL.includes(event.tipo);
  if (switches.notificacoes_email) {
    await tx.execute(sql`
      insert into entregas (canal, destino, assunto, texto, usuario_id, proxima_tentativa)
      select 'email', u.email, r.assunto,
        'Olá, ' || u.nome || E'.\n\n' || r.email_texto || E'\n\nAcesse: ' || ${base}::text || r.link
          || E'\n\n' || ${EMAIL_FOOTER}::text,
        u.id, ${now}
      from (${event.recipients}) r
      join users u on u.id = r.usuario_id and u.status = 'ativo'
      left join notificacao_preferencias p on p.usuario_id = u.id and p.tipo = ${event.tipo}
      where ${forced ? sql`true` : sql`coalesce(p.email, true)`}`);
  }
  if (ctx.config.smsUrl && switches.notificacoes_sms) {
    // A guardian's phone is on the guardian's record; staff's on their account.
    await tx.execute(sql`
      insert into entregas (canal, destino, assunto, texto, usuario_id, proxima_tentativa)
      select 'sms', coalesce(g.telefone, u.telefone), r.titulo, r.sms || ' ' || ${base}::text || r.link,
        u.id, ${now}
      from (${event.recipients}) r
      join users u on u.id = r.usuario_id and u.status = 'ativo'
      left join guardians g on g.usuario_id = u.id
      left join notificacao_preferencias p on p.usuario_id = u.id and p.tipo = ${event.tipo}
      where coalesce(g.telefone, u.telefone) is not null and coalesce(p.sms, true)`);
  }
  // Web Push: one row per device of each person whose preference allows it (on until turned off). The
  // payload is the kind's generic title and the link, never the bell's words (issue 35 §4); `destino`
  // is the subscription's id, looked up again at send time.
  await tx.execute(sql`
    insert into entregas (canal, destino, assunto, texto, usuario_id, proxima_tentativa)
    select 'push', s.id::text, ${PUSH_TITULOS[event.tipo]}::text, coalesce(r.link, '/dashboard'), u.id, ${now}
    from (${event.recipients}) r
    join users u on u.id = r.usuario_id and u.status = 'ativo'
    join push_assinaturas s on s.usuario_id = u.id
    left join notificacao_preferencias p on p.usuario_id = u.id and p.tipo = ${event.tipo}
    where coalesce(p.push, true)`);
  // The bell's rows last: a recipients query may skip people already notified of the same subject
  // (`not exists` on notificacoes, as the absence notice does), and must see the same people above.
  await tx.execute(sql`
    insert into notificacoes (usuario_id, tipo, titulo, texto, link, created_at)
    select r.usuario_id, ${event.tipo}, r.titulo, r.texto, r.link, ${now}
    from (${event.recipients}) r`);
  await tx.execute(sql`select pg_notify(${NOTIFICACOES_CHANNEL}, '')`);
}

/** One person: a convenience over `fanOut`. */
export function notifyUser(
  ctx: AppContext,
  tx: DbOrTx,
  usuarioId: string,
  event: Omit<FanOut, 'recipients'>,
): Promise<void> {
  return fanOut(ctx, tx, { ...event, recipients: sql`select ${usuarioId}::uuid as usuario_id` });
}

function toNotificacao(row: NotificacaoRow): Notificacao {
  return {
    id: row.id,
    tipo: row.tipo,
    titulo: row.titulo,
    texto: row.texto,
    link: row.link,
    lida_em: row.lidaEm?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function countUnread(db: DbOrTx, usuarioId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notificacoes)
    .where(and(eq(notificacoes.usuarioId, usuarioId), isNull(notificacoes.lidaEm)));
  return row?.total ?? 0;
}

/** Several people's unread counts in one query (everyone absent from the answer has none). */
export async function countUnreadOf(db: DbOrTx, usuarioIds: readonly string[]): Promise<Map<string, number>> {
  const totals = new Map(usuarioIds.map((id) => [id, 0]));
  if (usuarioIds.length === 0) return totals;
  const rows = await db
    .select({ usuarioId: notificacoes.usuarioId, total: count() })
    .from(notificacoes)
    .where(and(inArray(notificacoes.usuarioId, [...usuarioIds]), isNull(notificacoes.lidaEm)))
    .groupBy(notificacoes.usuarioId);
  for (const row of rows) totals.set(row.usuarioId, row.total);
  return totals;
}

/**
 * The counts asked for while a query is on its way are read together in the next one: after a notice
 * to the whole school every family's cached count is gone, and their polls arrive at once.
 */
class UnreadBatcher {
  private waiting = new Map<string, Waiter[]>();
  private running = false;

  constructor(private readonly db: Db) {}

  count(usuarioId: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(usuarioId);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(usuarioId, [{ resolve, reject }]);
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.size > 0) {
        // The first BATCHED_COUNTS people now; anyone else waits for the next query.
        const batch = [...this.waiting].slice(0, BATCHED_COUNTS);
        for (const [id] of batch) this.waiting.delete(id);
        try {
          const totals = await countUnreadOf(
            this.db,
            batch.map(([id]) => id),
          );
          for (const [id, waiters] of batch)
            for (const waiter of waiters) waiter.resolve(totals.get(id) ?? 0);
        } catch (error) {
          for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

interface Waiter {
  resolve(total: number): void;
  reject(error: unknown): void;
}

/** At most this many people per batched count (the query's list of ids stays small). */
const BATCHED_COUNTS = 500;
const batchers = new WeakMap<Db, UnreadBatcher>();

/**
 * The bell's count, from this instance's cache when it holds a true one (unread-cache.ts), else read
 * with the other counts being asked at the same moment.
 */
export async function countUnreadCached(db: Db, usuarioId: string): Promise<number> {
  const cache = unreadCacheOf(db);
  const cached = cache?.get(usuarioId);
  if (cached !== undefined) return cached;
  const generation = cache?.begin() ?? 0;
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new UnreadBatcher(db);
    batchers.set(db, batcher);
  }
  const total = await batcher.count(usuarioId);
  cache?.set(usuarioId, total, generation);
  return total;
}

export async function listNotificacoes(
  db: Db,
  usuarioId: string,
  query: { page: number; pageSize: number; nao_lidas?: 'true' | 'false' | undefined },
): Promise<NotificacaoPage> {
  const where = and(
    eq(notificacoes.usuarioId, usuarioId),
    query.nao_lidas === 'true' ? isNull(notificacoes.lidaEm) : undefined,
  );
  const [rows, [total], naoLidas] = await Promise.all([
    db
      .select()
      .from(notificacoes)
      .where(where)
      .orderBy(desc(notificacoes.createdAt), desc(notificacoes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(notificacoes).where(where),
    countUnread(db, usuarioId),
  ]);
  return {
    items: rows.map(toNotificacao),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    nao_lidas: naoLidas,
  };
}

/** Marks the caller's own notifications read (others' ids are ignored, never touched). */
export async function markRead(db: Db, usuarioId: string, ids: string[] | undefined): Promise<number> {
  await db
    .update(notificacoes)
    .set({ lidaEm: clock.now() })
    .where(
      and(
        eq(notificacoes.usuarioId, usuarioId),
        isNull(notificacoes.lidaEm),
        ids ? inArray(notificacoes.id, ids) : undefined,
      ),
    );
  forgetCachedUnread(db, usuarioId);
  return countUnread(db, usuarioId);
}

/** Marks read the bell's entries that point at a subject the person has just opened. */
export async function markReadByLink(db: DbOrTx, usuarioId: string, link: string): Promise<void> {
  await db
    .update(notificacoes)
    .set({ lidaEm: clock.now() })
    .where(
      and(eq(notificacoes.usuarioId, usuarioId), eq(notificacoes.link, link), isNull(notificacoes.lidaEm)),
    );
  // Outside a transaction the update has committed; inside one, the caller forgets after its commit.
  forgetCachedUnread(db, usuarioId);
}

export async function getPreferences(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'nivel'>,
): Promise<Preferencias> {
  const [switches, rows] = await Promise.all([
    readSystemValues(ctx.db),
    ctx.db.select().from(notificacaoPreferencias).where(eq(notificacaoPreferencias.usuarioId, user.id)),
  ]);
  const byTipo = new Map(rows.map((row) => [row.tipo, row]));
  const school = user.nivel === 'administrador' || user.nivel === 'professor';
  const tipos = notificacaoTipos.filter((tipo) => school || !staffOnlyNotificacaoTipos.includes(tipo));
  return {
    itens: tipos.map((tipo) => ({
      tipo,
      email: ALWAYS_BY_EMAIL.includes(tipo) ? true : (byTipo.get(tipo)?.email ?? true),
      sms: byTipo.get(tipo)?.sms ?? true,
      push: byTipo.get(tipo)?.push ?? true,
    })),
    email_disponivel: switches.notificacoes_email,
    sms_disponivel: Boolean(ctx.config.smsUrl) && switches.notificacoes_sms,
  };
}

export async function updatePreferences(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'nivel'>,
  itens: { tipo: NotificacaoTipo; email: boolean; sms: boolean; push?: boolean | undefined }[],
): Promise<Preferencias> {
  await ctx.db.transaction(async (tx) => {
    for (const item of itens) {
      const email = ALWAYS_BY_EMAIL.includes(item.tipo) ? true : item.email;
      // `push` absent: kept as it was (a new row takes the column's default, on).
      const push = item.push === undefined ? {} : { push: item.push };
      await tx
        .insert(notificacaoPreferencias)
        .values({ usuarioId: user.id, tipo: item.tipo, email, sms: item.sms, ...push })
        .onConflictDoUpdate({
          target: [notificacaoPreferencias.usuarioId, notificacaoPreferencias.tipo],
          set: { email, sms: item.sms, ...push },
        });
    }
  });
  return getPreferences(ctx, user);
}

/** Configurações → Notificações: the outbox at a glance and its last errors (no addresses). */
export async function getDeliveryQueue(ctx: AppContext): Promise<Fila> {
  const since = clock.ago(DAY_MS);
  const [[figures], errors] = await Promise.all([
    ctx.db
      .select({
        pendentes: sql<number>`count(*) filter (where ${entregas.status} = 'pendente')::int`,
        enviados: sql<number>`count(*) filter (where ${entregas.status} = 'enviado' and ${entregas.enviadoEm} >= ${since})::int`,
        falhas: sql<number>`count(*) filter (where ${entregas.status} = 'falhou')::int`,
        proxima: sql<
          Date | string | null
        >`min(${entregas.proximaTentativa}) filter (where ${entregas.status} = 'pendente')`,
      })
      .from(entregas),
    ctx.db
      .select()
      .from(entregas)
      .where(sql`${entregas.ultimoErro} is not null and ${entregas.status} <> 'enviado'`)
      .orderBy(desc(entregas.updatedAt))
      .limit(20),
  ]);
  const proxima = figures?.proxima ?? null;
  return {
    pendentes: figures?.pendentes ?? 0,
    enviados_24h: figures?.enviados ?? 0,
    falhas: figures?.falhas ?? 0,
    proxima_tentativa: proxima === null ? null : new Date(proxima).toISOString(),
    email: ctx.config.smtpUrl ? 'smtp' : 'arquivo',
    sms: Boolean(ctx.config.smsUrl),
    ultimos_erros: errors.map((row) => ({
      id: row.id,
      canal: row.canal,
      status: row.status,
      tentativas: row.tentativas,
      erro: row.ultimoErro ?? '',
      atualizado_em: row.updatedAt.toISOString(),
    })),
  };
}

/** A failed delivery tried again from now (the admin fixed the SMTP server). */
export async function retryFailed(db: Db): Promise<number> {
  const now = clock.now();
  const rows = await db
    .update(entregas)
    .set({ status: 'pendente', tentativas: 0, proximaTentativa: now, updatedAt: now })
    .where(eq(entregas.status, 'falhou'))
    .returning({ id: entregas.id });
  return rows.length;
}
