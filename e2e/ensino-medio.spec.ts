import { expect, test } from '@playwright/test';
import { DESKTOP, openThisYear, PHONE, SHOTS } from './journey';
import { adminPage, createStudent, screenshot } from './support';

/**
 * Issue 31 §1, Ensino Médio: the secretaria sets up a 1ª série's itinerários formativos in the grade
 * curricular (with the carga horária warning under the law's minimums), records a student's itinerário
 * and reads the boletim by área do conhecimento, then the itinerário — on a desk and on a phone.
 */
const run = String(Date.now()).slice(-6);
const turmaNome = `1ª série M${run}`;
const lab = `Laboratório ${run}`;
const oficina = `Oficina ${run}`;
const CN = 'Ciências da Natureza e Matemática';
const LH = 'Linguagens e Ciências Humanas';
const aluna = `Marina Souto ${run}`;

test.beforeAll(() => {});

test('Ensino Médio: itinerários in the grade curricular, a student’s choice, the boletim by área', async ({
  browser,
}) => {
  test.slow();
  const { context, page } = await adminPage(browser, DESKTOP);
  await openThisYear(page.request);
  for (const [nome, area] of [
    [lab, 'Ciências da Natureza'],
    [oficina, 'Linguagens'],
  ])
    expect((await page.request.post('/api/disciplinas', { data: { nome, area } })).status()).toBe(201);
  const created = await page.request.post('/api/turmas', {
    data: {
      nome: turmaNome,
      nivel: 'Ensino Médio',
      serie: '1ª série',
      turno: 'manha',
      ano_letivo: String(new Date().getFullYear()),
      capacidade_maxima: 30,
      professor_responsavel_id: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const turmaId = ((await created.json()) as { data: { id: string } }).data.id;
  await createStudent(page.request, { nome: aluna, turmaId, guardian: { nome: `Resp ${run}` } });
  await createStudent(page.request, {
    nome: `Otávio Lins ${run}`,
    turmaId,
    guardian: { nome: `Resp2 ${run}` },
  });

  // The grade curricular: two itinerários, Português in the formação geral básica, one subject in each.
  await page.goto(`/dashboard/turmas?grade=${turmaId}`);
  const grade = page.getByRole('dialog', { name: `Grade curricular — ${turmaNome}` });
  await grade.getByRole('button', { name: 'Adicionar itinerário' }).click();
  await grade.getByLabel('Itinerário 1', { exact: true }).fill(CN);
  await grade.getByRole('button', { name: 'Adicionar itinerário' }).click();
  await grade.getByLabel('Itinerário 2', { exact: true }).fill(LH);
  const rows: [string, string, string][] = [
    ['Português', '5', 'Formação geral básica'],
    [lab, '5', `Itinerário: ${CN}`],
    [oficina, '5', `Itinerário: ${LH}`],
  ];
  for (const [index, [subject, aulas, parte]] of rows.entries()) {
    await grade.getByRole('button', { name: 'Adicionar disciplina' }).click();
    await grade.getByLabel('Disciplina', { exact: true }).nth(index).selectOption(subject);
    await grade.getByLabel('Aulas/semana').nth(index).fill(aulas);
    await grade.getByLabel('Parte do currículo').nth(index).selectOption({ label: parte });
  }
  // 15 lessons of 50 min: far below the law — a warning, not a block.
  const hours = grade.getByRole('region', { name: 'Carga horária' });
  await expect(hours.getByRole('status')).toContainText('Abaixo do mínimo legal');
  await expect(hours.getByRole('status')).toContainText('a Lei 14.945/2024 pede ao menos 2.400 h');
  await screenshot(page, { path: `${SHOTS}/ensino-medio-grade-desktop.png`, fullPage: true });
  await grade.getByRole('button', { name: 'Salvar grade' }).click();
  await expect(grade).toHaveCount(0);

  // The student's itinerário, from the class's 'Itinerários'.
  await page.goto(`/dashboard/turmas?q=${encodeURIComponent(turmaNome)}`);
  await page.getByRole('button', { name: 'Itinerários' }).first().click();
  const choices = page.getByRole('dialog', { name: `Itinerários formativos — ${turmaNome}` });
  await choices.getByLabel(`Itinerário de ${aluna}`).selectOption({ label: CN });
  await screenshot(page, { path: `${SHOTS}/ensino-medio-itinerarios-desktop.png` });
  await choices.getByRole('button', { name: 'Salvar 1 escolha' }).click();
  await expect(page.getByText('Itinerários dos alunos salvos.')).toBeVisible();
  await choices.getByRole('button', { name: 'Fechar' }).last().click();

  // Her boletim: the formação geral básica by área, then her itinerário — never the other one.
  await page.goto(`/dashboard/alunos?q=${encodeURIComponent(aluna)}`);
  await page.getByRole('button', { name: `Ver detalhes de ${aluna}` }).click();
  const boletim = page.getByRole('dialog', { name: aluna }).getByRole('region', { name: /Boletim/ });
  await expect(boletim.getByRole('rowheader', { name: /Linguagens e suas Tecnologias/ })).toBeVisible();
  await expect(
    boletim.getByRole('rowheader', { name: new RegExp(`Itinerário formativo: ${CN}`) }),
  ).toBeVisible();
  await expect(boletim).toContainText(lab);
  await expect(boletim).not.toContainText(oficina);
  await expect(boletim).toContainText(`Itinerário formativo: ${CN}.`);
  await screenshot(page, { path: `${SHOTS}/ensino-medio-boletim-desktop.png`, fullPage: true });
  await context.close();

  const mobile = await adminPage(browser, PHONE);
  await mobile.page.goto(`/dashboard/alunos?q=${encodeURIComponent(aluna)}`);
  await mobile.page.getByRole('button', { name: `Ver detalhes de ${aluna}` }).click();
  const card = mobile.page.getByRole('dialog', { name: aluna }).getByRole('region', { name: /Boletim/ });
  const itinerario = card.getByRole('heading', { name: new RegExp(`Itinerário formativo: ${CN}`) });
  await itinerario.scrollIntoViewIfNeeded();
  await expect(itinerario).toBeVisible();
  await screenshot(mobile.page, { path: `${SHOTS}/ensino-medio-boletim-phone.png` });
  await mobile.page.goto(`/dashboard/turmas?grade=${turmaId}`);
  const hoursOnPhone = mobile.page.getByRole('region', { name: 'Carga horária' });
  await hoursOnPhone.scrollIntoViewIfNeeded();
  await expect(hoursOnPhone.getByRole('status')).toContainText('Abaixo do mínimo legal');
  await screenshot(mobile.page, { path: `${SHOTS}/ensino-medio-grade-phone.png` });
  await mobile.context.close();
});
