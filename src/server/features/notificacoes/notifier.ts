import type { Database } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { countUnreadOf, NOTIFICACOES_CHANNEL } from './notificacoes.service.js';
import { createSmsSender, DeliveryWorker } from './entregas.worker.js';
import { watchUnreadChanges } from './unread-cache.js';

/** Open streams recounted per query after a change (a notice to the whole school reaches them all). */
const RECOUNT_BATCH = 500;

export interface Listener {
  count(naoLidas: number): void;
  /** The server is closing: end the stream (the browser reconnects to another instance or later). */
  end(): void;
}

interface NotifierLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Connects the events to the people waiting for them: a commit that created notifications NOTIFYs
 * (from any instance); then every open bell stream of this instance recounts its person's unread and the
 * delivery worker wakes. A burst is one recount, one query per 500 open streams.
 */
export class Notifier {
  readonly worker: DeliveryWorker;
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopListening: (() => Promise<void>) | null = null;
  private stopWatchingCounts: (() => Promise<void>) | null = null;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    mailer: Mailer,
    smsUrl: string | undefined,
    private readonly log: NotifierLog,
  ) {
    this.worker = new DeliveryWorker(database.db, mailer, smsUrl ? createSmsSender(smsUrl) : null, log);
  }

  async listen(): Promise<void> {
    this.stopListening = await this.database.listen(NOTIFICACOES_CHANNEL, {
      onPayload: () => this.changed(),
      // Missed notifications while reconnecting: recount everyone once listening again.
      onLost: () => undefined,
      onListening: () => this.changed(),
    });
    // The counts' cache (the bell's GET) and the open streams follow every change to the bell's rows:
    // a notice read in one tab or on another instance lowers the count in the others.
    this.stopWatchingCounts = await watchUnreadChanges(this.database, () => this.scheduleRecount());
  }

  async close(): Promise<void> {
    clearTimeout(this.pending);
    for (const set of this.listeners.values()) for (const listener of set) listener.end();
    this.listeners.clear();
    await this.stopListening?.();
    await this.stopWatchingCounts?.();
    await this.worker.stop();
  }

  /** Follows one person's unread count; returns the unsubscribe. */
  subscribe(usuarioId: string, listener: Listener): () => void {
    let set = this.listeners.get(usuarioId);
    if (!set) {
      set = new Set();
      this.listeners.set(usuarioId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(usuarioId);
    };
  }

  get openStreams(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  /** A burst of commits (a notice to 7,000 families) becomes one recount per open stream. */
  private changed(): void {
    this.worker.wake();
    this.scheduleRecount();
  }

  private scheduleRecount(): void {
    if (this.pending || this.listeners.size === 0) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      void this.recountAll().catch((error: unknown) =>
        this.log.warn(
          { code: error instanceof Error ? error.name : 'erro' },
          'falha ao recontar notificações',
        ),
      );
    }, 100);
  }

  private async recountAll(): Promise<void> {
    const people = [...this.listeners.keys()];
    for (let start = 0; start < people.length; start += RECOUNT_BATCH) {
      const totals = await countUnreadOf(this.database.db, people.slice(start, start + RECOUNT_BATCH));
      for (const [usuarioId, total] of totals)
        for (const listener of this.listeners.get(usuarioId) ?? []) listener.count(total);
    }
  }
}
