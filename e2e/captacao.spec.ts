import { expect, test } from '@playwright/test';
import { apiSignIn, startOwnServer } from './support';

/**
 * Issue 34 §1, on the demo school: a mother on her phone finds 'Agende uma visita / Quero matricular'
 * on the site and registers her interest; the secretaria finds the family in the funnel, schedules the
 * visit, writes down the call, moves it on the board's menu and reads the figures.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';
const SECRETARIA = { email: 'secretaria@demo.escola', password: 'Demo-Secr-2026' };

let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer({ env: { DEMO: '1' } });
});

test.afterAll(async () => {
  await server.stop();
});

test('a mother registers interest on the site from her phone and the secretaria works the funnel', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const nextYear = String(new Date().getFullYear() + 1);
  const mother = await browser.newContext({
    baseURL: server.baseURL,
    viewport: phone,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const site = await mother.newPage();
  await site.goto('/');
  const section = site.locator('#matricula');
  await expect(section.getByRole('heading', { name: 'Agende uma visita / Quero matricular' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await site.screenshot({ path: `${shots}/captacao-site-form-phone.png`, fullPage: false });

  await section.getByLabel('Seu nome', { exact: true }).fill('Roberta Lima Sampaio');
  await section.getByLabel('E-mail', { exact: true }).fill('roberta.sampaio@exemplo.com.br');
  await section.getByLabel('Telefone ou WhatsApp (com DDD)').fill('(11) 97777-1234');
  await section.getByLabel('Como conheceu a escola?').selectOption('indicacao');
  await section.getByLabel('Nome da criança', { exact: true }).fill('Joaquim Lima Sampaio');
  await section.getByLabel('Data de nascimento', { exact: true }).fill('2019-06-20');
  await section.getByLabel('Série desejada').selectOption('2º ano');
  await section.getByLabel('Para o ano letivo de').selectOption(nextYear);
  // Without the consent nothing is sent: the form says why, on the checkbox.
  await section.getByRole('button', { name: 'Quero agendar uma visita' }).click();
  await expect(section.getByText(/Para enviar, autorize o uso dos dados da criança/)).toBeVisible();
  await expect(section.getByRole('checkbox')).toBeFocused();
  await site.screenshot({ path: `${shots}/captacao-site-consent-phone.png`, fullPage: false });
  await section.getByRole('checkbox').check();
  // A person takes more than a few seconds to fill the form; the server treats faster sends as a robot's.
  await site.waitForTimeout(3_000);
  await section.getByRole('button', { name: 'Quero agendar uma visita' }).click();
  await expect(section.getByRole('status')).toContainText('Recebemos o seu interesse');
  await site.screenshot({ path: `${shots}/captacao-site-sent-phone.png`, fullPage: false });
  await mother.close();

  const staff = await browser.newContext({
    baseURL: server.baseURL,
    viewport: desktop,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await staff.newPage();
  await apiSignIn(page.request, SECRETARIA.email, [SECRETARIA.password], SECRETARIA.password);
  await page.goto(`/dashboard/matriculas?ano=${nextYear}`);
  const interessados = page.getByRole('region', { name: /^Interessado/ });
  await expect(interessados.getByRole('button', { name: /Joaquim Lima Sampaio/ })).toBeVisible();
  // Seven columns do not fit: the board scrolls sideways inside the page, which itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(desktop.width);
  await page.screenshot({ path: `${shots}/captacao-funil-board-desktop.png`, fullPage: true });

  await interessados.getByRole('button', { name: /Joaquim Lima Sampaio/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Joaquim Lima Sampaio' });
  await expect(dialog.getByText('Interesse registrado pelo site')).toBeVisible();
  await dialog.getByRole('button', { name: 'Agendar visita' }).click();
  const visita = page.getByRole('dialog', { name: 'Agendar visita' });
  const day = new Date(Date.now() + 10 * 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [yyyy, mm, dd] = [String(day.getFullYear()), pad(day.getMonth() + 1), pad(day.getDate())];
  await visita.getByLabel('Data e hora da visita').fill(`${yyyy}-${mm}-${dd}T09:30`);
  await visita.getByRole('button', { name: 'Salvar visita' }).click();
  await expect(dialog.getByText(`Visita agendada para ${dd}/${mm}/${yyyy} 09:30.`)).toBeVisible();
  await dialog.getByLabel('Texto do registro').fill('Mãe confirmou a visita por telefone.');
  await dialog.getByRole('button', { name: 'Adicionar à linha do tempo' }).click();
  await expect(dialog.getByText('Ligação: Mãe confirmou a visita por telefone.')).toBeVisible();
  await page.screenshot({ path: `${shots}/captacao-familia-desktop.png`, fullPage: false });
  await page.keyboard.press('Escape');

  // On a desktop a card is dragged to another column.
  const arthur = page
    .getByRole('region', { name: /^Interessado/ })
    .getByRole('listitem')
    .filter({ hasText: 'Arthur Gomes Farias' });
  await arthur.dragTo(page.getByRole('region', { name: /^Pré-matrícula/ }));
  await expect(
    page.getByRole('region', { name: /^Pré-matrícula/ }).getByRole('button', { name: /Arthur Gomes Farias/ }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Lista' }).click();
  await expect(page.getByRole('table')).toContainText('Joaquim Lima Sampaio');
  await page.screenshot({ path: `${shots}/captacao-funil-lista-desktop.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Indicadores' }).click();
  await expect(page.getByRole('heading', { name: /Conversão por etapa/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/captacao-indicadores-desktop.png`, fullPage: true });

  // On a phone: the board scrolls sideways and each card moves by its 'Mover para…' menu.
  await page.setViewportSize(phone);
  await page.getByRole('tab', { name: 'Quadro' }).click();
  const visitas = page.getByRole('region', { name: /^Visita agendada/ });
  await expect(visitas.getByRole('button', { name: /Joaquim Lima Sampaio/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/captacao-funil-board-phone.png`, fullPage: false });
  await visitas.getByLabel('Mover Joaquim Lima Sampaio para outra etapa').selectOption('perdido');
  const perda = page.getByRole('dialog', { name: 'Marcar como perdida' });
  await perda.getByLabel('Motivo da perda').fill('Escolheu outra escola');
  await page.screenshot({ path: `${shots}/captacao-perda-phone.png`, fullPage: false });
  await perda.getByRole('button', { name: 'Marcar como perdida' }).click();
  const perdidos = page.getByRole('region', { name: /^Perdido/ });
  await expect(perdidos.getByRole('button', { name: /Joaquim Lima Sampaio/ })).toBeVisible();
  await page.goto(`/dashboard/matriculas?ano=${nextYear}&aba=lista`);
  await page.getByRole('button', { name: 'Joaquim Lima Sampaio' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Joaquim Lima Sampaio' })
      .getByText('Motivo: Escolheu outra escola', { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: `${shots}/captacao-familia-phone.png`, fullPage: false });
  await staff.close();
});
