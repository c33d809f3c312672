import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { AutomaticBackup } from '../../../shared/settings.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { PRIVATE_DIR_MODE } from '../../lib/data-dir.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, systemActor } from '../audit/index.js';
import { writeBackupFile, type WrittenBackup } from './backup-stream.js';

/* ---------- automatic backups under BACKUP_DIR (default DATA_DIR/backups) ---------- */

export type AutomaticBackupKind = AutomaticBackup['tipo'];

export function backupsFolder(ctx: AppContext): string {
  return ctx.config.backupDir;
}

const FILE_PATTERN =
  /^(diario|antes-restauracao|antes-limpeza)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?Z\.json$/;

function dateOfName(name: string): Date | null {
  const match = FILE_PATTERN.exec(name);
  if (!match) return null;
  return new Date(`${match[2]}T${match[3]}:${match[4]}:${match[5]}.${match[6] ?? '000'}Z`);
}

/** Writes a backup file atomically (temporary name, then rename) and applies the retention rules. */
export async function writeAutomaticBackup(
  ctx: AppContext,
  kind: AutomaticBackupKind,
): Promise<AutomaticBackup> {
  const folder = backupsFolder(ctx);
  await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Streamed to a temporary name (issue 38: the school is never held in memory), then renamed.
  const temporary = path.join(folder, `.${kind}-${randomUUID()}.json.tmp`);
  let written: WrittenBackup;
  try {
    written = await writeBackupFile(ctx.db, ctx.backupKey, temporary);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  const name = `${kind}-${written.criado_em.replace(/[:.]/g, '-')}.json`;
  await rename(temporary, path.join(folder, name));
  await pruneBackups(ctx);
  return { nome: name, tipo: kind, criado_em: written.criado_em, tamanho: written.tamanho };
}

/**
 * A full backup to download: written to a temporary file in the backups folder, which is unlinked as
 * soon as it is open again for reading (nothing is left behind, whatever happens to the download). The
 * size is known before the first byte goes out, so the browser shows the download's progress.
 */
export async function backupForDownload(ctx: AppContext): Promise<WrittenBackup & { stream: ReadStream }> {
  const folder = backupsFolder(ctx);
  await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
  const temporary = path.join(folder, `.download-${randomUUID()}.json.tmp`);
  try {
    const written = await writeBackupFile(ctx.db, ctx.backupKey, temporary);
    const handle = await open(temporary, 'r');
    return { ...written, stream: handle.createReadStream() };
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

export async function listAutomaticBackups(ctx: AppContext): Promise<AutomaticBackup[]> {
  let names: string[];
  try {
    names = await readdir(backupsFolder(ctx));
  } catch {
    return [];
  }
  const items: AutomaticBackup[] = [];
  for (const name of names) {
    const match = FILE_PATTERN.exec(name);
    const date = dateOfName(name);
    if (!match || !date) continue;
    const info = await stat(path.join(backupsFolder(ctx), name));
    items.push({
      nome: name,
      tipo: match[1] as AutomaticBackupKind,
      criado_em: date.toISOString(),
      tamanho: info.size,
    });
  }
  return items.sort((a, b) => b.criado_em.localeCompare(a.criado_em));
}

export async function readAutomaticBackup(ctx: AppContext, name: string): Promise<Buffer> {
  if (!FILE_PATTERN.test(name)) throw new AppError('NOT_FOUND', 'Backup não encontrado.');
  try {
    return await readFile(path.join(backupsFolder(ctx), name));
  } catch {
    throw new AppError('NOT_FOUND', 'Backup não encontrado.');
  }
}

const dayKey = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);

function weekKey(date: Date): string {
  const day = new Date(`${dayKey(date)}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - weekday);
  return day.toISOString().slice(0, 10);
}

/**
 * Daily backups: the newest of each of the last 7 days, 4 weeks and 12 months is kept (grandfather-
 * father-son). Safety backups taken before a restore or a wipe: the newest 10 of each kind.
 */
export function backupsToDelete(items: AutomaticBackup[]): string[] {
  const keep = new Set<string>();
  const daily = items
    .filter((item) => item.tipo === 'diario')
    .sort((a, b) => b.criado_em.localeCompare(a.criado_em));
  const rules: [number, (date: Date) => string][] = [
    [7, dayKey],
    [4, weekKey],
    [12, (date) => dayKey(date).slice(0, 7)],
  ];
  for (const [limit, keyOf] of rules) {
    const seen = new Set<string>();
    for (const item of daily) {
      const key = keyOf(new Date(item.criado_em));
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > limit) break;
      keep.add(item.nome);
    }
  }
  for (const kind of ['antes-restauracao', 'antes-limpeza'] as const) {
    items
      .filter((item) => item.tipo === kind)
      .sort((a, b) => b.criado_em.localeCompare(a.criado_em))
      .slice(0, 10)
      .forEach((item) => keep.add(item.nome));
  }
  return items.filter((item) => !keep.has(item.nome)).map((item) => item.nome);
}

async function pruneBackups(ctx: AppContext): Promise<void> {
  for (const name of backupsToDelete(await listAutomaticBackups(ctx))) {
    await unlink(path.join(backupsFolder(ctx), name)).catch(() => undefined);
  }
}

export const DAILY_BACKUP_JOB = 'backup_diario';

/**
 * The daily backup's slot: today's date (São Paulo) while automatic backups are on. The job queue
 * claims each slot once across every instance and runs the job there (ADR 0015).
 */
export async function dailyBackupSlot(now: Date, isOn: () => Promise<boolean>): Promise<string | null> {
  return (await isOn()) ? dayKey(now) : null;
}

/**
 * Runs the daily backup when it is on and today's (São Paulo) backup does not exist yet. The file
 * check covers a run that wrote its file but died before the queue heard of it: taken over by another
 * instance, the slot still yields one file.
 */
export async function runDailyBackupIfDue(ctx: AppContext, isOn: () => Promise<boolean>): Promise<boolean> {
  if (!(await isOn())) return false;
  const today = dayKey(clock.now());
  const existing = await listAutomaticBackups(ctx);
  if (existing.some((item) => item.tipo === 'diario' && dayKey(new Date(item.criado_em)) === today))
    return false;
  const written = await writeAutomaticBackup(ctx, 'diario');
  await recordAudit(ctx.db, systemActor, {
    action: 'backup_automatico',
    entity: 'backup',
    details: { arquivo: written.nome, tamanho: written.tamanho },
  });
  return true;
}
