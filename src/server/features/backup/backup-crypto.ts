/**
 * Backups encrypted under the installation's key (ADR 0104). A backup holds the whole database — password
 * hashes, CPFs, children's records — so the file is the format-2 JSON of backup-format.ts (signed as
 * before) encrypted with AES-256-GCM, in segments, inside a small JSON envelope (format 3):
 *
 *   {"formato":"sistema-escolar-backup","versao_formato":3,"versao_app":…,"criado_em":…,
 *    "cifra":"aes-256-gcm","chave_id":…,"sal":…,"segmentos":["<base64 ciphertext+tag>",…]}
 *
 * - The file's key is HKDF-SHA256(backup key, `sal` — 32 random bytes per file, a label of its own): never
 *   the key that signs (the HMAC uses the backup key itself), and a new one for every file.
 * - Segment i is encrypted with the nonce (i as 11 big-endian bytes, 1 if it is the last segment else 0),
 *   as in the STREAM construction: segments cannot be reordered, dropped or the file cut short unnoticed.
 * - Every segment authenticates the envelope's clear fields (additional data), so none can be changed.
 * Writing holds one segment (about a megabyte) at a time; reading verifies every segment before the
 * content is used at all.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../../lib/errors.js';
import { APP_VERSION, BACKUP_FORMAT, keyIdOf } from './backup-format.js';

/** The envelope's format version (the content inside stays BACKUP_FORMAT_VERSION). */
export const ENCRYPTED_FORMAT_VERSION = 3;
export const BACKUP_CIPHER = 'aes-256-gcm';
const KEY_LABEL = 'sistema-escolar/backup/aes-256-gcm';
const TAG_BYTES = 16;

export interface EncryptedBackup {
  formato: string;
  versao_formato: number;
  versao_app: string;
  criado_em: string;
  cifra: string;
  chave_id: string;
  sal: string;
  segmentos: string[];
}

export const FOREIGN_ENCRYPTED_MESSAGE =
  'Este backup foi cifrado por outra instalação e só pode ser lido com a chave de backup dela. Informe a chave de backup da instalação de origem (Configurações → Backup, "Mostrar chave de backup", no servidor antigo, ou a cópia impressa) para restaurá-lo. Nada foi restaurado.';
export const WRONG_KEY_MESSAGE =
  'A chave de backup informada não abre este arquivo: confira se é a chave da instalação que criou o backup. Nada foi restaurado.';
/** Where the screens ask for the other installation's key (restore's field `chave_backup`). */
export const SOURCE_KEY_FIELD = 'chave_backup';
export const TAMPERED_MESSAGE =
  'A assinatura do backup não confere: o arquivo foi alterado depois de criado por esta instalação. Nada foi restaurado.';

const SHOWN_KEY_SALT = 'sistema-escolar/backup/chave-exibida';

/**
 * The key backups are encrypted under, and the one Configurações → Backup shows (ADR 0109): derived from
 * the installation's key, never that key itself. The installation's key also seals the PSP's client secret
 * and private key and the NFS-e certificate (lib/secret-box.ts), which travel sealed in every backup, and
 * signs the backups as this installation's; whoever reads this one off the screen opens the backups only.
 */
export function backupCipherKeyOf(installationKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, SHOWN_KEY_SALT, 'chave-de-backup', 32));
}

function fileKey(key: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', key, salt, KEY_LABEL, 32));
}

function nonceOf(index: number, last: boolean): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 3);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

type Header = Omit<EncryptedBackup, 'segmentos'>;

/** The clear fields every segment authenticates, in a fixed order. */
function additionalData(header: Header): Buffer {
  return Buffer.from(
    JSON.stringify([
      header.formato,
      header.versao_formato,
      header.versao_app,
      header.criado_em,
      header.cifra,
      header.chave_id,
      header.sal,
    ]),
  );
}

/**
 * Writes the envelope to `handle` as the content arrives: `write` encrypts a segment, `finish` the last
 * one and closes the envelope. `size` counts the bytes written.
 */
export class EncryptingWriter {
  size = 0;
  private index = 0;
  private readonly aad: Buffer;
  private readonly key: Buffer;
  private readonly head: string;

  constructor(
    private readonly handle: FileHandle,
    backupKey: Buffer,
    criadoEm: string,
  ) {
    const salt = randomBytes(32);
    const header: Header = {
      formato: BACKUP_FORMAT,
      versao_formato: ENCRYPTED_FORMAT_VERSION,
      versao_app: APP_VERSION,
      criado_em: criadoEm,
      cifra: BACKUP_CIPHER,
      chave_id: keyIdOf(backupKey),
      sal: salt.toString('base64'),
    };
    this.key = fileKey(backupKey, salt);
    this.aad = additionalData(header);
    this.head = `${JSON.stringify(header).slice(0, -1)},"segmentos":[`;
  }

  private async segment(plain: string, last: boolean): Promise<void> {
    const cipher = createCipheriv(BACKUP_CIPHER, this.key, nonceOf(this.index, last), {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(this.aad);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const prefix = this.index === 0 ? this.head : ',';
    this.index++;
    const text = `${prefix}"${sealed.toString('base64')}"${last ? ']}' : ''}`;
    const { bytesWritten } = await this.handle.write(text);
    this.size += bytesWritten;
  }

  write(plain: string): Promise<void> {
    return this.segment(plain, false);
  }

  finish(plain: string): Promise<void> {
    return this.segment(plain, true);
  }
}

function isEnvelopeShape(value: Record<string, unknown>): boolean {
  return (
    typeof value.versao_app === 'string' &&
    typeof value.criado_em === 'string' &&
    value.cifra === BACKUP_CIPHER &&
    typeof value.chave_id === 'string' &&
    typeof value.sal === 'string' &&
    Array.isArray(value.segmentos) &&
    value.segmentos.length > 0 &&
    value.segmentos.every((segment) => typeof segment === 'string')
  );
}

/**
 * The key that opens the envelope: this installation's, else the one the administrator typed (another
 * installation's, from its printed copy). Each as the backup key derived from it (ADR 0109) or as itself:
 * the files written before that were encrypted under the installation's key, and the copies printed
 * before it show that key. Refused with a message that asks for it, or says it is wrong.
 */
function keyFor(envelope: EncryptedBackup, backupKey: Buffer, sourceKey: Buffer | undefined): Buffer {
  const candidates = [backupCipherKeyOf(backupKey), backupKey];
  if (sourceKey) candidates.push(sourceKey, backupCipherKeyOf(sourceKey));
  const found = candidates.find((key) => envelope.chave_id === keyIdOf(key));
  if (found) return found;
  const message = sourceKey ? WRONG_KEY_MESSAGE : FOREIGN_ENCRYPTED_MESSAGE;
  throw new AppError('VALIDATION', message, [{ path: SOURCE_KEY_FIELD, message }]);
}

/**
 * A format-3 file (parsed JSON): its content, decrypted and verified. Throws a clear AppError. `sourceKey`
 * is another installation's key, used only for a file this installation's key does not open.
 */
export function decryptBackup(
  parsed: Record<string, unknown>,
  backupKey: Buffer,
  notABackup: () => AppError,
  sourceKey?: Buffer,
): string {
  if (!isEnvelopeShape(parsed)) throw notABackup();
  const envelope = parsed as unknown as EncryptedBackup;
  const key = fileKey(keyFor(envelope, backupKey, sourceKey), Buffer.from(envelope.sal, 'base64'));
  const aad = additionalData(envelope);
  const segments = envelope.segmentos;
  const plain: Buffer[] = [];
  try {
    for (let index = 0; index < segments.length; index++) {
      const sealed = Buffer.from(segments[index]!, 'base64');
      // The base64 text is let go as soon as it is read: the file is not held twice.
      segments[index] = '';
      if (sealed.length < TAG_BYTES) throw new Error('segmento curto');
      const decipher = createDecipheriv(BACKUP_CIPHER, key, nonceOf(index, index === segments.length - 1), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(aad);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      plain.push(decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final());
    }
  } catch {
    throw new AppError('VALIDATION', TAMPERED_MESSAGE);
  }
  const content = Buffer.concat(plain);
  plain.length = 0;
  return content.toString('utf8');
}
