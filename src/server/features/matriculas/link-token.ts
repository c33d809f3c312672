/**
 * The links matrícula online e-mails without a password (the pré-matrícula form, a signer's contract):
 * 32 random bytes in base64url, of which only the SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';

export const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** A new link token and the hash to store for it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}
