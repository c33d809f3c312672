import { expect, test, type Page } from '@playwright/test';
import { adminPage, createStudent, screenshot, todayInSaoPaulo } from './support';

// The audit trail reads as sentences naming the person and the record (issue 29, item 18); the raw
// code, id and JSON stay one click away behind 'Ver detalhes'.
const run = Date.now().toString().slice(-7);
const shots = 'test-results/screenshots';

async function snap(page: Page, name: string) {
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage: false });
}

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of sizes) {
  test(`Auditoria says what was done in words, with the raw entry behind 'Ver detalhes' (${size.name})`, async ({
    browser,
  }) => {
    const { context, page } = await adminPage(browser, size.viewport);
    const nome = `Lívia Auditada ${size.name} ${run}`;
    const { aluno } = await createStudent(page.request, {
      nome,
      turmaId: null,
      guardian: { nome: `Responsável Auditado ${run}` },
    });
    const moved = await page.request.patch(`/api/alunos/${aluno.id}/status`, {
      data: { status: 'transferido' },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    await page.goto('/dashboard/auditoria');
    // The day the student left (today: none was given) is part of the change (ADR 0086).
    const day = todayInSaoPaulo().split('-').reverse().join('/');
    const sentence = `Mudou a situação do aluno ${nome}: Ativo → Transferido, a partir de ${day}`;
    const entry = page.getByText(sentence, { exact: true }).filter({ visible: true });
    await expect(entry).toBeVisible();
    await expect(
      page.getByText(`Cadastrou o aluno ${nome}`, { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    // No raw codes on the screen until asked for: the action's code and the record's id are details.
    const list = page.getByRole(size.name === 'desktop' ? 'table' : 'list', {
      name: 'Registros de auditoria',
    });
    await expect(list.getByText('alterar_status', { exact: true })).toHaveCount(0);
    await expect(list.getByText(aluno.id)).toHaveCount(0);

    // The entry's own toggle: an accessible button that says whether its panel is open.
    const item = entry.locator('xpath=..');
    const toggle = item.getByRole('button', { name: 'Ver detalhes' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.scrollIntoViewIfNeeded();
    await snap(page, `auditoria-${size.name}`);
    await toggle.click();
    const hide = item.getByRole('button', { name: 'Ocultar detalhes' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await hide.getAttribute('aria-controls')}`);
    await expect(panel.getByText('alterar_status', { exact: true })).toBeVisible();
    await expect(panel.getByText(`aluno · ${aluno.id}`)).toBeVisible();
    await expect(panel.getByText('"para": "transferido"')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await snap(page, `auditoria-detalhes-${size.name}`);
    await hide.click();
    await expect(panel).toHaveCount(0);

    // The filters speak the same words.
    const acao = page.getByLabel('Ação');
    await expect(acao.locator('option', { hasText: 'Mudança de situação' })).toHaveCount(1);
    await expect(acao.locator('option', { hasText: 'alterar_status' })).toHaveCount(0);
    await context.close();
  });
}
