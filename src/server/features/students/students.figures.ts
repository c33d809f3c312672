import { eq, sql } from 'drizzle-orm';
import type { StudentCounts, StudentsPage } from '../../../shared/students.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { recordVersions } from '../../db/schema/students.js';

/**
 * The students list's version (migration 0005): a new value on every write to `students`, `guardians`,
 * `student_guardians` or `classes` (every table a page of the list, its figures and scopes read). Read in the same statement
 * as the rows it vouches for; null when the row is missing (tables just emptied): then nothing is cached.
 */
export const studentsVersion = sql<
  number | null
>`(select ${recordVersions.version} from ${recordVersions} where ${eq(recordVersions.name, 'students')})`;

const MAX_ENTRIES = 200;

/**
 * Pages and figures of the students list (the four counters, the total of a search), each valid only
 * at the version it was computed at (ADR 0009). Nothing else invalidates them: a write
 * moves the version, and the next list request sees the new one in the same snapshot as its page.
 */
export class FiguresCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();

  get(key: string, version: number | null): T | undefined {
    if (version === null) return undefined;
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.value : undefined;
  }

  set(key: string, version: number | null, value: T): void {
    if (version === null) return;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { version, value });
  }
}

export interface StudentFigures {
  /** Whole pages, by scope, query and day (a student's age changes with the day). */
  pages: FiguresCache<StudentsPage>;
  /** The four counters of a scope in a month. */
  counts: FiguresCache<StudentCounts>;
  /** How many students a search or filter finds (a search: up to a cap, then `capped`). */
  totals: FiguresCache<{ total: number; capped: boolean }>;
}

const caches = new WeakMap<DbOrTx, StudentFigures>();

/** One cache per database (the versions of two databases are unrelated). */
export function studentFiguresOf(db: DbOrTx): StudentFigures {
  let figures = caches.get(db);
  if (!figures) {
    figures = { pages: new FiguresCache(), counts: new FiguresCache(), totals: new FiguresCache() };
    caches.set(db, figures);
  }
  return figures;
}
