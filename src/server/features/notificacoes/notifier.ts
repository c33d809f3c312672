import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { sessions } from '../../db/schema/auth.js';
import { AUTH_CHANGES_CHANNEL } from '../../db/channels.js';
import { users } from '../../db/schema/users.js';
import { countUnreadOf, NOTIFICACOES_CHANNEL } from './notificacoes.service.js';
import { createSmsSender, DeliveryWorker } from './entregas.worker.js';
import type { PushSender } from './push.sender.js';
import { watchUnreadChanges } from './unread-cache.js';

/** Open streams recounted per query after a change (a notice to the whole school reaches them all). */
const RECOUNT_BATCH = 500;
/**
 * How often every open stream's session is checked in the database, besides the notifications: a
 * session that ran out (idle or absolute) is not deleted at once, so nothing is notified for it.
 */
const SESSION_SWEEP_MS = 60_000;

/**
 * How many bell streams may be open (each holds a connection, a file descriptor and its buffers): a
 * few tabs per session, a few devices per person, and a ceiling for the whole instance. A new stream
 * past a person's or a session's cap ends their oldest; past the instance's ceiling it is refused (503)
 * and the page keeps polling.
 */
export interface StreamLimits {
  perSession: number;
  perUser: number;
  total: number;
}

export const STREAM_LIMITS = { perSession: 4, perUser: 10, total: 2_000 } as const satisfies StreamLimits;

/** Why a stream ended: `substituido` — a newer one of the same session or person took its place. */
export type EndReason = 'encerrado' | 'substituido';

export interface Listener {
  /** The session the stream was opened with: the stream ends when that session does. */
  sessionId: string;
  count(naoLidas: number): void;
  /**
   * End the stream: the server is closing (the browser reconnects to another instance or later), the
   * session was revoked or ran out (the browser's reconnection then gets 401 and stops), or a newer
   * stream of the same session or person took its place (`substituido`: the page stops streaming).
   */
  end(reason: EndReason): void;
}

interface NotifierLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Connects the events to the people waiting for them: a commit that created notifications NOTIFYs
 * (from any instance); then every open bell stream of this instance recounts its person's unread and the
 * delivery worker wakes. A burst is one recount, one query per 500 open streams.
 *
 * A stream lives only as long as its session: logout, a password change, a deactivated account or
 * 'Encerrar sessão' delete the session row, whose trigger NOTIFYs `auth_changed` on every instance (ADR
 * 0009/0015), and the streams of that session end at once; a change to the user is checked against the
 * database; and a sweep every minute ends the streams of sessions that ran out.
 */
export class Notifier {
  readonly worker: DeliveryWorker;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly bySession = new Map<string, Set<Listener>>();
  /** Every open stream, with its unsubscribe. */
  private readonly unsubscribers = new Map<Listener, () => void>();
  private stopListening: (() => Promise<void>) | null = null;
  private stopWatchingCounts: (() => Promise<void>) | null = null;
  private stopWatchingSessions: (() => Promise<void>) | null = null;
  private sweep: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    mailer: Mailer,
    smsUrl: string | undefined,
    private readonly log: NotifierLog,
    readonly limits: StreamLimits = STREAM_LIMITS,
    push: PushSender | null = null,
  ) {
    this.worker = new DeliveryWorker(database.db, mailer, smsUrl ? createSmsSender(smsUrl) : null, log, push);
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
    this.stopWatchingSessions = await this.database.listen(AUTH_CHANGES_CHANNEL, {
      onPayload: (payload) => this.authChanged(payload),
      onLost: () => undefined,
      // Revocations may have been missed while reconnecting: check every open stream's session.
      onListening: () => this.checkSessions(null),
    });
    this.sweep = setInterval(() => this.sweepSessions(), SESSION_SWEEP_MS);
    this.sweep.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.pending);
    clearInterval(this.sweep);
    for (const listener of [...this.unsubscribers.keys()]) this.finish(listener, 'encerrado');
    await this.stopListening?.();
    await this.stopWatchingCounts?.();
    await this.stopWatchingSessions?.();
    await this.worker.stop();
  }

  /** Whether the instance is at its ceiling of open streams (a new one would be refused). */
  get isFull(): boolean {
    return this.unsubscribers.size >= this.limits.total;
  }

  /**
   * Follows one person's unread count, while `listener.sessionId` lasts; returns the unsubscribe. The
   * oldest stream of the session, then of the person, is ended first when this one would pass their
   * cap (a set keeps insertion order: its first is the oldest). The caller checks `isFull` first.
   */
  subscribe(usuarioId: string, listener: Listener): () => void {
    this.endOldest(this.bySession.get(listener.sessionId), this.limits.perSession);
    this.endOldest(this.listeners.get(usuarioId), this.limits.perUser);
    addTo(this.listeners, usuarioId, listener);
    addTo(this.bySession, listener.sessionId, listener);
    const unsubscribe = () => {
      if (!this.unsubscribers.delete(listener)) return;
      removeFrom(this.listeners, usuarioId, listener);
      removeFrom(this.bySession, listener.sessionId, listener);
    };
    this.unsubscribers.set(listener, unsubscribe);
    return unsubscribe;
  }

  /** Unsubscribes a stream, then ends it: the counts drop even if its `end` failed. */
  private finish(listener: Listener, reason: EndReason): void {
    this.unsubscribers.get(listener)?.();
    listener.end(reason);
  }

  /** Ends the oldest streams of a set until one more fits under `cap`. */
  private endOldest(set: Set<Listener> | undefined, cap: number): void {
    if (!set) return;
    for (const listener of [...set].slice(0, Math.max(0, set.size - cap + 1)))
      this.finish(listener, 'substituido');
  }

  get openStreams(): number {
    return this.unsubscribers.size;
  }

  /** Ends the open streams whose session ran out (every minute) or was revoked unnoticed. */
  sweepSessions(): void {
    this.checkSessions(null);
  }

  /** `auth_changed`: `session:<id>` is a deleted session, `user:<id>` a changed user, `*` anything. */
  private authChanged(payload: string): void {
    if (payload.startsWith('session:')) this.endSession(payload.slice('session:'.length));
    else if (payload.startsWith('user:')) this.checkSessions(payload.slice('user:'.length));
    else this.checkSessions(null);
  }

  private endSession(sessionId: string): void {
    // A copy: ending a stream unsubscribes it from the set being walked.
    for (const listener of [...(this.bySession.get(sessionId) ?? [])]) this.finish(listener, 'encerrado');
  }

  /** Ends the open streams (of one person, or all) whose session is gone, ran out or whose user is off. */
  private checkSessions(usuarioId: string | null): void {
    const sessionIds =
      usuarioId === null
        ? [...this.bySession.keys()]
        : [...(this.listeners.get(usuarioId) ?? [])].map((listener) => listener.sessionId);
    if (sessionIds.length === 0) return;
    void this.endRevoked([...new Set(sessionIds)]).catch((error: unknown) =>
      this.log.warn(
        { code: error instanceof Error ? error.name : 'erro' },
        'falha ao conferir as sessões dos avisos',
      ),
    );
  }

  private async endRevoked(sessionIds: string[]): Promise<void> {
    const now = new Date();
    for (let start = 0; start < sessionIds.length; start += RECOUNT_BATCH) {
      const batch = sessionIds.slice(start, start + RECOUNT_BATCH);
      const live = await this.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, batch),
            eq(users.status, 'ativo'),
            gt(sessions.idleExpiresAt, now),
            gt(sessions.absoluteExpiresAt, now),
          ),
        );
      const kept = new Set(live.map((row) => row.id));
      for (const sessionId of batch) if (!kept.has(sessionId)) this.endSession(sessionId);
    }
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

function addTo(map: Map<string, Set<Listener>>, key: string, listener: Listener): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
}

function removeFrom(map: Map<string, Set<Listener>>, key: string, listener: Listener): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(listener);
  if (set.size === 0) map.delete(key);
}
