/**
 * A lane for work that may wait its turn (issue 38): at most `size` run at once, the others queue in
 * arrival order. At 7:30 a thousand family phones open the home (the family's stats and feed: dozens
 * of queries each) within the minute the teachers save their first roll. Without a lane every one of
 * them is in the database's queue at once — PGlite's single connection, the PostgreSQL pool's ten —
 * and a roll save waits behind all of them; in the lane they wait here instead, a few at a time in the
 * database, and the save's queries pass ahead (docs/performance.md, 'Issue 38'). Between one job and the
 * next the event loop turns, so requests that arrived meanwhile are read and start their queries.
 */
export interface Lane {
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createLane(size: number): Lane {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    // The slot passes to the next in line (running stays the same) once the event loop has turned: on
    // PGlite every query runs in this thread and resolves at once, so a job is a chain of microtasks, and
    // handing the slot over in the same chain would run the whole queue — minutes at 7:30 — before the
    // server reads another request (the teacher's roll read waited behind every family: issue 38).
    if (next) setImmediate(next);
    else running--;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < size) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The family home's reads (the guardian's stats and feed): a few in the database at a time. */
export const FAMILY_HOME_LANE_SIZE = 3;
export const familyHomeLane = createLane(FAMILY_HOME_LANE_SIZE);
