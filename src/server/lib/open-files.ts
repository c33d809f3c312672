import { readFileSync } from 'node:fs';

/**
 * The process's limit on open files (the soft `RLIMIT_NOFILE`, `ulimit -n`), read from Linux's
 * /proc/self/limits; null where it cannot be read (another system) or is unlimited.
 */
export function openFilesLimit(
  read: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number | null {
  try {
    const line = read()
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    const value = Number(soft);
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * How many long-lived connections (the bell's event streams) one instance may hold: a quarter of its
 * open-files limit — the rest is for the database, ordinary requests and files — and never more than
 * `ceiling`. With the usual `ulimit -n` of 1,024 that is 256; with 20,000, the ceiling.
 */
export function connectionBudget(ceiling: number, limit: number | null = openFilesLimit()): number {
  if (limit === null) return ceiling;
  return Math.max(16, Math.min(ceiling, Math.floor(limit / 4)));
}
