import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, demoServerForSpec } from './support';

// The device's local databases are what this journey checks (the app's worker registers as it runs).
test.use({ serviceWorkers: 'allow' });

/**
 * ADR 0138 on a phone two teachers share: a colleague's roll taken offline still waits on the phone (her
 * session ended before it could go). The teacher signed in now signs out with nothing of hers waiting:
 * 'Sair' wipes her copy, and must not discard the colleague's roll, which stays for the colleague's next
 * sign-in — only what the colleague's screens had read goes.
 */
const phone = { width: 390, height: 844 };
const TEACHER = { email: 'professor@demo.escola', password: 'Demo-Prof-2026' };
const COLLEAGUE_QUEUE = 'sistema-escolar:fila:5f0c1a2e-7b9d-4e3f-8a6b-1c2d3e4f5a6b';

const server = demoServerForSpec();

/** The colleague's queue as her device left it: one roll waiting, the roll she had read beside it. */
function colleagueWaiting(page: Page): Promise<void> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name, 2);
      opening.onupgradeneeded = () => {
        opening.result.createObjectStore('entradas', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
        opening.result.createObjectStore('copias', { keyPath: 'key' });
        opening.result.createObjectStore('rascunhos', { keyPath: 'key' });
      };
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(new Error(String(opening.error)));
    });
    const writing = db.transaction(['entradas', 'copias'], 'readwrite');
    writing.objectStore('entradas').put({
      id: 'chamada-da-colega',
      idempotencyKey: '9d1f6c2a-3b4e-4f5a-8b7c-6d5e4f3a2b1c',
      method: 'PUT',
      url: '/api/frequencia/turmas/t1',
      body: { data: '2026-11-27', faltas: [] },
      kind: 'chamada',
      group: 'chamada:t1:2026-11-27::0',
      label: 'Chamada 7º A — 27/11',
      link: '/dashboard/frequencia',
      createdAt: 1,
      attempts: 1,
      status: 'pendente',
      detail: null,
    });
    writing.objectStore('copias').put({ key: '/api/frequencia/turmas/t1', data: {}, savedAt: 1 });
    await new Promise((resolve) => {
      writing.oncomplete = resolve;
    });
    db.close();
  }, COLLEAGUE_QUEUE);
}

/** What is left on the phone: every local database, and in the colleague's the entries of each store. */
function leftOnPhone(page: Page): Promise<{ databases: string[]; entradas: number; copias: number }> {
  return page.evaluate(async (name) => {
    const databases = (await indexedDB.databases()).map((database) => database.name ?? '').sort();
    const counts = { entradas: 0, copias: 0 };
    if (databases.includes(name)) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(new Error(String(opening.error)));
      });
      for (const store of ['entradas', 'copias'] as const)
        counts[store] = await new Promise<number>((resolve) => {
          const counting = db.transaction(store).objectStore(store).count();
          counting.onsuccess = () => resolve(counting.result);
          counting.onerror = () => resolve(-1);
        });
      db.close();
    }
    return { databases, ...counts };
  }, COLLEAGUE_QUEUE);
}

test("'Sair' on a shared phone keeps a colleague's roll still waiting there", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, TEACHER.email, [TEACHER.password], TEACHER.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  // The teacher's own copy is on the phone (her session's), beside the colleague's waiting roll.
  await expect
    .poll(async () => (await leftOnPhone(page)).databases.join('\n'))
    .toMatch(/sistema-escolar:sessao:/);
  await colleagueWaiting(page);

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).not.toHaveURL(/dashboard/);

  // Nothing of the teacher is left; the colleague's roll still waits, her read copy is gone.
  await expect
    .poll(() => leftOnPhone(page))
    .toEqual({ databases: [COLLEAGUE_QUEUE], entradas: 1, copias: 0 });
  await context.close();
});
