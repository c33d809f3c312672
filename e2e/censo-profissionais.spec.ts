import { type Browser, expect, test } from '@playwright/test';
import { DEMO, DESKTOP, PHONE, SHOTS, signedInOn } from './journey';
import { demoServerForSpec, screenshot, uniqueCpf } from './support';

/**
 * Censo Escolar, profissionais (issue 37, part 3) on the demo school: the secretaria, on her phone and
 * at a desk, opens a teacher's 'Dados do Censo', fills the cor/raça and saves; adds someone outside the
 * teaching staff (nome and CPF) and removes them after confirming. Screenshots of both widths.
 */

const server = demoServerForSpec();

const secretaria = (browser: Browser, viewport: { width: number; height: number }) =>
  signedInOn(browser, server.baseURL, DEMO.secretaria, { viewport });

test('the secretaria fills a teacher’s census data and manages the director’s list', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await secretaria(browser, PHONE);
  await page.goto('/dashboard/professores');
  const secao = page.getByRole('region', { name: /Gestor e outros profissionais/ });
  await expect(secao.getByText('Ana Paula Ribeiro')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/censo-profissionais-phone.png`, fullPage: true });

  await page.getByRole('button', { name: 'Dados do Censo de Carlos Eduardo Lima' }).first().click();
  const dialogo = page.getByRole('dialog', { name: /Dados do Censo — Carlos Eduardo Lima/ });
  await expect(dialogo).toBeVisible();
  await dialogo.getByLabel('Cor/raça').selectOption('3');
  await screenshot(page, { path: `${SHOTS}/censo-profissional-dialog-phone.png` });
  await dialogo.getByRole('button', { name: 'Salvar dados do Censo' }).click();
  await expect(dialogo).toHaveCount(0);
  await page.getByRole('button', { name: 'Dados do Censo de Carlos Eduardo Lima' }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Cor/raça')).toHaveValue('3');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

  await secao.getByRole('button', { name: 'Adicionar profissional' }).click();
  const novo = page.getByRole('dialog', { name: 'Novo profissional (gestor ou outro)' });
  await novo.getByRole('button', { name: 'Salvar dados do Censo' }).click();
  await expect(novo.getByText('Informe o nome')).toBeVisible();
  await novo.getByLabel('Nome completo').fill('Paulo Coordenação Teste');
  await novo.getByLabel('CPF').fill(uniqueCpf());
  await novo.getByRole('button', { name: 'Salvar dados do Censo' }).click();
  await expect(secao.getByText('Paulo Coordenação Teste')).toBeVisible();
  await secao.getByRole('button', { name: 'Remover Paulo Coordenação Teste do Censo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
  await expect(secao.getByText('Paulo Coordenação Teste')).toHaveCount(0);
  await context.close();

  const wide = await secretaria(browser, DESKTOP);
  await wide.page.goto('/dashboard/professores?censo=novo');
  await expect(wide.page.getByRole('dialog', { name: 'Novo profissional (gestor ou outro)' })).toBeVisible();
  await screenshot(wide.page, { path: `${SHOTS}/censo-profissional-dialog-desktop.png` });
  await wide.page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await screenshot(wide.page, { path: `${SHOTS}/censo-profissionais-desktop.png`, fullPage: true });
  await wide.context.close();
});
