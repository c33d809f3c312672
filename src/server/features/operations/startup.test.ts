import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import {
  appliedSchemaVersion,
  assertSchemaNotNewer,
  knownSchemaVersion,
  SchemaTooNewError,
} from '../../db/schema-version.js';
import { setupTestApp, otherInstance } from '../../test/test-app.js';
import { ensureFirstAdmin } from '../users/users.service.js';
import { users } from '../../db/schema/users.js';

/** Safe start-up with several instances: one first administrator, and no run on a newer schema. */
const t = setupTestApp();
let other: App;
beforeAll(async () => {
  other = await otherInstance(t);
});
afterAll(() => other.close());

describe('start-up', () => {
  it('creates the first administrator once when two instances ask at the same moment', async () => {
    const results = await Promise.all([ensureFirstAdmin(t.app.ctx), ensureFirstAdmin(other.ctx)]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('knows the migrations it applied', async () => {
    expect(await appliedSchemaVersion(t.database.db)).toBe(knownSchemaVersion());
    await expect(assertSchemaNotNewer(t.database.db)).resolves.toBeUndefined();
  });

  it('refuses a database migrated by a newer version, in Portuguese', async () => {
    const newer = knownSchemaVersion() + 1;
    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('futura', ${newer})`,
    );
    try {
      const refusal = assertSchemaNotNewer(t.database.db);
      await expect(refusal).rejects.toBeInstanceOf(SchemaTooNewError);
      await expect(assertSchemaNotNewer(t.database.db)).rejects.toThrow(
        /versão mais nova do Sistema Escolar/,
      );
    } finally {
      await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'futura'`);
    }
  });
});
