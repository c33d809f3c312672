import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (a PSP's client secret and private key, issue 33) sealed with AES-256-GCM
 * under a key derived (HKDF-SHA256) from the installation's key (`ctx.backupKey`, which lives outside the
 * database: ADR 0008). A database dump or a backup file therefore holds only ciphertext; a backup restored
 * on another installation (another key) cannot open them, and the secrets are typed in again (ADR 0040).
 *
 * Each sealed value is bound to its purpose (the column it lives in) through GCM's additional data, so a
 * ciphertext copied into another column does not open.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = 'sistema-escolar/secret-box';

export class SecretBoxError extends Error {
  constructor() {
    super('Segredo ilegível: cifrado com a chave de outra instalação, ou corrompido.');
    this.name = 'SecretBoxError';
  }
}

/** A sealer/opener for one installation key; `info` separates the uses of that key (HKDF's info). */
export interface SecretBox {
  seal(plaintext: string, purpose: string): string;
  /** Throws `SecretBoxError` when the value was not sealed by this box for this purpose. */
  open(sealed: string, purpose: string): string;
}

export function secretBox(installationKey: Buffer, info = 'segredos'): SecretBox {
  if (installationKey.length < 16) throw new Error('secretBox: chave da instalação curta demais');
  const key = Buffer.from(hkdfSync('sha256', installationKey, SALT, info, 32));
  return {
    seal(plaintext, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, purpose) {
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || payload === undefined) throw new SecretBoxError();
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError();
      }
    },
  };
}

/**
 * A sealed value moved to another key (the installation key's rotation): opened with the first of `from`
 * that opens it, sealed again with `into`. Null when none opens it (sealed by another installation, from a
 * restored backup): the caller leaves it as it is, unreadable either way.
 */
export function resealed(sealed: string, purpose: string, from: SecretBox[], into: SecretBox): string | null {
  for (const box of from) {
    let plaintext: string;
    try {
      plaintext = box.open(sealed, purpose);
    } catch {
      continue;
    }
    return into.seal(plaintext, purpose);
  }
  return null;
}
