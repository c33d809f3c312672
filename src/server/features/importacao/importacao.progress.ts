import type { ImportProgress } from '../../../shared/importacao.kinds.js';

/**
 * The progress of the imports being applied, in memory (ADR 0030): the screen names its apply with an
 * id (`?progresso=`) and asks `GET /api/importacao/progresso/:id` while the one transaction runs. Only
 * the account that started it may read it; an entry is forgotten a minute after its apply ends.
 */
interface Entry extends ImportProgress {
  userId: string;
  endedAt: number | null;
}

const KEEP_MS = 60_000;
const MAX_ENTRIES = 200;
const entries = new Map<string, Entry>();

function sweep(now: number): void {
  for (const [id, entry] of entries)
    if (entry.endedAt !== null && now - entry.endedAt > KEEP_MS) entries.delete(id);
  // A bound even if applies never end (a crash mid-way): the oldest go first.
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** What an apply calls as it goes: `step()` after each row, `end()` when done (or failed). */
export interface ProgressReporter {
  start(total: number): void;
  step(): void;
  end(): void;
}

export const noProgress: ProgressReporter = { start() {}, step() {}, end() {} };

export function progressReporter(id: string | undefined, userId: string | null): ProgressReporter {
  if (id === undefined || userId === null) return noProgress;
  sweep(Date.now());
  const entry: Entry = { userId, feitas: 0, total: 0, endedAt: null };
  entries.set(id, entry);
  return {
    start(total) {
      entry.total = total;
    },
    step() {
      entry.feitas = Math.min(entry.feitas + 1, entry.total);
    },
    end() {
      entry.endedAt = Date.now();
    },
  };
}

/** The apply's progress for the account that started it; null when unknown (or someone else's). */
export function progressOf(id: string, userId: string | null): ImportProgress | null {
  const entry = entries.get(id);
  if (!entry || entry.userId !== userId) return null;
  return { feitas: entry.feitas, total: entry.total };
}
