import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { ensureSubjectCatalogue } from '../disciplinas/index.js';
import { rowsOf } from '../../db/rows.js';
import { columnsReferencing } from '../../db/foreign-keys.js';
import { ident, describeTables } from './backup-tables.service.js';
import { literal } from './backup-restore.service.js';

/**
 * 'Limpar Todos os Dados' empties every table EXCEPT these. `users` keeps only the administrator who
 * asked (other accounts are deleted), `sessions` keeps that administrator's sessions; tables named
 * with a prefix below (the public site's content and media) are kept whole. The access profiles are the
 * school's setup, like its settings: the remaining administrator keeps theirs (ADR 0025).
 */
export const WIPE_KEEP_TABLES = [
  'users',
  'sessions',
  'audit_log',
  'settings',
  'perfis',
  'user_perfis',
] as const;
export const WIPE_KEEP_PREFIXES = ['content', 'media', 'site_'] as const;

/* ---------- wipe ---------- */

export function isKeptByWipe(table: string): boolean {
  return (
    (WIPE_KEEP_TABLES as readonly string[]).includes(table) ||
    WIPE_KEEP_PREFIXES.some((prefix) => table.startsWith(prefix))
  );
}

/**
 * Removes the school's records and the other portal accounts in one transaction; keeps the
 * administrator's account and sessions, the settings, the site content and the audit log.
 */
export async function wipeSchoolData(
  db: Db,
  adminId: string,
  actor: Actor,
  safetyBackup: string,
): Promise<{ tabelas: string[]; usuarios_removidos: number }> {
  return db.transaction(async (tx) => {
    const tables = (await describeTables(tx)).map((table) => table.name);
    const wiped = tables.filter((name) => !isKeptByWipe(name));
    if (wiped.length > 0)
      await tx.execute(sql.raw(`truncate ${wiped.map(ident).join(', ')} restart identity`));
    // An emptied school is a new school: it starts with the default subject catalogue.
    await ensureSubjectCatalogue(tx);
    await tx.execute(sql`delete from sessions where user_id <> ${adminId}`);
    // Kept tables (site content, media) may point at the accounts being removed: a nullable reference
    // is cleared; a required one makes the wipe fail as a whole, with nothing changed.
    const references = await columnsReferencing(tx, 'users');
    for (const reference of references) {
      if (reference.notnull || !isKeptByWipe(reference.tbl) || reference.tbl === 'sessions') continue;
      await tx.execute(
        sql.raw(
          `update ${ident(reference.tbl)} set ${ident(reference.col)} = null where ${ident(reference.col)} <> ${literal(adminId)}`,
        ),
      );
    }
    let removed: { id: string }[];
    try {
      removed = rowsOf<{ id: string }>(
        await tx.execute(sql`delete from users where id <> ${adminId} returning id`),
      );
    } catch {
      throw new AppError(
        'CONFLICT',
        'Não foi possível remover as outras contas: há registros mantidos que dependem delas. Nada foi alterado.',
      );
    }
    await recordAudit(tx, actor, {
      action: 'limpar_dados',
      entity: 'sistema',
      details: { tabelas: wiped, usuarios_removidos: removed.length, backup_de_seguranca: safetyBackup },
    });
    return { tabelas: wiped, usuarios_removidos: removed.length };
  });
}
