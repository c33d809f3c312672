import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SortOrder } from '../../shared/validators.js';

type Sortable = PgColumn | SQL;

/**
 * ORDER BY for a list's `?sort=&order=`: the chosen column first (empty values last in both
 * directions, so 'Nunca' and '—' never lead a list), then the list's natural order, which also breaks
 * ties so paging is stable.
 */
export function orderByOf<K extends string>(
  sort: K | undefined,
  order: SortOrder | undefined,
  columns: Record<K, Sortable>,
  natural: Sortable[],
): Sortable[] {
  if (sort === undefined) return natural;
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  return [sql`${columns[sort]} ${direction} nulls last`, ...natural];
}
