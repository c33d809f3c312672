import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../env.js';
import { PRIVATE_FILE_MODE, tightenFile } from '../../lib/data-dir.js';

export const BACKUP_KEY_FILE = 'backup.key';
/** The next key, written before a rotation re-seals the secrets and renamed over the key after (ADR 0118). */
export const NEXT_KEY_FILE = 'backup.key.nova';
export const HEX_KEY = /^[0-9a-f]{64}$/i;

export class InvalidBackupKeyError extends Error {
  constructor(file: string) {
    super(
      `A chave de backup em ${file} está inválida (esperados 64 caracteres hexadecimais). ` +
        'Restaure o arquivo de uma cópia, ou apague-o para gerar outra chave (os backups já feitos ' +
        'passarão a ser tratados como de outra instalação).',
    );
    this.name = 'InvalidBackupKeyError';
  }
}

export class InterruptedRotationError extends Error {
  constructor(file: string) {
    super(
      `Uma troca da chave da instalação foi interrompida (${file} existe): os segredos guardados podem ` +
        'estar cifrados com a chave nova. Rode `npm run trocar-chave` de novo para concluí-la antes de ' +
        'iniciar o servidor.',
    );
    this.name = 'InterruptedRotationError';
  }
}

/** The key in `file`, or null when the file does not exist. */
export function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!HEX_KEY.test(text)) throw new InvalidBackupKeyError(file);
  return Buffer.from(text, 'hex');
}

/**
 * The secret that signs this installation's backups (ADR 0008). BACKUP_KEY when set (the same value on
 * every server that must accept the others' backups); otherwise DATA_DIR/backup.key, created at the
 * first start with 32 random bytes and mode 0600. Kept outside the database on purpose: a backup holds
 * the whole database, so a key stored there would travel with every file it signs.
 */
export function loadBackupKey(config: Pick<AppConfig, 'dataDir' | 'backupKey'>): Buffer {
  if (config.backupKey) return Buffer.from(config.backupKey, 'hex');
  const next = path.join(config.dataDir, NEXT_KEY_FILE);
  if (existsSync(next)) throw new InterruptedRotationError(next);
  const file = path.join(config.dataDir, BACKUP_KEY_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    const key = readKeyFile(file);
    if (key === null) {
      try {
        // 'wx': two servers starting on one DATA_DIR (PostgreSQL mode) cannot both create it.
        writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      } catch (createError) {
        if ((createError as NodeJS.ErrnoException).code !== 'EEXIST') throw createError;
      }
      continue;
    }
    tightenFile(file);
    return key;
  }
  throw new InvalidBackupKeyError(file);
}
