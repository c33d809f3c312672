import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { dropCopies, onCluster, postgresDatabaseUrl } from './database-pool.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A `dumpDataDir` tarball of a migrated in-memory PGlite: each test file's database starts from it. */
    pgliteImage: string | null;
    /** A migrated database on TEST_DATABASE_URL's cluster, copied (CREATE DATABASE … TEMPLATE) per file. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database before the test files run, so each file copies it instead of running initdb
 * and every migration again (about 15 s a file on a loaded 2-core machine; the copy is a few).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `tpl_${randomUUID().replace(/-/g, '')}`;
    await onCluster(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const database = await openDatabase({ kind: 'postgres', url: postgresDatabaseUrl(adminUrl, name) });
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteImage', null);
    return async () => {
      await dropCopies(adminUrl, name);
      await onCluster(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }
  const database = await openDatabase({ kind: 'memory' });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const image = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'escola-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  project.provide('postgresTemplate', null);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  };
}
