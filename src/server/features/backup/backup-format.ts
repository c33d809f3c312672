import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackupOriginStatus } from '../../../shared/settings.schemas.js';
import { projectRoot } from '../../lib/paths.js';

/**
 * The file format of a backup. Bump BACKUP_FORMAT_VERSION when the shape changes; older files stay
 * readable. Version 2 added the installation's signature (`assinatura`, `chave_id`). Version 3 is not a
 * new content but its envelope: the version-2 file encrypted under the installation's key (backup-crypto.ts,
 * ADR 0104); BACKUP_FORMAT_VERSION stays the content's.
 */
export const BACKUP_FORMAT = 'sistema-escolar-backup';
export const BACKUP_FORMAT_VERSION = 2;

export const APP_VERSION = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

export interface BackupTable {
  colunas: string[];
  registros: Record<string, unknown>[];
}

export interface BackupFile {
  formato: string;
  versao_formato: number;
  versao_app: string;
  criado_em: string;
  tabelas: Record<string, number>;
  dados: Record<string, BackupTable>;
  /** SHA-256 of the content: catches a damaged file. Anyone can recompute it, so it proves no origin. */
  checksum: string;
  /** Which installation key signed the file (a hash of the key, not the key). Absent before format 2. */
  chave_id?: string;
  /** HMAC-SHA256 of the content under the installation's backup key: proves the file is ours, unchanged. */
  assinatura?: string;
}

export type UnsealedBackup = Omit<BackupFile, 'checksum' | 'chave_id' | 'assinatura'>;

function canonicalOf(body: UnsealedBackup): string {
  return JSON.stringify([
    body.formato,
    body.versao_formato,
    body.versao_app,
    body.criado_em,
    body.tabelas,
    body.dados,
  ]);
}

/**
 * SHA-256 over the canonical JSON of everything but the seals, in a fixed field order, so a file
 * that was only re-indented still verifies and any change to a value does not.
 */
export function computeChecksum(body: UnsealedBackup): string {
  return `sha256:${createHash('sha256').update(canonicalOf(body)).digest('hex')}`;
}

/** A public name for a key: two installations with the same BACKUP_KEY have the same id. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256')
    .update('sistema-escolar/chave-de-backup\n')
    .update(key)
    .digest('hex')
    .slice(0, 16);
}

function signatureOf(body: UnsealedBackup, key: Buffer, keyId: string): string {
  const mac = createHmac('sha256', key).update(`${keyId}\n`).update(canonicalOf(body)).digest('hex');
  return `hmac-sha256:${mac}`;
}

/** Seals a backup: the checksum for damage, and the signature of this installation's key. */
export function sealBackup(body: UnsealedBackup, key: Buffer): BackupFile {
  const keyId = keyIdOf(key);
  return {
    ...body,
    checksum: computeChecksum(body),
    chave_id: keyId,
    assinatura: signatureOf(body, key, keyId),
  };
}

/**
 * Who made the file: this installation (the signature verifies under our key), another installation
 * (signed under a different key: we cannot check it), or nobody (no signature: format 1, or removed).
 * A file that names our key but does not verify was changed after we signed it.
 */
export function originOf(file: BackupFile, key: Buffer): BackupOriginStatus | 'adulterado' {
  if (typeof file.assinatura !== 'string' || typeof file.chave_id !== 'string') return 'sem_assinatura';
  if (file.chave_id !== keyIdOf(key)) return 'outra_instalacao';
  const expected = Buffer.from(signatureOf(file, key, file.chave_id));
  const actual = Buffer.from(file.assinatura);
  const valid = expected.length === actual.length && timingSafeEqual(expected, actual);
  return valid ? 'esta_instalacao' : 'adulterado';
}
