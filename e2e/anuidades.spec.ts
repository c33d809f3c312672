import { expect, test, type Page } from '@playwright/test';
import { adminPage, createClass, createStudent, linkMailedTo, openSettingsTab, screenshot } from './support';

// Journey (issue 34, Lei 9.870): the director sets next year's anuidade and plans — the editor refuses
// a plan above the annual value as it is typed —, publishes, a family reads the public page /matriculas
// on a phone, and the secretaria starts the online rematrícula round.
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = 'test-results/anuidades';

async function shot(page: Page, name: string) {
  await screenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('anuidades, publication and the online rematrícula round', async ({ browser }) => {
  const { context, page } = await adminPage(browser, DESKTOP);
  const year = new Date().getFullYear();
  const next = year + 1;
  const turmaId = await createClass(page.request, `3º Ano Anuidade ${String(Date.now()).slice(-5)}`, {
    serie: '3º ano',
    ano_letivo: String(year),
  });
  const paula = `paula.${String(Date.now())}@familia.test`;
  await createStudent(page.request, {
    nome: 'Lara Figueiredo',
    turmaId,
    guardian: { nome: 'Paula Figueiredo', email: paula },
  });

  await openSettingsTab(page, 'Matrícula online');
  await expect(page.getByRole('heading', { name: 'Anuidades e planos (Lei 9.870)' })).toBeVisible();
  await expect(page.getByText(`Cadastre as anuidades de ${String(next)}`)).toBeVisible();
  await page.getByRole('button', { name: '4º ano' }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Valor anual (R$)').fill('12.000,00');
  await editor.getByLabel('Prazo de matrícula').fill(`${String(next)}-03-01`);
  await editor.getByLabel('Taxa de matrícula (R$)').first().fill('500,00');
  await expect(editor.getByLabel('Valor da parcela (R$)').first()).toHaveValue('958,33');
  // The remainder of the division goes on the 1st instalment: the plan is exactly the anuidade (ADR 0094).
  await expect(editor.getByText('1ª de R$ 958,37 + 11× de R$ 958,33')).toBeVisible();
  await expect(editor.getByText('Total R$ 12.000,00 de R$ 12.000,00 da anuidade')).toBeVisible();
  await editor.getByRole('button', { name: 'Adicionar plano alternativo' }).click();
  await editor.getByLabel('Nome do plano').nth(1).fill('À vista');
  await editor.getByLabel('Valor da parcela (R$)').nth(1).fill('11.600,00');
  await editor.getByLabel('Taxa de matrícula (R$)').nth(1).fill('500,00');
  await expect(editor.getByText(/planos alternativos não podem passar do valor anual/)).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Salvar anuidade' })).toBeDisabled();
  await shot(page, 'editor-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'editor-phone');
  await page.setViewportSize(DESKTOP);
  await editor.getByLabel('Valor da parcela (R$)').nth(1).fill('11.000,00');
  await editor.getByRole('button', { name: 'Salvar anuidade' }).click();
  await expect(page.getByText('Anuidade de 4º ano')).toBeVisible();
  await expect(page.getByText(`As anuidades de ${String(next)} ainda não foram publicadas`)).toBeVisible();
  await shot(page, 'card-desktop');

  await page.getByRole('button', { name: `Publicar ${String(next)}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(/^Publicado em/)).toBeVisible();
  await expect(page.getByText(`As anuidades de ${String(next)} ainda não foram publicadas`)).toHaveCount(0);

  // A mother reads the public page on her phone, with no session.
  const visitor = await browser.newContext({ viewport: PHONE });
  const mother = await visitor.newPage();
  await mother.goto('/matriculas');
  await expect(mother.getByRole('heading', { name: `Matrículas ${String(next)}` })).toBeVisible();
  await expect(mother.getByText('R$ 12.000,00', { exact: true })).toBeVisible();
  await expect(mother.getByText('1ª de R$ 958,37 + 11× de R$ 958,33')).toBeVisible();
  await expect(mother.getByText('· total R$ 12.000,00')).toBeVisible();
  await shot(mother, 'publicacao-phone');
  await visitor.close();
  await page.goto('/matriculas');
  await expect(page.getByRole('heading', { name: 'Vagas por turma' })).toBeVisible();
  await shot(page, 'publicacao-desktop');

  // The secretaria starts the online rematrícula round.
  await page.goto('/dashboard/matriculas/rematricula');
  await expect(page.getByRole('heading', { name: 'Rematrícula online' })).toBeVisible();
  await shot(page, 'rematricula-vazia-desktop');
  await page.getByRole('button', { name: `Iniciar a rematrícula de ${String(next)}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Iniciar e enviar links' }).click();
  await expect(page.getByText(/famílias? incluídas?/)).toBeVisible();
  // The student's own cell, by its exact name: the row's 'Enviar lembrete à família de Lara Figueiredo'
  // holds the name too.
  await expect(page.getByRole('cell', { name: 'Lara Figueiredo', exact: true })).toBeVisible();
  await shot(page, 'rematricula-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'rematricula-phone');
  await openSettingsTab(page, 'Matrícula online');
  await shot(page, 'card-phone');
  await context.close();

  // The mother opens the link on her phone: her name, e-mail and phone came, her CPF did not (a link
  // without a password shows none: ADR 0090) — left blank, the school's record is used.
  const link = await linkMailedTo(paula, /http:\/\/[^\s"]+\/matricula\/[A-Za-z0-9_-]{43}/);
  const onHerPhone = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
  const form = await onHerPhone.newPage();
  await form.goto(new URL(link).pathname);
  await expect(form.getByRole('heading', { name: 'Pré-matrícula de Lara' })).toBeVisible();
  await form.getByRole('button', { name: 'Próximo' }).click();
  await expect(form.getByRole('heading', { name: 'Responsáveis' })).toBeVisible();
  await expect(form.getByText(/Já no cadastro da escola/)).toBeVisible();
  await expect(form.getByLabel('Nome completo')).toHaveValue('Paula Figueiredo');
  await expect(form.getByLabel(/^E-mail/)).toHaveValue(paula);
  await expect(form.getByLabel(/^CPF/)).toHaveValue('');
  await expect(form.getByText('Em branco: a escola usa o do cadastro.')).toBeVisible();
  await shot(form, 'rematricula-link-responsaveis-phone');
  await onHerPhone.close();
});
