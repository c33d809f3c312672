import { randomBytes } from 'node:crypto';
import { CODE_ALPHABET, CODE_GROUP, CODE_LENGTH } from '../../shared/documents.schemas.js';

/**
 * A verification code: 20 symbols of Crockford's base32, each 5 bits from the CSPRNG, so 100 bits
 * nobody can guess or enumerate (the public page is also rate-limited). 32 divides 256, so taking the
 * low 5 bits of a random byte is uniform. Issued documents and signed contracts share the kind (and the
 * public check `/validar/{codigo}`), so it lives here rather than in either module.
 */
export function generateVerificationCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let symbols = '';
  for (const byte of bytes) symbols += CODE_ALPHABET[byte & 31]!;
  return symbols.match(new RegExp(`.{${String(CODE_GROUP)}}`, 'g'))!.join('-');
}
