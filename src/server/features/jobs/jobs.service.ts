import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { DrainLoop } from '../../lib/drain-loop.js';
import { errorCodeOf } from '../../lib/log.js';
import { jobSlots, jobs, type JobRow } from '../../db/schema/jobs.js';

export type JobHandler = (payload: unknown) => Promise<void>;

interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A job that keeps failing is tried this many times, waiting 30 s, 1 min, 2 min… between tries. */
export const JOB_MAX_ATTEMPTS = 5;

export interface JobQueueOptions {
  /** How long a claimed job stays the claimer's without a heartbeat (a dead instance's job waits this long). */
  leaseMs?: number;
  /** How often every instance looks for due jobs and scheduled slots. */
  pollMs?: number;
}

/**
 * A scheduled job: on every poll, `slotOf` names the current slot (say, today's date) or null when
 * nothing is due; the first instance to claim a slot queues `kind` for it (ADR 0015).
 */
export interface Schedule {
  name: string;
  kind: string;
  slotOf(now: Date): Promise<string | null>;
}

/** Runs and failures per job kind since start (GET /metrics). */
export interface JobStats {
  runs: Map<string, number>;
  failures: Map<string, number>;
}

/**
 * A durable queue in the `jobs` table, worked by every running instance (ADR 0007, ADR 0015). `enqueue`
 * is one insert — the only work a request does — and then wakes this process's worker; the poll picks up
 * jobs queued by other instances, left by a crash or waiting for a retry. A worker claims a job with
 * `FOR UPDATE SKIP LOCKED` and a lease it renews while the job runs: if its instance dies the lease runs
 * out and another instance takes the job. Scheduled jobs are queued once per slot (`job_slots`).
 * Tests run it by hand (`drain`, `tick`).
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules: Schedule[] = [];
  private readonly drainLoop = new DrainLoop(
    async () => {
      while (!this.stopping && (await this.runOne()));
    },
    () => this.stopping,
  );
  private timer: NodeJS.Timeout | undefined;
  private automatic = false;
  private stopping = false;
  private readonly idleTasks: (() => Promise<void>)[] = [];
  private readonly leaseMs: number;
  private readonly pollMs: number;
  readonly stats: JobStats = { runs: new Map(), failures: new Map() };

  constructor(
    private readonly db: Db,
    private readonly log: JobLog,
    options: JobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 10_000;
  }

  /** Queues `schedule.kind` once per slot, whichever instance sees the slot first. */
  schedule(schedule: Schedule): void {
    this.schedules.push(schedule);
  }

  /**
   * Claims the slot and queues its job in one transaction; false when the slot was already claimed
   * (by this instance or another), so a slot never runs twice.
   */
  async claimSlot(name: string, slot: string, kind: string, payload: unknown = {}): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(jobSlots)
        .values({ name, slot })
        .onConflictDoNothing()
        .returning({ slot: jobSlots.slot });
      if (!claimed) return false;
      await tx.insert(jobs).values({ kind, payload, runAfter: clock.now() });
      return true;
    });
  }

  /** Claims every due slot (each poll; tests call it by hand). */
  async tick(): Promise<void> {
    let queued = false;
    for (const schedule of this.schedules) {
      const slot = await schedule.slotOf(clock.now());
      if (slot !== null && (await this.claimSlot(schedule.name, slot, schedule.kind))) queued = true;
    }
    if (queued && this.automatic) this.kick();
  }

  /** Jobs waiting or running, every instance's (GET /metrics). */
  async depth(): Promise<number> {
    const [row] = await this.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(jobs);
    return row?.total ?? 0;
  }

  /** Registers what a kind of job does (features register theirs when their routes load). */
  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Housekeeping run on each poll (purging stale counters, devices and the like). */
  onPoll(task: () => Promise<void>): void {
    this.idleTasks.push(task);
  }

  /**
   * Queues a job; inside the caller's transaction when `db` is one (it runs once committed). `runAfter`
   * holds it until then (a message delivered at the start of the teachers' hours).
   */
  async enqueue(db: DbOrTx, kind: string, payload: unknown, runAfter: Date = clock.now()): Promise<void> {
    await db.insert(jobs).values({ kind, payload, runAfter });
    if (this.automatic) setImmediate(() => this.kick());
  }

  /**
   * Looks for due jobs now, once the transaction that queued one has committed: `enqueue`'s own wake-up
   * runs while that transaction is still open, and on PostgreSQL its claim does not see the job yet (it
   * would wait for the next poll).
   */
  wake(): void {
    if (this.automatic) setImmediate(() => this.kick());
  }

  /** Starts working: now, on every enqueue and every few seconds. */
  start(): void {
    if (this.automatic) return;
    this.automatic = true;
    this.stopping = false;
    const poll = () => {
      this.tick().catch((error: unknown) =>
        this.log.error({ code: errorCodeOf(error) }, 'falha ao agendar tarefas'),
      );
      this.kick();
    };
    this.timer = setInterval(() => {
      poll();
      for (const task of this.idleTasks)
        task().catch((error: unknown) => this.log.warn({ code: errorCodeOf(error) }, 'falha na limpeza'));
    }, this.pollMs);
    this.timer.unref();
    poll();
  }

  /** Stops taking jobs and waits for the one in hand (SIGTERM); the rest stay for other instances. */
  async stop(): Promise<void> {
    this.automatic = false;
    this.stopping = true;
    clearInterval(this.timer);
    await this.drainLoop.settled();
  }

  private kick(): void {
    void this.drain().catch((error: unknown) =>
      this.log.error({ code: errorCodeOf(error) }, 'falha ao processar a fila de tarefas'),
    );
  }

  /** Runs every due job, one at a time; resolves when none is left. */
  drain(): Promise<void> {
    return this.drainLoop.drain();
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
        .set({ attempts, lockedUntil: new Date(now.getTime() + this.leaseMs) })
        .where(eq(jobs.id, row.id));
      return { ...row, attempts };
    });
  }

  private async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    // This claim is ours while `attempts` is the one we set: a worker whose lease ran out (it hung, or
    // it was thought dead) cannot finish or renew a job another worker has claimed since.
    const ours = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
    const heartbeat = setInterval(() => {
      this.db
        .update(jobs)
        .set({ lockedUntil: clock.ahead(this.leaseMs) })
        .where(ours)
        .catch(() => undefined);
    }, this.leaseMs / 3);
    heartbeat.unref();
    try {
      if (!handler) throw new Error(`tarefa desconhecida: ${job.kind}`);
      await handler(job.payload);
      clearInterval(heartbeat);
      await this.db.delete(jobs).where(ours);
      count(this.stats.runs, job.kind);
    } catch (error) {
      clearInterval(heartbeat);
      count(this.stats.failures, job.kind);
      // Only the error's code is logged: messages from mail servers can carry addresses.
      const details = { job: job.kind, id: job.id, tentativa: job.attempts, code: errorCodeOf(error) };
      if (job.attempts >= JOB_MAX_ATTEMPTS || !handler) {
        this.log.error(details, 'tarefa abandonada depois de falhar');
        await this.db.delete(jobs).where(ours);
      } else {
        this.log.warn(details, 'tarefa falhou; nova tentativa mais tarde');
        const wait = 30_000 * 2 ** (job.attempts - 1);
        await this.db
          .update(jobs)
          .set({
            lockedUntil: null,
            runAfter: clock.ahead(wait),
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'erro',
          })
          .where(ours);
      }
    }
    return true;
  }
}

function count(counter: Map<string, number>, kind: string): void {
  counter.set(kind, (counter.get(kind) ?? 0) + 1);
}
