/**
 * The device's queue on a shared phone (ADR 0053): one person's saves are never sent under another
 * person's session. The queue's IndexedDB is replaced by a map (jsdom has none); the sending is real.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('idb', () => {
  const databases = new Map<string, Map<string, Map<string, Record<string, unknown>>>>();
  return {
    openDB: (name: string) => {
      const stores = databases.get(name) ?? new Map<string, Map<string, Record<string, unknown>>>();
      databases.set(name, stores);
      const store = (store: string) => {
        const rows = stores.get(store) ?? new Map<string, Record<string, unknown>>();
        stores.set(store, rows);
        return rows;
      };
      return Promise.resolve({
        put: (name: string, value: Record<string, unknown>) => {
          store(name).set(String(value.id ?? value.key), structuredClone(value));
          return Promise.resolve();
        },
        get: (name: string, key: string) => Promise.resolve(store(name).get(key)),
        delete: (name: string, key: string) => {
          store(name).delete(key);
          return Promise.resolve();
        },
        getAllFromIndex: (name: string) =>
          Promise.resolve(
            [...store(name).values()].sort((a, b) => Number(a.createdAt) - Number(b.createdAt)),
          ),
      });
    },
  };
});

const { enqueue, listEntries, resumeAfterSignIn, setActiveUser, syncQueue } = await import('./fila');

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveUser(undefined);
});

const rollOf = (label: string) => ({
  method: 'PUT' as const,
  url: '/api/frequencia/turmas/t1',
  body: { data: '2026-11-27', faltas: [] },
  kind: 'chamada',
  group: `chamada:${label}`,
  label,
  link: '/dashboard/frequencia',
});

describe('syncQueue on a phone shared by two people', () => {
  it("never sends the first person's saves again once another person signed in on the page", async () => {
    await enqueue('ana', rollOf('Chamada 7º A — 27/11'));
    setActiveUser('ana');
    // Ana's send hangs on a poor signal…
    let fail: (error: Error) => void = () => undefined;
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    fetch.mockImplementationOnce(
      () =>
        new Promise<Response>((_resolve, reject) => {
          fail = reject;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const anaRun = syncQueue('ana');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // …her session ended meanwhile, and Bruno signs in on the same page: the portal sends his queue.
    setActiveUser('bruno');
    resumeAfterSignIn();
    const brunoRun = syncQueue('bruno');
    // Ana's request fails at last (the signal dropped): her save stays waiting for her.
    fail(new TypeError('Failed to fetch'));
    await Promise.all([anaRun, brunoRun]);
    // The cookie is Bruno's now: Ana's roll must not go out again under it.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await listEntries('ana')).map((entry) => entry.status)).toEqual(['pendente']);
  });
});
