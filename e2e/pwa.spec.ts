import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { apiSignIn, controlledByServiceWorker, dataOf, demoServerForSpec, screenshot } from './support';

// The portal's service worker is part of what this journey checks (the rest block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 35 §1, §2 and §5 (ADR 0052) on the demo school, on a phone: the portal installs (Chrome's own
 * installability report), its service worker controls the page, a mother who signed in and read the
 * boletim and the notices reads them again with no connection (marked with when they were updated),
 * and her sign-out leaves nothing of hers on the device.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';
const MOTHER = { email: 'responsavel@demo.escola', password: 'Demo-Resp-2026' };
const TEACHER = { email: 'professor@demo.escola', password: 'Demo-Prof-2026' };

/** A child of Educação Infantil has pareceres (the relatório de desenvolvimento) instead of a boletim. */
const kindOf = (child: { turma: { serie: string } | null }) =>
  /infantil|maternal|berçário|pré|jardim/i.test(child.turma?.serie ?? '') ? 'Pareceres' : 'Boletim';

const server = demoServerForSpec();

/** The names of the origin's IndexedDB databases of the portal's local data. */
const localDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .filter((name) => name.startsWith('sistema-escolar:')),
  );

/** The queries in the reading copy kept on the device (the first two parts of each key). */
const keptQueries = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .find((n) => n.includes(':consultas:'));
    if (!name) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const read = open.result.transaction('copia').objectStore('copia').get('consultas');
        read.onsuccess = () => {
          const record = read.result as { state: { queries: { queryKey: unknown[] }[] } } | undefined;
          open.result.close();
          resolve((record?.state.queries ?? []).map((query) => query.queryKey.slice(0, 2).join('/')));
        };
      };
    });
  });

/** Every cache and the addresses it holds. */
const cacheContents = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });

test('the manifest and the service worker make the portal installable, as Chrome reports it', async () => {
  // Chrome offers no install in an incognito window, which is what a new context is: a profile on disk.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'escola-e2e-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    baseURL: server.baseURL,
    viewport: phone,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: { message: string; critical: number }[];
    data?: string;
  };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  const settings = await dataOf<{ configuracoes: { nome_escola: string; cor_primaria: string } }>(
    await page.request.get('/api/content/public'),
  );
  expect(parsed).toMatchObject({
    name: settings.configuracoes.nome_escola,
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: settings.configuracoes.cor_primaria,
  });
  expect(parsed.short_name.length).toBeLessThanOrEqual(12);
  expect(parsed.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
  for (const icon of parsed.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  // The public page registers no worker and links no manifest: its weight stays as it was.
  const site = await page.request.get('/');
  expect(await site.text()).not.toMatch(/manifest\.webmanifest|sw\.js|workbox/);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('a mother reads the boletim and the notices again offline; her sign-out leaves nothing behind', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, MOTHER.email, [MOTHER.password], MOTHER.password);
  const children = (
    await dataOf<{ items: { id: string; nome: string; turma: { serie: string } | null }[] }>(
      await page.request.get('/api/alunos?pageSize=100&sort=nome&order=asc'),
    )
  ).items;
  const first = children[0]!;
  await page.goto('/dashboard');
  const bar = page.getByRole('navigation', { name: 'Menu da família' });
  await expect(bar.getByRole('link', { name: 'Início' })).toBeVisible();
  await controlledByServiceWorker(page);

  // Chrome's offer to install becomes the home's card (headless Chrome sends none: the same event,
  // dispatched), and its button opens the browser's own dialog.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        document.body.dataset.installAsked = 'yes';
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  const install = page.getByRole('region', { name: 'Instale o app da escola' });
  await expect(install).toBeVisible();
  await screenshot(install, { path: `${shots}/instalar-app-phone.png` });
  await install.getByRole('button', { name: 'Instalar' }).click();
  await expect(install).toBeHidden();
  await expect(page.locator('body')).toHaveAttribute('data-install-asked', 'yes');

  // On-line: the boletim and the notices, as any day.
  await bar.getByRole('link', { name: 'Boletim' }).click();
  const boletim = page.getByRole('region', { name: `${kindOf(first)} de ${first.nome}` });
  await expect(boletim).toBeVisible();
  await bar.getByRole('link', { name: 'Comunicados' }).click();
  await expect(page.getByRole('heading', { name: 'Comunicados', level: 1 })).toBeVisible();
  const notices = await dataOf<{ items: { titulo: string }[] }>(
    await page.request.get('/api/comunicados?page=1&pageSize=20'),
  );
  // The demo family has notices: the newest is on the screen.
  expect(notices.items.length).toBeGreaterThan(0);
  const notice = notices.items[0]!.titulo;
  await expect(page.getByText(notice).first()).toBeVisible();
  await expect(page.getByText('Sem conexão')).toHaveCount(0);
  // The copy is written a moment after the answers arrive (throttled): the boletim and the notices in it.
  await expect
    .poll(() => keptQueries(page))
    .toEqual(expect.arrayContaining(['students/familia', 'grades/report-card', 'comunicados/list']));

  // Offline: the portal opens again, with the copy kept on the device, marked with when it was updated.
  await context.setOffline(true);
  await page.goto('/dashboard/familia/boletim');
  await expect(boletim).toBeVisible();
  const banner = page.getByRole('status', { name: 'Sem conexão' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('pagamentos, envio de arquivos e telas de administração');
  await expect(banner.getByText(/^Atualizado em \d{2}\/\d{2} às \d{2}:\d{2}$/)).toBeVisible();
  await screenshot(page, { path: `${shots}/pwa-offline-boletim-phone.png`, fullPage: true });
  await bar.getByRole('link', { name: 'Comunicados' }).click();
  await expect(page.getByText(notice).first()).toBeVisible();
  await page.setViewportSize(desktop);
  await screenshot(page, { path: `${shots}/pwa-offline-comunicados-desktop.png` });
  await page.setViewportSize(phone);
  // A screen kept nowhere (payments) says it needs the connection, instead of an error.
  await bar.getByRole('button', { name: 'Mais' }).click();
  await expect(banner.getByText(/Esta tela precisa de internet/)).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Financeiro' }).click();
  await expect(page).toHaveURL(/\/dashboard\/financeiro/);
  await expect(banner.getByText(/Esta tela precisa de internet/)).toBeVisible();
  await screenshot(page, { path: `${shots}/pwa-offline-financeiro-phone.png` });

  // No API answer in any cache: only the precached shell (scripts, styles, the page).
  const cached = await cacheContents(page);
  expect(Object.keys(cached).every((name) => name.startsWith('workbox-precache'))).toBe(true);
  expect(
    Object.values(cached)
      .flat()
      .filter((url) => !/^\/(index\.html|assets\/)/.test(url)),
  ).toEqual([]);

  // Back on-line, she signs out: nothing of hers stays on the device.
  await context.setOffline(false);
  await bar.getByRole('button', { name: 'Mais' }).click();
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await expect.poll(() => localDatabases(page)).toEqual([]);
  const afterLogout = await cacheContents(page);
  expect(Object.keys(afterLogout).every((name) => name.startsWith('workbox-precache'))).toBe(true);
  expect(JSON.stringify(afterLogout)).not.toMatch(/\/api\//);

  // Signed out and offline, the portal shows nothing personal: the sign-in, which says to come back on-line.
  await context.setOffline(true);
  await page.goto('/dashboard/familia/boletim');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sem conexão — entre novamente quando estiver on-line.')).toBeVisible();
  await expect(page.getByText(first.nome)).toHaveCount(0);
  await screenshot(page, { path: `${shots}/pwa-offline-login-phone.png` });
  await context.setOffline(false);
  await context.close();
});

test('a teacher reads their classes again offline', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, TEACHER.email, [TEACHER.password], TEACHER.password);
  const classes = await dataOf<{ nome: string }[]>(await page.request.get('/api/turmas'));
  expect(classes.length).toBeGreaterThan(0);
  await page.goto('/dashboard/turmas');
  await expect(page.getByText(classes[0]!.nome).first()).toBeVisible();
  await controlledByServiceWorker(page);
  await expect.poll(() => keptQueries(page)).toEqual(expect.arrayContaining(['classes/list']));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(classes[0]!.nome).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sem conexão' })).toBeVisible();
  await screenshot(page, { path: `${shots}/pwa-offline-turmas-phone.png` });
  await context.setOffline(false);
  await context.close();
});

test('a new version waits for the person: the prompt, and only the click reloads', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, MOTHER.email, [MOTHER.password], MOTHER.password);
  await page.goto('/dashboard');
  await controlledByServiceWorker(page);
  // A new worker for the same scope, as a deployment makes: it installs and waits.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?versao=2', { scope: '/' });
  });
  const prompt = page.getByRole('status').filter({ hasText: 'Nova versão disponível' });
  await expect(prompt).toBeVisible();
  await screenshot(page, { path: `${shots}/pwa-update-prompt-phone.png` });
  await page.setViewportSize(desktop);
  await screenshot(page, { path: `${shots}/pwa-update-prompt-desktop.png` });
  // Nothing reloads on its own; the click activates the new worker and reloads once.
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Atualizar' }).click();
  await reloaded;
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/versao=2$/);
  await context.close();
});
