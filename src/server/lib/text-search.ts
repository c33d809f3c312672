import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Text taken literally inside a LIKE pattern: its wildcards (and the escape) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** A search for `term` anywhere: "50%" means the text "50%". */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * Text as a person compares it: without case or accents, so 'Joao' finds 'João' and 'Ágata' sorts among
 * the a's (the embedded database collates in byte order, where 'Á' comes after 'z'). `fold_text` is the
 * immutable SQL function of migration 0057 (`foldText` in shared/format.ts does the same in JavaScript);
 * the students' name and search indexes are on it.
 */
export function folded(value: SQL | PgColumn): SQL {
  return sql`fold_text(${value})`;
}

/** `value` contains `term`, case and accents aside. */
export function matchesText(value: SQL | PgColumn, term: string): SQL {
  return sql`fold_text(${value}) like fold_text(${likePattern(term)})`;
}
