import { type Browser, expect, test } from '@playwright/test';
import { type Account, DEMO, DESKTOP, PHONE, SHOTS, signedInOn } from './journey';
import { demoServerForSpec, screenshot, todayInSaoPaulo } from './support';

/**
 * Censo Escolar (issue 37) on the demo school: the secretaria opens Relatórios → Censo Escolar, sees
 * the figures and an empty pending list, downloads the stage-1 file (Latin-1, first line '00|'); a
 * teacher sees no entry and gets 403 from the API. Screenshots at desktop and phone width.
 */
const { secretaria: SECRETARIA, teacher: TEACHER } = DEMO;

const server = demoServerForSpec();

const signedIn = (browser: Browser, who: Account, viewport: typeof DESKTOP) =>
  signedInOn(browser, server.baseURL, who, { viewport });

/** Whether `bytes` hold a UTF-8 two-byte sequence (what 'ç' or 'ã' would be if not written in Latin-1). */
const hasUtf8Pairs = (bytes: Buffer) =>
  bytes.some((byte, index) => (byte === 0xc3 || byte === 0xc2) && ((bytes[index + 1] ?? 0) & 0xc0) === 0x80);

test('the secretaria checks the census and downloads the stage-1 file', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedIn(browser, SECRETARIA, DESKTOP);
  await page.goto('/dashboard/relatorios');
  await page.getByRole('link', { name: 'Abrir o Censo Escolar' }).click();
  await expect(page.getByRole('heading', { name: 'Censo Escolar', level: 1 })).toBeVisible();
  const etapa = page.getByRole('region', { name: '1ª etapa — Matrícula Inicial' });
  await expect(etapa.getByText('Data de referência')).toBeVisible({ timeout: 60_000 });
  await expect(etapa.getByRole('table', { name: 'Alunos por etapa' })).toBeVisible();
  await expect(etapa.getByText(/Nenhuma pendência/)).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/censo-painel-desktop.png`, fullPage: true });

  // The file is built in the background (issue 38): a progress bar, then the download from the task.
  const [download, answer] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.waitForResponse((response) => /\/tarefas\/[^/]+\/arquivo/.test(response.url()), {
      timeout: 120_000,
    }),
    etapa.getByRole('button', { name: 'Montar e baixar o arquivo' }).click(),
  ]);
  const progresso = etapa.getByRole('progressbar', { name: 'Progresso do arquivo do Censo' });
  await expect(progresso).toHaveAttribute('aria-valuenow', '100');
  await expect(
    etapa.getByRole('status').filter({ hasText: 'Arquivo de Matrícula Inicial pronto' }),
  ).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/censo-arquivo-desktop.png`, fullPage: true });
  expect(answer.headers()['content-type']).toMatch(/charset=iso-8859-1/i);
  const bytes = await download.createReadStream().then(
    (stream) =>
      new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => parts.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(parts)));
        stream.on('error', reject);
      }),
  );
  expect(download.suggestedFilename()).toMatch(/^censo-\d{4}-matricula-inicial/);
  expect(bytes.toString('latin1').split(/\r?\n/)[0]).toMatch(/^00\|/);
  expect(hasUtf8Pairs(bytes)).toBe(false);

  // Stage 1 on a phone: the task just built is still shown, with its file to download again.
  const phoneView = await signedIn(browser, SECRETARIA, PHONE);
  await phoneView.page.goto('/dashboard/relatorios/censo');
  const etapa1 = phoneView.page.getByRole('region', { name: '1ª etapa — Matrícula Inicial' });
  await expect(etapa1.getByRole('button', { name: 'Baixar de novo o arquivo montado' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(etapa1.getByRole('progressbar', { name: 'Progresso do arquivo do Censo' })).toBeVisible();
  await screenshot(phoneView.page, { path: `${SHOTS}/censo-arquivo-phone.png`, fullPage: true });

  // Stage 2 on a phone, of the demo's school year (this calendar year: in January the page opens on the
  // year just closed, whose stage 2 is due then).
  const demoYear = todayInSaoPaulo().slice(0, 4);
  await phoneView.page.goto(`/dashboard/relatorios/censo?etapa=situacao-do-aluno&ano=${demoYear}`);
  await expect(phoneView.page.getByLabel('Ano do Censo')).toHaveValue(demoYear);
  const etapa2 = phoneView.page.getByRole('region', { name: '2ª etapa — Situação do Aluno' });
  await expect(etapa2).toBeVisible();
  await expect(etapa2.getByText('Data de referência', { exact: true })).toBeVisible({ timeout: 60_000 });
  // A year not yet closed: its stage 2 waits for the closing, and says so.
  await expect(etapa2.getByText(/ainda não foi encerrado/)).toBeVisible();
  await screenshot(phoneView.page, { path: `${SHOTS}/censo-painel-phone.png`, fullPage: true });
  await phoneView.context.close();
  await context.close();
});

test('a teacher sees no census entry and the API answers 403', async ({ browser }) => {
  const { context, page } = await signedIn(browser, TEACHER, PHONE);
  await page.goto('/dashboard/relatorios');
  await expect(page.getByRole('heading', { name: 'Relatórios', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir o Censo Escolar' })).toHaveCount(0);
  const year = String(new Date().getFullYear());
  expect((await page.request.get(`/api/censo/${year}/pendencias`)).status()).toBe(403);
  expect((await page.request.get(`/api/censo/${year}/matricula-inicial`)).status()).toBe(403);
  expect(
    (
      await page.request.post(`/api/censo/${year}/tarefas`, { data: { etapa: 'matricula-inicial' } })
    ).status(),
  ).toBe(403);
  await context.close();
});
