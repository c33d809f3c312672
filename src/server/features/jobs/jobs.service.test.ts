import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { setupTestApp } from '../../test/test-app.js';
import { JOB_MAX_ATTEMPTS, JobQueue } from './jobs.service.js';
import { jobs } from '../../db/schema/jobs.js';

const t = setupTestApp();
afterEach(() => clock.unpin());

function recordingLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  return {
    lines,
    warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
    error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
  };
}

describe('JobQueue', () => {
  it('keeps queued jobs in the database: another worker (after a restart) runs them once', async () => {
    const first = new JobQueue(t.database.db, recordingLog());
    await first.enqueue(t.database.db, 'teste.eco', { n: 1 });
    await first.enqueue(t.database.db, 'teste.eco', { n: 2 });
    const seen: unknown[] = [];
    const second = new JobQueue(t.database.db, recordingLog());
    second.handle('teste.eco', async (payload) => {
      seen.push(payload);
    });
    await second.drain();
    await second.drain();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await t.database.db.select().from(jobs)).toEqual([]);
  });

  it('retries a failing job later, then drops it after the last attempt, logging no message text', async () => {
    const log = recordingLog();
    const queue = new JobQueue(t.database.db, log);
    let calls = 0;
    queue.handle('teste.falha', async () => {
      calls++;
      throw Object.assign(new Error('smtp recusou fulano@escola.test'), { code: 'EENVELOPE' });
    });
    const start = new Date('2026-05-04T09:00:00-03:00').getTime();
    clock.pin(new Date(start));
    await queue.enqueue(t.database.db, 'teste.falha', {});
    await queue.drain();
    expect(calls).toBe(1);
    // Not due again until its back-off has passed.
    await queue.drain();
    expect(calls).toBe(1);
    let elapsed = 0;
    for (let attempt = 2; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      elapsed += 30_000 * 2 ** (attempt - 2) + 1000;
      clock.pin(new Date(start + elapsed));
      await queue.drain();
      expect(calls).toBe(attempt);
    }
    expect(await t.database.db.select().from(jobs)).toEqual([]);
    expect(log.lines.map((line) => line.level)).toEqual([
      ...Array<string>(JOB_MAX_ATTEMPTS - 1).fill('warn'),
      'error',
    ]);
    expect(JSON.stringify(log.lines)).not.toContain('fulano@escola.test');
    expect(log.lines.at(-1)!.details).toMatchObject({ code: 'EENVELOPE', tentativa: JOB_MAX_ATTEMPTS });
  });

  it('wake() after the commit runs a job queued in a transaction without waiting for the poll', async () => {
    const queue = new JobQueue(t.database.db, recordingLog(), { pollMs: 3_600_000 });
    const done = new Promise<unknown>((resolve) => {
      queue.handle('teste.depois', async (payload) => {
        resolve(payload);
      });
    });
    queue.start();
    try {
      // Let the start's own poll find the queue empty first.
      await queue.drain();
      await t.database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'teste.depois', { n: 1 });
        // enqueue's own wake-up may look before this commit (on PostgreSQL it sees nothing yet).
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      queue.wake();
      expect(await done).toEqual({ n: 1 });
    } finally {
      await queue.stop();
    }
  });

  it('a started worker runs a job right after it is queued', async () => {
    const queue = new JobQueue(t.database.db, recordingLog());
    const done = new Promise<unknown>((resolve) => {
      queue.handle('teste.agora', async (payload) => {
        resolve(payload);
      });
    });
    queue.start();
    try {
      await queue.enqueue(t.database.db, 'teste.agora', { ok: true });
      expect(await done).toEqual({ ok: true });
    } finally {
      await queue.stop();
    }
  });

  it('queues a scheduled slot once however many workers tick, and runs it once', async () => {
    const runs: unknown[] = [];
    const queues = [0, 1, 2].map(() => new JobQueue(t.database.db, recordingLog()));
    for (const queue of queues) {
      queue.handle('teste.diario', async () => {
        runs.push(1);
      });
      queue.schedule({ name: 'teste.diario', kind: 'teste.diario', slotOf: async () => '2026-03-02' });
    }
    await Promise.all(queues.map((queue) => queue.tick()));
    await Promise.all(queues.map((queue) => queue.tick()));
    await Promise.all(queues.map((queue) => queue.drain()));
    expect(runs).toHaveLength(1);
    expect(queues.map((queue) => queue.stats.runs.get('teste.diario') ?? 0).sort()).toEqual([0, 0, 1]);
    // Done and gone from the queue, the slot stays claimed: a later tick does not queue it again.
    await queues[0]!.tick();
    expect(await queues[0]!.depth()).toBe(0);
  });

  it('lets another worker take a job whose worker died once its lease runs out, and only then', async () => {
    const dead = new JobQueue(t.database.db, recordingLog(), { leaseMs: 60_000 });
    // The dead worker claimed it (attempt 1) and never finished: its lease is the only trace.
    clock.pin('2026-03-02T10:00:00-03:00');
    await dead.enqueue(t.database.db, 'teste.orfao', {});
    await t.database.db.update(jobs).set({ attempts: 1, lockedUntil: new Date('2026-03-02T13:01:00Z') });
    const seen: number[] = [];
    const survivor = new JobQueue(t.database.db, recordingLog(), { leaseMs: 60_000 });
    survivor.handle('teste.orfao', async () => {
      seen.push(1);
    });
    await survivor.drain();
    expect(seen).toEqual([]);
    clock.pin('2026-03-02T10:01:01-03:00');
    await survivor.drain();
    expect(seen).toEqual([1]);
    expect(await survivor.depth()).toBe(0);
  });

  it('stops after the job in hand and leaves the rest queued for other instances', async () => {
    const queue = new JobQueue(t.database.db, recordingLog());
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      queue.handle('teste.lento', async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
      });
    });
    await queue.enqueue(t.database.db, 'teste.lento', { n: 1 });
    await queue.enqueue(t.database.db, 'teste.lento', { n: 2 });
    queue.start();
    await started;
    const stopped = queue.stop();
    release();
    await stopped;
    expect(await queue.depth()).toBe(1);
  });
});
