import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { formatDateTime } from '../../shared/format.js';
import type { Nivel } from '../../shared/permissions.js';
import type { DbOrTx } from '../db/client.js';
import { clock } from './clock.js';
import { AppError } from './errors.js';

/**
 * How much one account may write (ADR 0018): caps on the writes a signed-in person (or, for the
 * silent ones, anybody) can repeat, so one account cannot fill the database, the outbox or the
 * families' inboxes. Each cap is a count over the rows the write itself leaves — the documents issued,
 * the messages sent, the audit trail's entries — in a sliding window, so there is no counter to keep;
 * a transaction-scoped advisory lock per account and cap makes the count and the write one step, on
 * PGlite and across instances on PostgreSQL alike (design §8: no in-process state decides).
 * Administrators act for the school and are not capped (the upload space is, for everyone).
 */
export interface WriteLimit {
  max: number;
  windowMinutes: number;
  /** What is counted, plural, as the message says it: 'declarações emitidas'. */
  what: string;
  /** What the person may do again once it frees: 'emitir outra'. */
  again: string;
}

const DAY = 24 * 60;

/** Every cap in one place: the ADR, docs/security.md and the tests read these numbers. */
export const WRITE_LIMITS = {
  documentos: { max: 20, windowMinutes: DAY, what: 'declarações emitidas', again: 'emitir outra' },
  comunicados: { max: 10, windowMinutes: DAY, what: 'comunicados criados', again: 'criar outro' },
  comunicadoEdicoes: {
    max: 60,
    windowMinutes: DAY,
    what: 'edições de comunicados',
    again: 'editar de novo',
  },
  lembretes: { max: 5, windowMinutes: DAY, what: 'lembretes reenviados', again: 'reenviar outro' },
  /** Tuition reminders to families (Inadimplência → Enviar lembrete); each family also at most one a day. */
  lembretesMensalidade: {
    max: 300,
    windowMinutes: DAY,
    what: 'lembretes de mensalidade enviados',
    again: 'enviar outro',
  },
  mensagensHora: { max: 30, windowMinutes: 60, what: 'mensagens enviadas', again: 'enviar outra' },
  mensagensDia: { max: 150, windowMinutes: DAY, what: 'mensagens enviadas', again: 'enviar outra' },
  consentimentos: {
    max: 40,
    windowMinutes: DAY,
    what: 'registros de consentimento',
    again: 'registrar outro',
  },
  solicitacoes: { max: 10, windowMinutes: DAY, what: 'solicitações LGPD', again: 'enviar outra' },
  contato: {
    max: 20,
    windowMinutes: DAY,
    what: 'alterações dos dados de contato',
    again: 'alterar de novo',
  },
  exportacoes: {
    max: 30,
    windowMinutes: DAY,
    what: 'arquivos de relatório gerados em segundo plano',
    again: 'gerar outro',
  },
  trocasSenha: { max: 10, windowMinutes: DAY, what: 'trocas de senha', again: 'trocar de novo' },
  /** Silent (the answer never tells): reset links mailed to one account, whoever asks. */
  linksRedefinicao: { max: 3, windowMinutes: 60, what: 'links de redefinição', again: 'receber outro' },
  /** Silent: 'new device' notices to one account; past it the sign-in goes on without one. */
  avisosDispositivoNovo: {
    max: 10,
    windowMinutes: DAY,
    what: 'avisos de dispositivo novo',
    again: 'receber outro',
  },
} as const satisfies Record<string, WriteLimit>;

/** Attachments to comunicados, in bytes as stored (images after re-encoding). */
export const UPLOAD_LIMITS = {
  /** Per account (not administrators), over its uploads of the last 24 h still stored. */
  accountBytes: 100 * 1024 * 1024,
  accountFiles: 40,
  windowMinutes: DAY,
  /** For everyone together: uploads not yet in a comunicado (purged a day after upload). */
  pendingBytes: 1024 * 1024 * 1024,
  pendingKeepMinutes: DAY,
} as const;

/**
 * Where a cap counts: `rows` selects one column `at` (the time of each counted write) for the
 * account's rows; `clock` says who stamped them — the app (`lib/clock`, which tests pin) or the
 * database (`now()`, as the audit trail does), so the window is measured on the same clock.
 */
export interface LimitSource {
  rows: SQL;
  clock: 'app' | 'database';
}

/** The account a cap applies to. */
export interface LimitedAccount {
  id: string;
  nivel: Nivel | null;
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

async function nowOf(tx: DbOrTx, which: LimitSource['clock']): Promise<Date> {
  if (which === 'app') return clock.now();
  const result = (await tx.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`)) as {
    rows: { ms: number | string }[];
  };
  return new Date(Number(result.rows[0]?.ms ?? Date.now()));
}

/**
 * Holds the account's lock for `name` until the transaction ends: two writes of one account under
 * the same cap count one after the other, so both cannot see the last free slot.
 */
export async function lockLimit(tx: DbOrTx, name: string, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`limite:${name}:${accountId}`}, 0))`);
}

interface LimitState {
  now: Date;
  /** When the account may write again, or null while it is under the cap. */
  freeAt: Date | null;
}

/** Whether the account is at the cap: the `max`-th newest counted row inside the window frees it. */
async function limitState(tx: DbOrTx, limit: WriteLimit, source: LimitSource): Promise<LimitState> {
  const now = await nowOf(tx, source.clock);
  const windowMs = limit.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const result = (await tx.execute(sql`
    select (extract(epoch from s.at) * 1000)::float8 as ms
    from (${source.rows}) s
    where s.at > ${timestamp(since)}
    order by s.at desc
    limit 1 offset ${limit.max - 1}`)) as { rows: { ms: number | string }[] };
  const row = result.rows[0];
  return { now, freeAt: row ? new Date(Number(row.ms) + windowMs) : null };
}

function windowLabel(minutes: number): string {
  if (minutes % 60 !== 0) return `${String(minutes)} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hora' : `${String(hours)} horas`;
}

/** The moment as the message shows it: rounded up to the minute, so 'a partir de' is never early. */
export function freeAtLabel(freeAt: Date): string {
  return formatDateTime(new Date(Math.ceil(freeAt.getTime() / 60_000) * 60_000));
}

/** 429 in the envelope, with `Retry-After` in seconds until `freeAt`. */
export function rateLimited(message: string, now: Date, freeAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(seconds) });
}

function limitMessage(limit: WriteLimit, freeAt: Date): string {
  return `Limite de ${String(limit.max)} ${limit.what} em ${windowLabel(limit.windowMinutes)} atingido. Você poderá ${limit.again} a partir de ${freeAtLabel(freeAt)}.`;
}

/**
 * Refuses the write (429 with `Retry-After` and the cap in the message) when the account is at any
 * of `limits`; run it first in the transaction that writes. Administrators pass.
 */
export async function enforceWriteLimits(
  tx: DbOrTx,
  account: LimitedAccount,
  name: string,
  limits: readonly { limit: WriteLimit; source: LimitSource }[],
): Promise<void> {
  if (account.nivel === 'administrador') return;
  await lockLimit(tx, name, account.id);
  for (const { limit, source } of limits) {
    const state = await limitState(tx, limit, source);
    if (state.freeAt) throw rateLimited(limitMessage(limit, state.freeAt), state.now, state.freeAt);
  }
}

/**
 * For writes whose answer must not tell (a reset link, a sign-in's notice): true when the account is
 * at the cap, so the caller skips the write. Applies to every account, administrators included.
 */
export async function atSilentLimit(
  tx: DbOrTx,
  accountId: string,
  name: string,
  limit: WriteLimit,
  source: LimitSource,
): Promise<boolean> {
  await lockLimit(tx, name, accountId);
  return (await limitState(tx, limit, source)).freeAt !== null;
}

/** The audit trail's entries of one account for these actions on `entity` (stamped by the database). */
/** The account's rows of `table` (owned through `owner`), each counted at `at`, stamped by the app. */
export function ownRows(table: PgTable, at: PgColumn, owner: PgColumn, accountId: string): LimitSource {
  return { clock: 'app', rows: sql`select ${at} as at from ${table} where ${owner} = ${accountId}::uuid` };
}

export function auditRows(accountId: string, entity: string, actions: readonly string[]): LimitSource {
  return {
    clock: 'database',
    rows: sql`select at from audit_log
      where actor_id = ${accountId}::uuid and entity = ${entity}
        and action in (${sql.join(
          actions.map((action) => sql`${action}`),
          sql`, `,
        )})`,
  };
}
