import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { FeedItem } from '../../shared/familia.schemas.js';
import { uncachedSchoolReads, type SchoolReads } from './school-cache.js';

/**
 * What a module gives the family's feed (issue 32 §1). The familia module asks every source with the same
 * scope and merges the answers: pending items first (oldest first: the most urgent), then the rest by
 * `data`, newest first. A source returns every pending item it has for these children whatever its age,
 * and the other items from `since` on (and, for what lies ahead such as calendar events, up to `until`).
 * A source applies the same access rules as its own screens: a guardian sees only what is theirs.
 */
export interface FamilyFeedScope {
  /** The guardian's user account. */
  userId: string;
  guardianId: string;
  /** The children asked for: all of the guardian's, or the one chosen with `aluno_id`. */
  alunos: { id: string; nome: string }[];
  /** Today in the school's time zone (YYYY-MM-DD). */
  today: string;
  /** Start of the window for items that are not pending. */
  since: Date;
  /** End of the window for items ahead (calendar): today + a few days (YYYY-MM-DD). */
  until: string;
  /**
   * The school-wide reads at the version the feed read with its children (lib/school-cache.ts): a source
   * reads the school's settings, calendar or purposes through it. Absent: nothing cached.
   */
  school?: SchoolReads;
  /**
   * Whether the school sends SMS (an SMS provider and the switch on, settings' `sendsSms`): when false,
   * nothing asks a family for an SMS consent that would send nothing. Absent: not known, asked as before.
   */
  sendsSms?: boolean;
}

/** The scope's school-wide reads (nothing cached when the scope has none). */
export const schoolReadsOf = (scope: FamilyFeedScope): SchoolReads => scope.school ?? uncachedSchoolReads;

export type FamilyFeedSource = (db: DbOrTx, scope: FamilyFeedScope) => Promise<FeedItem[]>;

/** `ARRAY[$1, $2, …]::uuid[]` of some ids (the children of a scope), for `&&` and `= any(…)`. */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}
