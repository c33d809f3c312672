/**
 * Idempotency keys (ADR 0053): a write that may be retried after a lost answer carries
 * `Idempotency-Key`; the server answers a retry with the first answer instead of writing again.
 */
import { z } from 'zod';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed from a key already used (the write happened before). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

const INVALID_KEY = 'Chave de idempotência inválida (até 100 letras, números, hífens ou pontos).';

/** Up to 100 visible ASCII characters; a UUID is what the app sends. */
export const idempotencyKeySchema = z
  .string({ error: INVALID_KEY })
  .min(8, INVALID_KEY)
  .max(100, INVALID_KEY)
  .regex(/^[A-Za-z0-9._:-]+$/, INVALID_KEY);
