import { describe, expect, it } from 'vitest';
import { WorkQueue } from './image-decode.js';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the decode line', () => {
  it('runs one at a time in arrival order, and refuses what comes past a full line', async () => {
    const queue = new WorkQueue({ concurrent: 1, waiting: 2 }, () => new Error('cheio'));
    const order: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        order.push(`início ${String(index)}`);
        await gate.promise;
        order.push(`fim ${String(index)}`);
        return index;
      }),
    );
    await expect(queue.run(async () => 'quarto')).rejects.toThrow('cheio');
    await Promise.resolve();
    expect(order).toEqual(['início 0']);
    gates[1]!.resolve();
    gates[2]!.resolve();
    gates[0]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(order).toEqual(['início 0', 'fim 0', 'início 1', 'fim 1', 'início 2', 'fim 2']);
    expect(queue.stats).toEqual({ started: 3, peak: 1 });
    // A failed work frees its place too.
    await expect(queue.run(() => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    expect(await queue.run(async () => 'depois')).toBe('depois');
  });
});
