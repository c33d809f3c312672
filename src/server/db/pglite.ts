import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrationsFolder } from '../lib/paths.js';
import { takingTurns } from './turns.js';

/**
 * PostgreSQL's memory settings for the embedded server (ADR 0009). PGlite runs one query at a time for
 * one school, inside the Node process, and WebAssembly memory is never given back: every buffer it
 * touches stays in the process for good. PostgreSQL's defaults are sized for a dedicated database
 * machine; measured on the 5,000-student bench school:
 *   shared_buffers 8MB (default 128MB): PGlite touches the whole pool when it starts (≈ 130 MB more
 *     RSS at 128MB). The students list with its guardians and classes is ≈ 3 MB; the rest is read
 *     through the operating system's page cache, which the kernel can reclaim under pressure.
 *   max_connections 10 (default 100): there is exactly one session; the lock table and the process
 *     array are sized by it (≈ 4 MB less).
 *   wal_buffers 1MB (default 1/32 of shared_buffers): one writer, small transactions.
 *   work_mem 4MB (PostgreSQL's default, stated so it is not raised by accident): per sort or hash node;
 *     with one query at a time this is the ceiling, not 4MB × connections.
 *   maintenance_work_mem 16MB (default 64MB): index builds in migrations; what they touch stays.
 *   temp_buffers 1MB (default 8MB): the application uses no temporary tables.
 */
export const EMBEDDED_SETTINGS = [
  'shared_buffers=8MB',
  'max_connections=10',
  'wal_buffers=1MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=1MB',
] as const;

function startParams(): string[] {
  return [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])];
}

/**
 * Creating a data directory runs initdb, which grows this process by ≈ 500 MB that WebAssembly never
 * returns (toolchain.md: 780 MB after a fresh open against 290 MB for a re-open). So a new directory
 * is initialised by a short-lived child process, and this process only ever opens an existing one.
 * The child also applies the migrations, with the same settings and extension as the server: building
 * every table and index of an empty school touched ≈ 15–25 MB of memory that the server would otherwise
 * keep for good on its first start (issue 11). The server's own migration run then finds nothing to do.
 */
export function initialiseDataDir(pgdata: string): void {
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) return;
  const url = (specifier: string) => JSON.stringify(import.meta.resolve(specifier));
  const program = `
    import { PGlite } from ${url('@electric-sql/pglite')};
    import { pg_trgm } from ${url('@electric-sql/pglite/contrib/pg_trgm')};
    import { drizzle } from ${url('drizzle-orm/pglite')};
    import { migrate } from ${url('drizzle-orm/pglite/migrator')};
    const db = new PGlite(${JSON.stringify(pgdata)}, {
      extensions: { pg_trgm },
      startParams: ${JSON.stringify(startParams())},
    });
    try {
      await db.waitReady;
      await migrate(drizzle(db), { migrationsFolder: ${JSON.stringify(migrationsFolder)} });
    } finally {
      await db.close();
    }`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(pgdata, { recursive: true, force: true });
    throw new Error(
      `Não foi possível criar o banco de dados em ${pgdata} (initdb saiu com ${result.status}).`,
    );
  }
}

/**
 * A tarball held in memory, read by PGlite without a copy. PGlite reads `loadDataDir` with
 * `arrayBuffer()`, which for a Blob built from a Buffer reads it again in chunks into new memory: on the
 * test machines a fresh page costs about 10 ms a megabyte to touch, and the migrated image is tens of
 * megabytes, so that read cost a second or more for every test file. PGlite only reads the bytes.
 */
class TarballBytes extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    if (byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer)
      return Promise.resolve(buffer);
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

/**
 * An in-memory database's initdb makes WAL segments of 1 MB instead of 16: a test file's database is
 * copied from a tarball of the migrated one, and a 16 MB segment of zeros was a third of it.
 */
const IN_MEMORY_INITDB = ['--wal-segsize=1'];

/**
 * The embedded database: on disk at `pgdata` (initialised first when new), or in memory (tests) —
 * started from `image`, a `dumpDataDir` tarball, when given (a migrated copy skips initdb).
 */
export async function openPglite(pgdata?: string, image?: Uint8Array): Promise<PGlite> {
  if (pgdata !== undefined) initialiseDataDir(pgdata);
  const client = new PGlite({
    ...(pgdata === undefined ? { initDbStartParams: IN_MEMORY_INITDB } : { dataDir: pgdata }),
    ...(image === undefined ? {} : { loadDataDir: new TarballBytes(image) }),
    extensions: { pg_trgm },
    startParams: startParams(),
  });
  await client.waitReady;
  return takingTurns(client);
}
