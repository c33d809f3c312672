import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { jobs, type JobRow } from './jobs.table.js';

export type JobHandler = (payload: unknown) => Promise<void>;

interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A job that keeps failing is tried this many times, waiting 30 s, 1 min, 2 min… between tries. */
export const JOB_MAX_ATTEMPTS = 5;
const LEASE_MS = 5 * 60_000;
const POLL_MS = 10_000;

/**
 * A durable queue in the `jobs` table, worked by every running instance (ADR 0007). `enqueue` is one
 * insert — the only work a request does — and then wakes this process's worker; the poll picks up jobs
 * queued by other instances, left by a crash or waiting for a retry. Tests run it by hand (`drain`).
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private automatic = false;
  private readonly idleTasks: (() => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: JobLog,
  ) {}

  /** Registers what a kind of job does (features register theirs when their routes load). */
  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Housekeeping run on each poll (purging stale counters, devices and the like). */
  onPoll(task: () => Promise<void>): void {
    this.idleTasks.push(task);
  }

  /** Queues a job; inside the caller's transaction when `db` is one (it runs once committed). */
  async enqueue(db: DbOrTx, kind: string, payload: unknown): Promise<void> {
    await db.insert(jobs).values({ kind, payload, runAfter: clock.now() });
    if (this.automatic) setImmediate(() => this.kick());
  }

  /** Starts working: now, on every enqueue and every few seconds. */
  start(): void {
    if (this.automatic) return;
    this.automatic = true;
    this.timer = setInterval(() => {
      this.kick();
      for (const task of this.idleTasks)
        task().catch((error: unknown) => this.log.warn({ code: codeOf(error) }, 'falha na limpeza'));
    }, POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Stops the worker and waits for the job in hand. */
  async stop(): Promise<void> {
    this.automatic = false;
    clearInterval(this.timer);
    await this.running;
  }

  private kick(): void {
    void this.drain().catch((error: unknown) =>
      this.log.error({ code: codeOf(error) }, 'falha ao processar a fila de tarefas'),
    );
  }

  /** Runs every due job, one at a time; resolves when none is left. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          while (await this.runOne());
        } while (this.takeWakeUp());
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** True (once) when an enqueue asked for a run while this one was already going. */
  private takeWakeUp(): boolean {
    const asked = this.again;
    this.again = false;
    return asked;
  }

  private async claim(): Promise<JobRow | null> {
    const now = clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(jobs)
        .where(and(lte(jobs.runAfter, now), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now))))
        .orderBy(asc(jobs.runAfter), asc(jobs.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      const attempts = row.attempts + 1;
      await tx
        .update(jobs)
        .set({ attempts, lockedUntil: new Date(now.getTime() + LEASE_MS) })
        .where(eq(jobs.id, row.id));
      return { ...row, attempts };
    });
  }

  private async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`tarefa desconhecida: ${job.kind}`);
      await handler(job.payload);
      await this.db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      // Only the error's code is logged: messages from mail servers can carry addresses.
      const details = { job: job.kind, id: job.id, tentativa: job.attempts, code: codeOf(error) };
      if (job.attempts >= JOB_MAX_ATTEMPTS || !handler) {
        this.log.error(details, 'tarefa abandonada depois de falhar');
        await this.db.delete(jobs).where(eq(jobs.id, job.id));
      } else {
        this.log.warn(details, 'tarefa falhou; nova tentativa mais tarde');
        const wait = 30_000 * 2 ** (job.attempts - 1);
        await this.db
          .update(jobs)
          .set({
            lockedUntil: null,
            runAfter: new Date(clock.now().getTime() + wait),
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'erro',
          })
          .where(eq(jobs.id, job.id));
      }
    }
    return true;
  }
}

function codeOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) return String(error.code);
  return error instanceof Error ? error.name : 'erro';
}
