import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../lib/paths.js';

/** The file format of a backup. Bump BACKUP_FORMAT_VERSION when the shape changes; older files stay readable. */
export const BACKUP_FORMAT = 'sistema-escolar-backup';
export const BACKUP_FORMAT_VERSION = 1;

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
  checksum: string;
}

export type UnsealedBackup = Omit<BackupFile, 'checksum'>;

/**
 * SHA-256 over the canonical JSON of everything but the checksum, in a fixed field order, so a file
 * that was only re-indented still verifies and any change to a value does not.
 */
export function computeChecksum(body: UnsealedBackup): string {
  const canonical = JSON.stringify([
    body.formato,
    body.versao_formato,
    body.versao_app,
    body.criado_em,
    body.tabelas,
    body.dados,
  ]);
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}

export function sealBackup(body: UnsealedBackup): BackupFile {
  return { ...body, checksum: computeChecksum(body) };
}
