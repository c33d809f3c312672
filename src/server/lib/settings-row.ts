import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { settings } from '../db/schema/settings.js';

/**
 * Stores a settings document that is saved without an expected version (the last save wins): inserted
 * on the first save, replaced afterwards with its version bumped by the database, so two saves at once
 * still bump it twice.
 */
export async function saveSetting(
  db: DbOrTx,
  key: string,
  value: Record<string, unknown>,
  updatedBy: string | null,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedBy, updatedAt: new Date(), version: sql`${settings.version} + 1` },
    });
}
