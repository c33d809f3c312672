import { statusByErrorCode, type ErrorCode, type FieldError } from '../../shared/api.js';

/** The one error a service throws; the error funnel turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusByErrorCode[code];
    this.headers = headers;
  }
}

export const notFound = (message = 'Recurso não encontrado.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, details?: FieldError[]) =>
  new AppError('VALIDATION', message, details);

/** PostgreSQL unique violation, the same code on PGlite and node-postgres. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
