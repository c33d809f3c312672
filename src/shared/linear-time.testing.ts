/**
 * Timing in tests without flaky absolute limits: the fastest of several runs (the measure a loaded
 * machine disturbs least) and growth — an input four times longer must not take much more than four
 * times as long. A quadratic pattern takes sixteen times as long, and seconds at the sizes a form
 * accepts; a linear one stays far under the floor, where the ratio of tiny numbers means nothing.
 */

/** The fastest of `runs` calls, in milliseconds (after one call to warm up). */
export function fastestMs(fn: () => unknown, runs = 5): number {
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
    // Already far too slow: more runs would only make the failing test slower.
    if (best > 40 * GROWTH_FLOOR_MS) break;
  }
  return best;
}

/** Below this a timing says nothing about growth (timer resolution, a collection, a context switch). */
export const GROWTH_FLOOR_MS = 25;

export interface Growth {
  name: string;
  quarterMs: number;
  fullMs: number;
  linear: boolean;
}

/**
 * Runs `fn` on `make(max / 4)` and `make(max)`: linear when the full size takes under the floor, or
 * under eight times the quarter (linear is four, quadratic sixteen).
 */
export function growthOf(
  name: string,
  fn: (input: string) => unknown,
  make: (length: number) => string,
  max: number,
): Growth {
  const quarter = make(Math.floor(max / 4));
  const full = make(max);
  const quarterMs = fastestMs(() => fn(quarter));
  const fullMs = fastestMs(() => fn(full));
  return { name, quarterMs, fullMs, linear: fullMs < GROWTH_FLOOR_MS || fullMs < 8 * quarterMs };
}

/** `unit` repeated, then `tail`, cut to exactly `length` characters (the tail kept). */
export function adversarial(unit: string, tail = ''): (length: number) => string {
  return (length) =>
    unit.repeat(Math.ceil(length / unit.length)).slice(0, Math.max(0, length - tail.length)) + tail;
}
