import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../lib/paths.js';
import type { Db } from './client.js';

/** The newest migration this version of the program knows (its journal's last `when`). */
export function knownSchemaVersion(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** The newest migration applied to the database (drizzle's own table), or null on an empty one. */
export async function appliedSchemaVersion(db: Pick<Db, 'execute'>): Promise<number | null> {
  const exists = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!(exists as { rows: { ok: boolean }[] }).rows[0]?.ok) return null;
  const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  const newest = (result as { rows: { newest: string | number | null }[] }).rows[0]?.newest;
  return newest === null || newest === undefined ? null : Number(newest);
}

/** Thrown at start when the database was migrated by a newer version of the program. */
export class SchemaTooNewError extends Error {
  constructor() {
    super(
      'O banco de dados foi atualizado por uma versão mais nova do Sistema Escolar do que esta. ' +
        'Esta versão não pode usá-lo sem risco de corromper os dados: instale a versão mais nova ' +
        '(a mesma das outras instâncias) e inicie de novo.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Refuses (before migrating) a database that has migrations this program does not know. */
export async function assertSchemaNotNewer(db: Pick<Db, 'execute'>): Promise<void> {
  const applied = await appliedSchemaVersion(db);
  if (applied !== null && applied > knownSchemaVersion()) throw new SchemaTooNewError();
}
