import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, startOwnServer } from './support';

/**
 * Issue 35 §1, §2 and §5 (ADR 0052) on the demo school, on a phone: the portal installs (Chrome's own
 * installability report), its service worker controls the page, and a mother who signed in opens the
 * portal again with no connection.
 */
const phone = { width: 390, height: 844 };
const MOTHER = { email: 'responsavel@demo.escola', password: 'Demo-Resp-2026' };

let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  // Seeding the demo school (a year of rolls and grades) takes a while on a loaded machine.
  test.setTimeout(300_000);
  server = await startOwnServer({ env: { DEMO: '1' } });
});

test.afterAll(async () => {
  await server.stop();
});

/** Waits until the portal's service worker is active and controls the page. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled until the worker claims it: a reload puts it in charge.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toMatch(/\/sw\.js$/);
}

test('a mother signed in opens the portal again with no connection', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, MOTHER.email, [MOTHER.password], MOTHER.password);
  await page.goto('/dashboard');
  const bar = page.getByRole('navigation', { name: 'Menu da família' });
  await expect(bar.getByRole('link', { name: 'Início' })).toBeVisible();
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(bar.getByRole('link', { name: 'Boletim' })).toBeVisible();
  await context.setOffline(false);
  await context.close();
});
