import { CacheBus } from '../../db/cache-bus.js';
import type { Database } from '../../db/client.js';
import { dropCalendarSnapshot } from '../calendar/index.js';
import type { ContentService } from '../content/index.js';
import { forgetSharedReads } from '../finance/index.js';
import { dropSettingsCache } from '../settings/index.js';

/**
 * Starts this process's cache bus and ties every per-process cache to it (ADR 0015). The students
 * list's pages need nothing: they are checked against the list's version on every request.
 */
export async function startCacheBus(database: Database, content: ContentService): Promise<CacheBus> {
  const bus = new CacheBus(database);
  const { db } = database;
  bus.on('content', () => {
    content.invalidate();
    // Loaded again at once, so the page, its replay and the school's name are ready for the next
    // request (a failure here only means the next request loads it).
    content.getPublic().catch(() => undefined);
  });
  // The school's name in the public settings comes from the content.
  bus.on('content', () => dropSettingsCache(db));
  bus.on('settings', () => dropSettingsCache(db));
  bus.on('calendar', () => dropCalendarSnapshot(db));
  bus.on('figures', () => forgetSharedReads(db));
  await bus.start();
  return bus;
}
