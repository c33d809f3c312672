import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.js';

/**
 * PGlite's queries answer through promises alone; without turns a chain of them kept the event loop
 * from reading any socket until the chain ended (db/turns.ts). These chains each run far longer than
 * a turn (TURN_MS), so the loop must get turns in the middle of them.
 */
let client: PGlite;
beforeAll(async () => {
  client = await openPglite();
  await client.exec('create table numeros (n integer); insert into numeros select generate_series(1, 2000)');
});
afterAll(async () => {
  await client.close();
});

const CHAIN = 600;

/** Runs CHAIN queries one after another, calling `after(i)` when the i-th answered. */
async function chain(run: (sql: string, params: unknown[]) => Promise<unknown>, after?: (i: number) => void) {
  for (let i = 0; i < CHAIN; i++) {
    await run('select count(*) from numeros where n > $1', [i]);
    after?.(i);
  }
}

describe('PGlite queries take turns with the event loop', () => {
  it('lets a setImmediate queued before a long chain of queries run in its middle', async () => {
    let answered = 0;
    let answeredWhenTheLoopRan: number | undefined;
    setImmediate(() => (answeredWhenTheLoopRan = answered));
    await chain(
      (sql, params) => client.query(sql, params),
      (i) => (answered = i + 1),
    );
    expect(answeredWhenTheLoopRan).toBeDefined();
    expect(answeredWhenTheLoopRan).toBeLessThan(CHAIN);
  });

  it('does the same inside a transaction', async () => {
    let answered = 0;
    let answeredWhenTheLoopRan: number | undefined;
    await client.transaction(async (tx) => {
      setImmediate(() => (answeredWhenTheLoopRan = answered));
      await chain(
        (sql, params) => tx.query(sql, params),
        (i) => (answered = i + 1),
      );
    });
    expect(answeredWhenTheLoopRan).toBeLessThan(CHAIN);
  });

  it('lets a short chain that starts on a later turn finish before a long one', async () => {
    const finished: string[] = [];
    const long = chain((sql, params) => client.query(sql, params)).then(() => finished.push('longa'));
    const short = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        for (let i = 0; i < 5; i++) await client.query('select count(*) from numeros');
      })
      .then(() => finished.push('curta'));
    await Promise.all([long, short]);
    expect(finished).toEqual(['curta', 'longa']);
  });
});
