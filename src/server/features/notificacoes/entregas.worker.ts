import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { DrainLoop } from '../../lib/drain-loop.js';
import { errorCodeOf } from '../../lib/log.js';
import type { Mailer } from '../../lib/mailer.js';
import { entregas, type EntregaRow } from '../../db/schema/notificacoes.js';
import { PushClosedError, type PushSender } from './push.sender.js';

/** A delivery that keeps failing is tried this many times, waiting 1, 2, 4, 8 minutes between tries. */
export const ENTREGA_MAX_TENTATIVAS = 5;
export const ENTREGA_BACKOFF_MS = 60_000;
/** A worker that died holding rows releases them when this passes. */
export const ENTREGA_LEASE_MS = 2 * 60_000;
const BATCH = 50;
/** Rows recorded per transaction (see runBatch). */
const RECORD_EVERY = 25;
/** Messages in flight at once: the file outbox overlaps its writes; an SMTP server sees a few connections. */
const SENDING_AT_ONCE = 5;
const POLL_MS = 15_000;

/** A send's result: null when it went out; `final` when it must not be tried again (a push expired). */
type Outcome = { error: unknown; final: boolean } | null;

export type SmsSender = (to: string, message: string) => Promise<void>;

interface WorkerLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** POSTs `{to, message}` as JSON to SMS_URL (a gateway of the school's choice); any 2xx is success. */
export function createSmsSender(url: string): SmsSender {
  return async (to, message) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, message }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok)
      throw Object.assign(new Error(`SMS recusado (${String(response.status)})`), {
        code: `HTTP_${String(response.status)}`,
      });
  };
}

/**
 * Sends the outbox (`entregas`): claims a batch of due rows with `FOR UPDATE SKIP LOCKED` and a lease,
 * so several workers — in one process or on several instances sharing PostgreSQL — never hold the same
 * row; each row is then sent and recorded. A row whose worker died mid-batch is claimed again when its
 * lease passes; its e-mail is named by the row id, so the mailer does not write it twice.
 */
export class DeliveryWorker {
  private readonly drainLoop = new DrainLoop(async () => {
    while ((await this.runBatch()) > 0);
  });
  private timer: NodeJS.Timeout | undefined;
  private automatic = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender | null,
    private readonly log: WorkerLog,
    private readonly push: PushSender | null = null,
  ) {}

  start(): void {
    if (this.automatic) return;
    this.automatic = true;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.automatic = false;
    clearInterval(this.timer);
    await this.drainLoop.settled();
    this.push?.close();
  }

  /** After a commit that queued deliveries (only when working automatically; tests drain by hand). */
  wake(): void {
    if (this.automatic) setImmediate(() => this.kick());
  }

  private kick(): void {
    void this.drain().catch((error: unknown) =>
      this.log.error({ code: errorCodeOf(error) }, 'falha ao processar a fila de entregas'),
    );
  }

  /** Sends every due delivery; resolves when none is left. */
  drain(): Promise<void> {
    return this.drainLoop.drain();
  }

  /** Claims rows (each attempt counted on claim, so a crash counts too) and hands them to this worker. */
  async claim(limit = BATCH): Promise<EntregaRow[]> {
    const now = clock.now();
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: entregas.id })
        .from(entregas)
        .where(
          and(
            eq(entregas.status, 'pendente'),
            sql`${entregas.proximaTentativa} <= ${now}`,
            sql`(${entregas.bloqueadoAte} is null or ${entregas.bloqueadoAte} < ${now})`,
          ),
        )
        .orderBy(entregas.proximaTentativa, entregas.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(entregas)
        .set({
          tentativas: sql`${entregas.tentativas} + 1`,
          bloqueadoAte: new Date(now.getTime() + ENTREGA_LEASE_MS),
          updatedAt: now,
        })
        .where(
          inArray(
            entregas.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  /**
   * Sends one claimed batch; returns how many rows it claimed. The rows go out a few at a time and are
   * recorded RECORD_EVERY at a time, in one transaction: a commit per e-mail made the database's flush
   * to disk the cost of the queue (7,000 e-mails, 152 s on PostgreSQL). A worker that dies after sending
   * and before recording leaves at most those rows to be sent again after the lease — the `.eml` outbox
   * names each file by the row id and never writes it twice; over SMTP the copy carries the same
   * Message-ID (many mail services keep only one).
   */
  async runBatch(limit = BATCH): Promise<number> {
    const batch = await this.claim(limit);
    await this.sendClaimed(batch);
    return batch.length;
  }

  /** Sends and records rows this worker claimed, group by group (see runBatch). */
  async sendClaimed(batch: EntregaRow[]): Promise<void> {
    for (let start = 0; start < batch.length; start += RECORD_EVERY) {
      // A slow server can make a group start after the lease passed; only rows still ours are sent.
      const rows = await this.renewLease(batch.slice(start, start + RECORD_EVERY));
      const outcomes: Outcome[] = [];
      for (let at = 0; at < rows.length; at += SENDING_AT_ONCE) {
        const sending = rows.slice(at, at + SENDING_AT_ONCE).map((row) => this.send(row));
        outcomes.push(...(await Promise.all(sending)));
      }
      await this.record(rows, outcomes);
    }
  }

  /**
   * Extends the lease of rows this worker claimed, and returns those it still holds. Another worker
   * that claimed a row after its lease passed gave it a lease of its own (a new `bloqueado_ate`), so
   * the row is left to it: nobody sends it twice. A group of RECORD_EVERY rows, SENDING_AT_ONCE at a
   * time, ends well within one lease, since every send has a timeout (SMS 15 s, SMTP 20 s of silence).
   */
  async renewLease(rows: EntregaRow[]): Promise<EntregaRow[]> {
    if (rows.length === 0) return rows;
    const leases = [...new Set(rows.map((row) => row.bloqueadoAte?.getTime() ?? 0))];
    const until = clock.ahead(ENTREGA_LEASE_MS);
    const held = await this.db
      .update(entregas)
      .set({ bloqueadoAte: until })
      .where(
        and(
          inArray(
            entregas.id,
            rows.map((row) => row.id),
          ),
          eq(entregas.status, 'pendente'),
          inArray(
            entregas.bloqueadoAte,
            leases.map((time) => new Date(time)),
          ),
        ),
      )
      .returning({ id: entregas.id, bloqueadoAte: entregas.bloqueadoAte });
    const ours = new Map(held.map((row) => [row.id, row.bloqueadoAte]));
    return rows.flatMap((row) => (ours.has(row.id) ? [{ ...row, bloqueadoAte: ours.get(row.id)! }] : []));
  }

  /** Sends one row; resolves to null when it went out, or to its error. */
  private async send(row: EntregaRow): Promise<Outcome> {
    try {
      if (row.canal === 'email') {
        await this.mailer.send({ id: row.id, to: row.destino, subject: row.assunto, text: row.texto });
      } else if (row.canal === 'push') {
        if (!this.push) throw Object.assign(new Error('Web Push indisponível'), { code: 'SEM_PUSH' });
        await this.push.send(row);
      } else {
        if (!this.sms) throw Object.assign(new Error('SMS_URL não configurado'), { code: 'SEM_SMS' });
        await this.sms(row.destino, row.texto);
      }
      return null;
    } catch (error) {
      return { error, final: error instanceof PushClosedError };
    }
  }

  /** Records a group's outcomes in one transaction: the sent rows in one statement, each failure on its own. */
  private async record(rows: EntregaRow[], outcomes: Outcome[]): Promise<void> {
    const now = clock.now();
    const sent = rows.filter((_, i) => outcomes[i] === null).map((row) => row.id);
    const failed = rows.flatMap((row, i) => {
      const outcome = outcomes[i];
      return outcome
        ? [{ row, error: outcome.error, last: outcome.final || row.tentativas >= ENTREGA_MAX_TENTATIVAS }]
        : [];
    });
    for (const { row, error, last } of failed)
      this.log.warn(
        { entrega: row.id, canal: row.canal, tentativa: row.tentativas, code: errorCodeOf(error) },
        last ? 'entrega abandonada' : 'entrega falhou; nova tentativa mais tarde',
      );
    await this.db.transaction(async (tx) => {
      if (sent.length > 0)
        await tx
          .update(entregas)
          .set({ status: 'enviado', enviadoEm: now, bloqueadoAte: null, ultimoErro: null, updatedAt: now })
          .where(inArray(entregas.id, sent));
      for (const { row, error, last } of failed) {
        await tx
          .update(entregas)
          .set({
            status: last ? 'falhou' : 'pendente',
            bloqueadoAte: null,
            // Only a code is kept and logged: a mail server's message can carry the address.
            ultimoErro: describeError(error),
            proximaTentativa: new Date(now.getTime() + ENTREGA_BACKOFF_MS * 2 ** (row.tentativas - 1)),
            updatedAt: now,
          })
          .where(eq(entregas.id, row.id));
      }
    });
  }
}

/** What the admin sees: the error's code and a message with any e-mail address or phone removed. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : 'erro desconhecido';
  const cleaned = message
    // Started only where a word starts (the lookbehind): from inside a long word without '@' every
    // position would scan the rest of the word again (issue 29).
    .replace(/(?<![^\s<>@])[^\s<>@]+@[^\s<>@]+/g, '[endereço]')
    .replace(/\+?\d[\d\s().-]{7,}\d/g, '[telefone]')
    .slice(0, 300);
  return `${errorCodeOf(error)}: ${cleaned}`;
}
