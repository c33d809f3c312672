import { describe, expect, it } from 'vitest';
import { createLane } from './lane.js';

/** A piece of work the test finishes by hand. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));
/** Two turns of the event loop: the one that hands a slot over, and one more. */
const settle = async () => {
  await tick();
  await tick();
};

describe('createLane', () => {
  it('runs at most `size` at once and the rest in arrival order', async () => {
    const lane = createLane(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((each, i) =>
      lane.run(async () => {
        started.push(i);
        await each.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([lane.running, lane.waiting]).toEqual([2, 2]);
    gates[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    expect([lane.running, lane.waiting]).toEqual([0, 0]);
  });

  it('gives the slot back when the work fails', async () => {
    const lane = createLane(1);
    const failing = gate();
    const first = lane.run(() => failing.promise);
    const second = lane.run(async () => 'depois');
    failing.fail(new Error('falhou'));
    await expect(first).rejects.toThrow('falhou');
    expect(await second).toBe('depois');
    expect(lane.running).toBe(0);
  });

  it('lets the event loop turn before the next job in line starts (PGlite resolves queries at once)', async () => {
    const lane = createLane(1);
    const order: string[] = [];
    const first = lane.run(async () => {
      order.push('1º');
      // A request that arrives while the first job runs: an I/O callback, read when the loop turns.
      setImmediate(() => order.push('pedido que chegou'));
      await Promise.resolve();
    });
    const second = lane.run(async () => {
      order.push('2º');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['1º', 'pedido que chegou', '2º']);
  });
});
