import { count, eq, sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_TOTAL_CAP,
  type ListStudentsQuery,
  type StudentCounts,
  type StudentsPage,
} from '../../../shared/students.schemas.js';
import type { RecordsScope } from './students.scope.js';
import type { DbOrTx } from '../../db/client.js';
import { recordVersions, students } from '../../db/schema/students.js';

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
  /**
   * Searches (scope and filters) found over their cap at some version: a hint, not a figure, so kept across
   * versions. Such a search's next page is read apart from its count (below, `countInPage`).
   */
  broad: Set<string>;
}

const caches = new WeakMap<DbOrTx, StudentFigures>();

/** One cache per database (the versions of two databases are unrelated). */
export function studentFiguresOf(db: DbOrTx): StudentFigures {
  let figures = caches.get(db);
  if (!figures) {
    figures = {
      pages: new FiguresCache(),
      counts: new FiguresCache(),
      totals: new FiguresCache(),
      broad: new Set(),
    };
    caches.set(db, figures);
  }
  return figures;
}

/**
 * How many students `where` finds, with the list's version read in the same statement; with a `cap`, at
 * most cap + 1 of them are counted (`count(*)` over a `LIMIT`): more than `cap` means 'more than cap'.
 */
export async function countMatches(db: DbOrTx, where: SQL | undefined, cap: number | null) {
  const [row] =
    cap === null
      ? await db
          .select({ version: studentsVersion.mapWith(Number), total: count() })
          .from(students)
          .where(where)
      : await db.select({ version: studentsVersion.mapWith(Number), total: count() }).from(
          db
            .select({ one: sql`1`.as('one') })
            .from(students)
            .where(where)
            .limit(cap + 1)
            .as('matches'),
        );
  return { version: row?.version ?? null, counted: row?.total ?? 0 };
}

/** A search counts its matches up to a cap (issue 38): the count would otherwise grow with the school. */
export function searchCap(query: ListStudentsQuery): number | null {
  return query.q ? Math.max(SEARCH_TOTAL_CAP, query.page * query.pageSize) : null;
}

const totalKey = (scope: RecordsScope, query: ListStudentsQuery) =>
  JSON.stringify([scope, query.q ?? '', query.status ?? '', query.turma_id ?? '']);

/** The total of a page's filters as the list's cache holds it at `version`, if it answers this page. */
function cachedTotal(
  figures: StudentFigures,
  scope: RecordsScope,
  query: ListStudentsQuery,
  version: number | null,
): { total: number; capped: boolean } | undefined {
  const cached = figures.totals.get(totalKey(scope, query), version);
  const cap = searchCap(query);
  // A capped total answers every page up to the cap.
  return cached && !(cached.capped && cap !== null && cached.total < cap) ? cached : undefined;
}

/**
 * Whether a page of this search reads its total in the same statement (students.page.ts): when the cache
 * does not hold the total and the search was not found over its cap before — for such a search the window
 * over the first cap + 1 matches is wasted (the page is read again over all of them), and a count apart
 * costs less ('Maria' at 50,000 students: 70 → 83 ms at the bench's p50 when counted in the page).
 */
export function countInPage(
  figures: StudentFigures,
  scope: RecordsScope,
  query: ListStudentsQuery,
  version: number | null,
): boolean {
  return (
    searchCap(query) !== null &&
    !cachedTotal(figures, scope, query, version) &&
    !figures.broad.has(totalKey(scope, query))
  );
}

/** Keeps `counted` matches (up to the cap + 1 for a search) as the total of the filters at `version`. */
export function storeTotal(
  figures: StudentFigures,
  scope: RecordsScope,
  query: ListStudentsQuery,
  version: number | null,
  counted: number,
): { total: number; capped: boolean } {
  const cap = searchCap(query);
  const key = totalKey(scope, query);
  const total =
    cap !== null && counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
  figures.totals.set(key, version, total);
  figures.broad.delete(key);
  if (total.capped) {
    if (figures.broad.size >= MAX_ENTRIES) figures.broad.delete(figures.broad.values().next().value!);
    figures.broad.add(key);
  }
  return total;
}

/** How many students a full page's filters find: from the list's cache at `version`, else counted. */
export async function filteredTotal(
  db: DbOrTx,
  figures: StudentFigures,
  scope: RecordsScope,
  query: ListStudentsQuery,
  where: SQL | undefined,
  version: number | null,
): Promise<{ total: number; capped: boolean }> {
  const cached = cachedTotal(figures, scope, query, version);
  if (cached) return cached;
  const counted = await countMatches(db, where, searchCap(query));
  return storeTotal(figures, scope, query, counted.version, counted.counted);
}

/** The list's version now (null: the row is missing, nothing is cached). */
export async function readStudentsVersion(db: DbOrTx): Promise<number | null> {
  const [current] = await db
    .select({ version: recordVersions.version })
    .from(recordVersions)
    .where(eq(recordVersions.name, 'students'));
  return current?.version ?? null;
}
