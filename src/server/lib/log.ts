import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../env.js';

/** A destination for log lines (tests pass one to read what was written). */
export interface LogStream {
  write(line: string): void;
}

const MAX_CAUSES = 3;
const MAX_FRAMES = 15;
const MAX_MESSAGE = 300;
/** SQLSTATE codes (23505) and library codes (FST_ERR_…, ECONNREFUSED): never data. */
const CODE = /^[A-Z0-9_]{1,60}$/;
/** Names of tables, columns, constraints and types: schema identifiers, never data. */
const IDENTIFIER = /^[a-z_][a-z0-9_$.]{0,62}$/i;
const IDENTIFIER_FIELDS = ['constraint', 'table', 'column', 'dataType', 'schema', 'routine'] as const;

/**
 * An error that came from the database or its driver. Its message, `detail`, `where`, `query` and
 * `params` carry the values of the statement (names, e-mails, addresses, password hashes), so none
 * of them may be written: only the SQLSTATE and the names of the objects involved.
 */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    'query' in error ||
    'params' in error ||
    'severity' in error ||
    'sqlState' in error ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'routine' in error) ||
    /Drizzle|DatabaseError|PGlite/i.test(String(error.name))
  );
}

/** Quoted parts of a message are values (JSON.parse quotes its input, validators quote values). */
function maskMessage(message: string): string {
  return message
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"')
    .replace(/\s+/g, ' ')
    .slice(0, MAX_MESSAGE);
}

/** Only the call frames of a stack: its first lines repeat the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  return frames.length > 0 ? frames.join('\n') : undefined;
}

export interface SerializedError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  stack: string;
  cause?: SerializedError;
  [identifier: string]: unknown;
}

/** A short code for a log line or a delivery's error: the error's `code` (SQLSTATE, ECONNREFUSED…) or its name. */
export function errorCodeOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) return String(error.code);
  return error instanceof Error ? error.name : 'erro';
}

/**
 * The one way an error reaches the log (docs/architecture.md, Segurança: no personal data in logs). An allow-list, not a
 * deny-list: whatever else an error carries (a request body, query parameters, a failing row) is
 * never written, whichever library added it.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: '(valor lançado que não é um erro)', stack: '' };
  }
  const record = error as Record<string, unknown>;
  const fromDatabase = isDatabaseError(record);
  const name = typeof record.name === 'string' ? record.name : 'Error';
  const type = /^[A-Za-z0-9_$]{1,60}$/.test(name) ? name : 'Error';
  const message = fromDatabase
    ? 'Erro do banco de dados (mensagem omitida: pode conter dados pessoais).'
    : maskMessage(typeof record.message === 'string' ? record.message : '');
  const serialized: SerializedError = { type, message, stack: framesOf(record.stack) ?? '' };
  if (typeof record.code === 'string' && CODE.test(record.code)) serialized.code = record.code;
  if (typeof record.statusCode === 'number') serialized.statusCode = record.statusCode;
  if (fromDatabase) {
    for (const field of IDENTIFIER_FIELDS) {
      const value = record[field];
      if (typeof value === 'string' && IDENTIFIER.test(value)) serialized[field] = value;
    }
  }
  if (record.cause !== undefined && depth < MAX_CAUSES) {
    serialized.cause = serializeError(record.cause, depth + 1);
  }
  return serialized;
}

/**
 * The Pix webhook's path carries the installation's secret (issue 33), and the pré-matrícula link's and
 * the contract signer's paths their tokens (issue 34; the page and its API): never written to a log.
 */
export function withoutSecrets(url: string): string {
  return url
    .replace(/^(\/api\/pix\/webhook\/)[^/]+/, '$1…')
    .replace(/^(\/api\/matricula-online\/|\/matricula\/|\/api\/assinaturas\/|\/assinar\/)[^/]+/, '$1…');
}

/** Fastify's logger: no query strings, cookies, bodies or error values (docs/architecture.md, Segurança). */
export function loggerOptions(config: AppConfig, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent' && !stream) return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: withoutSecrets(req.url.split('?')[0]!),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
  };
}
