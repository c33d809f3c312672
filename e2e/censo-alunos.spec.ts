import { expect, test, type Browser } from '@playwright/test';
import { DEMO, DESKTOP, PHONE, SHOTS } from './journey';
import { demoServerForSpec, login, screenshot } from './support';

/**
 * Censo Escolar, the students (issue 37, part 2), on the demo school: the secretaria opens a student's
 * card, opens 'Censo Escolar' (a view in 'Quem acessou'), changes cor/raça and saves; a pendência's link
 * (`/dashboard/alunos?aluno=<id>&secao=censo`) opens the card with the section open. Desktop and phone screenshots.
 */

const server = demoServerForSpec();

async function staff(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport });
  const page = await context.newPage();
  await login(page, DEMO.secretaria.email, DEMO.secretaria.password);
  await expect(page).not.toHaveURL(/login/);
  return { context, page };
}

test('the secretaria fills a student’s census data and a pendência link opens it', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await staff(browser, DESKTOP);
  await page.goto('/dashboard/alunos');
  await page
    .getByRole('button', { name: /^Ver detalhes de/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ver dados do Censo' }).click();
  const form = dialog.getByRole('form', { name: 'Dados do Censo Escolar' });
  await expect(form.getByLabel('Cor/raça (como declarada)')).toBeVisible();
  await expect(form.getByText(/Dados sensíveis \(LGPD/)).toBeVisible();
  await form.getByLabel('Cor/raça (como declarada)').selectOption('0');
  await form.getByRole('button', { name: 'Salvar dados do Censo' }).click();
  await expect(page.getByText('Dados do Censo salvos.')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/censo-aluno-desktop.png`, fullPage: false });
  const alunoId = new URL(page.url()).searchParams.get('aluno');
  expect(alunoId).not.toBeNull();
  await context.close();

  const mobile = await staff(browser, PHONE);
  await mobile.page.goto(`/dashboard/alunos?aluno=${alunoId!}&secao=censo`);
  const section = mobile.page.getByRole('form', { name: 'Dados do Censo Escolar' });
  await expect(section.getByLabel('Cor/raça (como declarada)')).toHaveValue('0');
  await section.getByRole('group', { name: 'Residência' }).scrollIntoViewIfNeeded();
  await screenshot(mobile.page, { path: `${SHOTS}/censo-aluno-phone.png` });
  await mobile.context.close();
});
