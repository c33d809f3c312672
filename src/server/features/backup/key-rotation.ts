/**
 * The installation key's rotation (ADR 0118), run by `npm run trocar-chave` with every server stopped.
 * The installation's key seals the bank's and the certificate's secrets kept in the database and signs
 * the backups; a key that leaked (a copy printed before ADR 0109, a stolen DATA_DIR) opens them together
 * with any backup. Rotating makes a new key, re-seals every sealed value with it in one transaction and
 * puts it in place of the old one, so nothing written from then on opens with the old key.
 *
 * File mode (DATA_DIR/backup.key): the new key is first written to backup.key.nova, the values re-sealed,
 * then the file renamed over backup.key. A run stopped in between is finished by running it again (a value
 * opens with either key; the server refuses to start while backup.key.nova exists). With BACKUP_KEY the
 * operator brings the new key (NOVA_BACKUP_KEY) and sets it on every instance afterwards.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { AppConfig } from '../../env.js';
import { PRIVATE_FILE_MODE } from '../../lib/data-dir.js';
import type { Actor } from '../../lib/http.js';
import { resealColumns, type ResealCount } from '../../lib/sealed-columns.js';
import { recordAudit } from '../audit/index.js';
import { FISCAL_SEALED_COLUMNS } from '../nfse/index.js';
import { PIX_SEALED_COLUMNS } from '../pix/index.js';
import { backupCipherKeyOf } from './backup-crypto.js';
import { keyIdOf } from './backup-format.js';
import { BACKUP_KEY_FILE, HEX_KEY, NEXT_KEY_FILE, readKeyFile } from './backup-key.js';

export class KeyRotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRotationError';
  }
}

const rotationActor: Actor = { id: null, nome: 'Servidor (npm run trocar-chave)', nivel: null, ip: null };

export interface RotationKeys {
  old: Buffer;
  next: Buffer;
  /** Where the key lives: DATA_DIR/backup.key, or the BACKUP_KEY variable. */
  mode: 'arquivo' | 'variavel';
}

/**
 * The key in use and the one to rotate to, before anything is written: with BACKUP_KEY, `nextHex` (the
 * NOVA_BACKUP_KEY variable) is required; in a DATA_DIR, the key of a run stopped halfway, or none yet.
 */
export function rotationKeysOf(
  config: Pick<AppConfig, 'dataDir' | 'backupKey'>,
  nextHex: string | undefined,
): Omit<RotationKeys, 'next'> & { next: Buffer | null } {
  if (config.backupKey) {
    if (!nextHex || !HEX_KEY.test(nextHex))
      throw new KeyRotationError(
        'A chave desta instalação vem de BACKUP_KEY: informe a nova em NOVA_BACKUP_KEY (64 caracteres ' +
          'hexadecimais, por exemplo de `openssl rand -hex 32`).',
      );
    const next = Buffer.from(nextHex, 'hex');
    const old = Buffer.from(config.backupKey, 'hex');
    if (next.equals(old)) throw new KeyRotationError('NOVA_BACKUP_KEY é igual à chave atual.');
    return { old, next, mode: 'variavel' };
  }
  const old = readKeyFile(path.join(config.dataDir, BACKUP_KEY_FILE));
  if (old === null)
    throw new KeyRotationError(
      `Não há chave em ${path.join(config.dataDir, BACKUP_KEY_FILE)}: confira o DATA_DIR (a chave é criada na primeira inicialização do servidor).`,
    );
  return { old, next: readKeyFile(path.join(config.dataDir, NEXT_KEY_FILE)), mode: 'arquivo' };
}

function syncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The new key of a file-mode rotation, kept in backup.key.nova until the secrets are re-sealed. */
export function writeNextKey(dataDir: string): Buffer {
  const next = randomBytes(32);
  const file = path.join(dataDir, NEXT_KEY_FILE);
  writeFileSync(file, `${next.toString('hex')}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  syncPath(file);
  syncPath(dataDir);
  return next;
}

/** The last step in a DATA_DIR: backup.key.nova takes backup.key's place. */
export function putNextKeyInPlace(dataDir: string): void {
  renameSync(path.join(dataDir, NEXT_KEY_FILE), path.join(dataDir, BACKUP_KEY_FILE));
  syncPath(dataDir);
}

/**
 * Refuses while other processes are connected to this PostgreSQL database: a server running with the old
 * key would seal new values with it, or replace the webhook's secret it can no longer open. PGlite's lock
 * on DATA_DIR already keeps a running server out.
 */
export async function assertNoOtherSessions(database: Pick<Database, 'db' | 'kind'>): Promise<void> {
  if (database.kind !== 'postgres') return;
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`),
  );
  const others = row?.n ?? 0;
  if (others > 0)
    throw new KeyRotationError(
      `Há ${others} ${others === 1 ? 'conexão' : 'conexões'} de outros processos neste banco: pare todos os ` +
        'servidores da escola antes de trocar a chave (um servidor com a chave antiga cifraria com ela).',
    );
}

export interface Resealed {
  pix: ResealCount;
  fiscal: ResealCount;
}

/** Every sealed value moved from `old` to `next`, with its audit entry, in one transaction. */
export async function resealInstallationSecrets(db: Db, keys: RotationKeys): Promise<Resealed> {
  return db.transaction(async (tx) => {
    const pix = await resealColumns(tx, PIX_SEALED_COLUMNS, keys.old, keys.next);
    const fiscal = await resealColumns(tx, FISCAL_SEALED_COLUMNS, keys.old, keys.next);
    await recordAudit(tx, rotationActor, {
      action: 'trocar_chave_instalacao',
      entity: 'backup',
      details: {
        chave_backup_anterior_id: keyIdOf(backupCipherKeyOf(keys.old)),
        chave_backup_nova_id: keyIdOf(backupCipherKeyOf(keys.next)),
        segredos_recifrados: pix.resealed + fiscal.resealed,
        segredos_ilegiveis: pix.unreadable + fiscal.unreadable,
      },
    });
    return { pix, fiscal };
  });
}

export interface RotationOutcome extends Resealed {
  keys: RotationKeys;
}

/**
 * The rotation on an open database with no server running (the command checks: `assertNoOtherSessions`,
 * PGlite's lock): the keys, the new key kept, the values re-sealed, the new key in place.
 */
export async function rotateInstallationKey(
  db: Db,
  config: Pick<AppConfig, 'dataDir' | 'backupKey'>,
  nextHex: string | undefined,
): Promise<RotationOutcome> {
  const found = rotationKeysOf(config, nextHex);
  const keys: RotationKeys = { ...found, next: found.next ?? writeNextKey(config.dataDir) };
  const resealed = await resealInstallationSecrets(db, keys);
  if (keys.mode === 'arquivo') putNextKeyInPlace(config.dataDir);
  return { ...resealed, keys };
}

/** The backups' keys before and after, as Configurações → Backup shows them (ADR 0109): 16 groups of 4. */
export function backupKeysShown(keys: RotationKeys): { old: string; next: string } {
  const shown = (key: Buffer) => (backupCipherKeyOf(key).toString('hex').match(/.{4}/g) ?? []).join(' ');
  return { old: shown(keys.old), next: shown(keys.next) };
}
