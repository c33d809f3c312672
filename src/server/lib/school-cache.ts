import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * The school-wide rows every family home reads (issue 38, docs/familia-inicio.md): the school years, the
 * calendar, the stage rules, the finance settings, the consent purposes. They are the same for every
 * family and change a few times a year, so a process keeps what it computed from them at the 'school'
 * record version (ADR 0009; migration 0056): every write to those tables moves the version in the same
 * transaction, and the home reads the version in the same statement as the family's children — no
 * statement of its own, and a change by staff shows on the next home on every instance (PGlite and
 * PostgreSQL alike: nothing to notify).
 */
export const schoolVersion = sql<
  number | null
>`(select "version" from "record_versions" where "name" = 'school')`.mapWith((value) =>
  value === null ? null : Number(value),
);

/** Enough for every key of a few days (some keys name the day); past that the oldest go. */
const MAX_ENTRIES = 64;

interface Cached {
  version: number;
  entries: Map<string, Promise<unknown>>;
}

const caches = new WeakMap<DbOrTx, Cached>();

/**
 * The school's reads at one version. `get` answers from this process's cache when it holds the key at
 * this version, or computes it (once for every concurrent reader: the rush's thousand homes ask the same
 * thing at the same time). A reader holding an older version than the cache's computes its own value
 * and stores nothing; without a version (the row is missing) nothing is cached.
 *
 * A value is shared by every reader: treat it as read-only.
 */
export interface SchoolReads {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/** Reads that cache nothing (a caller outside the family home, a test of one source). */
export const uncachedSchoolReads: SchoolReads = { get: (_key, compute) => compute() };

export function schoolReadsAt(db: DbOrTx, version: number | null): SchoolReads {
  if (version === null) return uncachedSchoolReads;
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      let cached = caches.get(db);
      if (!cached || cached.version < version) {
        cached = { version, entries: new Map() };
        caches.set(db, cached);
      }
      if (cached.version !== version) return compute();
      const { entries } = cached;
      const existing = entries.get(key) as Promise<T> | undefined;
      if (existing) return existing;
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const value = compute();
      entries.set(key, value);
      value.catch(() => {
        if (entries.get(key) === value) entries.delete(key);
      });
      return value;
    },
  };
}
