/**
 * The device's queue of saves waiting for the server (issue 35, ADR 0053). Generic: an entry is a write
 * (method, URL, JSON body) with its own Idempotency-Key, so sending it twice never writes twice.
 *
 * - One IndexedDB database per person (`localDatabaseName('fila', userId)`): another person signed in on
 *   the same phone never opens, nor sends, someone else's saves.
 * - Sent in order (FIFO). A network error or a 5xx stops the run (the entry stays `pendente`); a 409 marks
 *   the entry `conflito` and a 4xx `recusado` (with the server's message), and the run goes on with the
 *   entries of OTHER groups — a later save of the same group (the same roll) waits behind a conflict, so two
 *   saves of one roll are never reordered. A 401 pauses everything until the same person signs in again.
 * - Beside the queue, `copias`: the last answer of a screen's read (a roll, a grade grid), shown when the
 *   device is offline; and `rascunhos`: text typed and not saved yet (a parecer), kept while typing so a
 *   reload or a closed app without signal does not lose it.
 * No window or React here. The pages run `syncQueue`; on Background Sync the service worker (sw/sync.ts)
 * only wakes an open portal page, which sends its own queue with its own session.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { IDEMPOTENCY_HEADER } from '../../../shared/idempotency.schemas';
import { localDatabaseName } from './local-data';
import { randomId } from '../random-id';

export type QueueStatus = 'pendente' | 'enviando' | 'conflito' | 'recusado';

export interface QueueEntry {
  id: string;
  idempotencyKey: string;
  method: 'PUT' | 'POST';
  url: string;
  body: unknown;
  /** What the entry saves ('chamada', 'notas'): screens find their own entries by it. */
  kind: string;
  /** Entries of one group (one roll) are sent strictly in order; other groups do not wait for it. */
  group: string;
  /** For people: 'Chamada 7º A — 28/11'. */
  label: string;
  /** Where the record is on the portal (the list links there). */
  link: string;
  createdAt: number;
  attempts: number;
  status: QueueStatus;
  /** The server's answer for a conflict or a refusal: `{ message, details }`. */
  detail: { message: string; details?: unknown[] } | null;
}

export interface LocalCopy<T = unknown> {
  key: string;
  data: T;
  savedAt: number;
}

interface FilaDb extends DBSchema {
  entradas: { key: string; value: QueueEntry; indexes: { createdAt: number } };
  copias: { key: string; value: LocalCopy };
  rascunhos: { key: string; value: Draft };
}

/** Text typed on a screen and not saved on the server yet, under the screen's own key. */
export interface Draft<T = unknown> {
  key: string;
  value: T;
  /** The version of the record the text was typed over (another person's later save shows). */
  base?: number;
  savedAt: number;
}

const databases = new Map<string, Promise<IDBPDatabase<FilaDb>>>();

function openFila(userId: string): Promise<IDBPDatabase<FilaDb>> {
  let database = databases.get(userId);
  if (!database) {
    database = openDB<FilaDb>(localDatabaseName('fila', userId), 2, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) {
          db.createObjectStore('entradas', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
          // `copias`: the last roll and grid read, so they open offline; wiped with the reading copy (local-data).
          db.createObjectStore('copias', { keyPath: 'key' });
        }
        // `rascunhos`: the person's own unsaved text; kept like the queue (a session that ends keeps it).
        if (oldVersion < 2) db.createObjectStore('rascunhos', { keyPath: 'key' });
      },
      // The sign-out deletes the database: let go of it so the deletion is not blocked.
      blocking() {
        void database?.then((db) => db.close());
        databases.delete(userId);
      },
      terminated() {
        databases.delete(userId);
      },
    });
    databases.set(userId, database);
  }
  return database;
}

// ---------------------------------------------------------------- listeners (screens re-read on change)

type Listener = () => void;
const listeners = new Set<Listener>();
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed() {
  for (const listener of listeners) listener();
}

/** Whether the queue is paused because the session ended (set by a 401, cleared by a sign-in). */
let sessionEnded = false;
export const isSessionEnded = () => sessionEnded;
export function resumeAfterSignIn() {
  sessionEnded = false;
  changed();
}

// ---------------------------------------------------------------- the queue

export async function listEntries(userId: string): Promise<QueueEntry[]> {
  const db = await openFila(userId);
  return db.getAllFromIndex('entradas', 'createdAt');
}

export type NewEntry = Pick<QueueEntry, 'method' | 'url' | 'body' | 'kind' | 'group' | 'label' | 'link'> & {
  /** The key of a request already tried online (it may have reached the server): kept. */
  idempotencyKey?: string;
  /** A save the server already answered with a conflict: kept for the person to resolve. */
  status?: 'pendente' | 'conflito';
  detail?: QueueEntry['detail'];
};

export async function enqueue(userId: string, entry: NewEntry): Promise<QueueEntry> {
  const db = await openFila(userId);
  const stored: QueueEntry = {
    ...entry,
    id: randomId(),
    idempotencyKey: entry.idempotencyKey ?? randomId(),
    createdAt: Date.now(),
    attempts: entry.idempotencyKey ? 1 : 0,
    status: entry.status ?? 'pendente',
    detail: entry.detail ?? null,
  };
  await db.put('entradas', stored);
  changed();
  return stored;
}

/** Replaces an entry's body (a conflict resolved): a new key, since the request is another one now. */
export async function replaceEntry(userId: string, id: string, body: unknown): Promise<void> {
  const db = await openFila(userId);
  const entry = await db.get('entradas', id);
  if (!entry) return;
  await db.put('entradas', {
    ...entry,
    body,
    idempotencyKey: randomId(),
    attempts: 0,
    status: 'pendente',
    detail: null,
  });
  changed();
}

export async function removeEntry(userId: string, id: string): Promise<void> {
  const db = await openFila(userId);
  await db.delete('entradas', id);
  changed();
}

// ---------------------------------------------------------------- local copies of what screens read

/** The person the portal shows now (set by the portal's layout): whose copies a screen's read keeps. */
let activeUser: string | undefined;
export function setActiveUser(userId: string | undefined): void {
  activeUser = userId;
}

/**
 * A screen's read that keeps its last answer on the device and answers it with no connection
 * (`offline(error)` says which failures mean that). `savedAt` is null when the answer is fresh.
 */
export async function readThroughCopy<T>(
  key: string,
  read: () => Promise<T>,
  offline: (error: unknown) => boolean,
): Promise<{ data: T; savedAt: number | null }> {
  // Whose copy is read once the answer (or its failure) is in: a screen reopened offline starts its read
  // before the portal's layout has said who is signed in, and took that for 'nobody' — no copy shown.
  try {
    const data = await read();
    const userId = activeUser;
    if (userId) await saveLocalCopy(userId, key, data).catch(() => undefined);
    return { data, savedAt: null };
  } catch (error) {
    const userId = activeUser;
    if (!userId || !offline(error)) throw error;
    const copy = await readLocalCopy<T>(userId, key).catch(() => undefined);
    if (!copy) throw error;
    return { data: copy.data, savedAt: copy.savedAt };
  }
}

export async function saveLocalCopy(userId: string, key: string, data: unknown): Promise<void> {
  const db = await openFila(userId);
  await db.put('copias', { key, data, savedAt: Date.now() });
}

export async function readLocalCopy<T>(userId: string, key: string): Promise<LocalCopy<T> | undefined> {
  const db = await openFila(userId);
  return (await db.get('copias', key)) as LocalCopy<T> | undefined;
}

// ---------------------------------------------------------------- drafts (text typed, not saved yet)

/**
 * Where drafts live when the browser has no IndexedDB (jsdom, a locked-down browser): the page's memory,
 * so the screen behaves the same and the text at least outlives the editor while the tab stays open.
 */
const draftsInMemory = new Map<string, Draft>();
const hasIndexedDb = () => typeof indexedDB !== 'undefined';
const memoryKey = (userId: string, key: string) => `${userId}\u0000${key}`;

export async function saveDraft(userId: string, key: string, value: unknown, base?: number): Promise<void> {
  const draft: Draft = { key, value, ...(base === undefined ? {} : { base }), savedAt: Date.now() };
  if (!hasIndexedDb()) {
    draftsInMemory.set(memoryKey(userId, key), draft);
    return;
  }
  const db = await openFila(userId);
  await db.put('rascunhos', draft);
}

export async function readDraft<T>(userId: string, key: string): Promise<Draft<T> | undefined> {
  if (!hasIndexedDb()) return draftsInMemory.get(memoryKey(userId, key)) as Draft<T> | undefined;
  const db = await openFila(userId);
  return (await db.get('rascunhos', key)) as Draft<T> | undefined;
}

export async function deleteDraft(userId: string, key: string): Promise<void> {
  if (!hasIndexedDb()) {
    draftsInMemory.delete(memoryKey(userId, key));
    return;
  }
  const db = await openFila(userId);
  await db.delete('rascunhos', key);
}

// ---------------------------------------------------------------- sending

/** What happened to each entry sent in a run (screens refresh what the server now holds). */
export type SentListener = (entry: QueueEntry, answer: unknown) => void;
const sentListeners = new Set<SentListener>();
export function onEntrySent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

async function update(db: IDBPDatabase<FilaDb>, entry: QueueEntry, changes: Partial<QueueEntry>) {
  const next = { ...entry, ...changes };
  await db.put('entradas', next);
  changed();
  return next;
}

async function answerOf(
  response: Response,
): Promise<{ message?: string; details?: unknown[]; data?: unknown }> {
  try {
    return (await response.json()) as { message?: string; details?: unknown[]; data?: unknown };
  } catch {
    return {};
  }
}

type Outcome = 'sent' | 'stop' | 'conflict' | 'refused';

async function sendOne(db: IDBPDatabase<FilaDb>, entry: QueueEntry): Promise<Outcome> {
  const sending = await update(db, entry, { status: 'enviando', attempts: entry.attempts + 1 });
  let response: Response;
  try {
    response = await fetch(entry.url, {
      method: entry.method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        [IDEMPOTENCY_HEADER]: entry.idempotencyKey,
      },
      body: JSON.stringify(entry.body),
      credentials: 'same-origin',
    });
  } catch {
    await update(db, sending, { status: 'pendente' });
    return 'stop';
  }
  const answer = await answerOf(response);
  if (response.ok) {
    await db.delete('entradas', entry.id);
    changed();
    for (const listener of sentListeners) listener(entry, answer.data);
    return 'sent';
  }
  if (response.status === 401) {
    await update(db, sending, { status: 'pendente' });
    sessionEnded = true;
    changed();
    return 'stop';
  }
  // The server or the network is down for now (5xx, 429, a proxy's 408): try again later.
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    await update(db, sending, { status: 'pendente' });
    return 'stop';
  }
  const detail = {
    message: answer.message ?? 'O servidor recusou este envio.',
    ...(answer.details ? { details: answer.details } : {}),
  };
  const conflict = response.status === 409;
  await update(db, sending, { status: conflict ? 'conflito' : 'recusado', detail });
  return conflict ? 'conflict' : 'refused';
}

/** A run per person: one person's request for a run never makes another person's queue go again. */
const runs = new Map<string, { running: Promise<void>; again: boolean }>();

/**
 * Whether this person's queue may be sent now: the session is theirs as far as the page knows. Another
 * person signed in on this page (a shared phone whose session had expired) holds the cookie now, and
 * one person's saves must never reach the server under another's session (issue 35 §5).
 */
const mayRun = (userId: string) => !sessionEnded && (activeUser === undefined || activeUser === userId);

/**
 * Sends what is pending, oldest first. One run at a time in this page (and, where the browser has Web
 * Locks, across tabs); a run asked for while one goes on makes it go over the queue once more (an entry
 * added or resolved behind the point it reached is not left for the next minute), and resolves with it.
 */
export function syncQueue(userId: string): Promise<void> {
  if (!mayRun(userId)) return Promise.resolve();
  const current = runs.get(userId);
  if (current) {
    current.again = true;
    return current.running;
  }
  const run = { running: Promise.resolve(), again: false };
  // Read through a call: the flags change while a run awaits (another caller, a 401, another sign-in).
  const goAgain = () => run.again && mayRun(userId);
  run.running = (async () => {
    do {
      run.again = false;
      await withLock(`fila:${userId}`, () => runQueue(userId));
    } while (goAgain());
  })().finally(() => {
    runs.delete(userId);
  });
  runs.set(userId, run);
  return run.running;
}

async function withLock(name: string, task: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) {
    await locks.request(name, task);
    return;
  }
  await task();
}

async function runQueue(userId: string): Promise<void> {
  const db = await openFila(userId);
  const held = new Set<string>();
  for (const entry of await db.getAllFromIndex('entradas', 'createdAt')) {
    if (held.has(entry.group)) continue;
    // A conflict or a refusal waits for the person; a later save of the same group waits behind it.
    if (entry.status === 'conflito' || entry.status === 'recusado') {
      if (entry.status === 'conflito') held.add(entry.group);
      continue;
    }
    // Another person signed in on this page meanwhile: the rest waits for this person's next sign-in.
    if (!mayRun(userId)) return;
    const outcome = await sendOne(db, entry);
    if (outcome === 'stop') return;
    if (outcome === 'conflict') held.add(entry.group);
  }
}
