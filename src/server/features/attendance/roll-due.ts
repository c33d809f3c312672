/**
 * Whether a class's roll can be owed on a date at all: the class existed that day (it was created on or
 * before it — a school that starts using the system in the middle of a week owes no roll of the days
 * before) and someone was in it (a membership covers the day: a class with no students has no roll to
 * take). Read for many dates and classes at once, with the day contexts (`dayContextsOver`).
 *
 * A class whose creation is after today (only a test whose clock is pinned in the past builds one) is
 * taken as existing since ever: nothing real is created in the future. ADR 0121.
 */
import { and, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { todayIso } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { clock } from '../../lib/clock.js';

/** date → class → due. */
export async function rollsDueOver(
  db: DbOrTx,
  dates: readonly string[],
  turmaIds: readonly string[],
): Promise<(date: string, turmaId: string) => boolean> {
  if (dates.length === 0 || turmaIds.length === 0) return () => false;
  const first = dates.reduce((a, b) => (a < b ? a : b));
  const last = dates.reduce((a, b) => (a > b ? a : b));
  const [created, memberships] = await Promise.all([
    db
      .select({ id: classes.id, createdAt: classes.createdAt })
      .from(classes)
      .where(inArray(classes.id, [...turmaIds])),
    db
      .select({
        turmaId: classMemberships.turmaId,
        inicio: classMemberships.inicio,
        fim: classMemberships.fim,
      })
      .from(classMemberships)
      .where(
        and(
          inArray(classMemberships.turmaId, [...turmaIds]),
          lte(classMemberships.inicio, last),
          or(isNull(classMemberships.fim), gte(classMemberships.fim, first)),
        ),
      ),
  ]);
  const today = clock.today();
  const since = new Map<string, string>();
  for (const row of created) {
    const day = todayIso(row.createdAt);
    if (day <= today) since.set(row.id, day);
  }
  const byClass = new Map<string, { inicio: string; fim: string | null }[]>();
  for (const row of memberships) {
    const list = byClass.get(row.turmaId);
    if (list) list.push(row);
    else byClass.set(row.turmaId, [row]);
  }
  return (date, turmaId) => {
    const createdOn = since.get(turmaId);
    if (createdOn !== undefined && date < createdOn) return false;
    return (byClass.get(turmaId) ?? []).some(
      (membership) => membership.inicio <= date && (membership.fim === null || membership.fim >= date),
    );
  };
}
