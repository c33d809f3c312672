import { expect, test, type APIRequestContext } from '@playwright/test';
import { DESKTOP, PHONE, recentDays, SHOTS } from './journey';
import { adminPage, createStudent, dataOf, openSettingsTab, screenshot } from './support';

// Issue 31 §1: the rules per stage. A 7º ano student at 80 % is above the law's 75 %; the secretary
// raises Fundamental II's minimum to 85 % in Configurações → Acadêmico (a looser 70 % is refused in
// place), and the Frequência alerts list the student. The minimum goes back to 75 % at the end, so
// the journeys sharing the server keep the law's.

const run = Date.now().toString().slice(-6);
const FUNDAMENTAL_II = 'Ensino Fundamental II (6º ao 9º ano)';

/** This year's ano letivo (opened here if no journey did) and its last 125 dias letivos up to today. */
async function lastSchoolDays(api: APIRequestContext): Promise<string[]> {
  const days = (await recentDays(api, 250)).letivos.slice(-125);
  expect(days, '125 dias letivos nos últimos 250 dias').toHaveLength(125);
  return days;
}

async function setFundamentalIIMinimum(api: APIRequestContext, minimum: number) {
  const settings = await dataOf<Record<string, unknown> & { version: number }>(
    await api.get('/api/configuracoes/academico'),
  );
  const body: Record<string, unknown> = { ...settings };
  delete body.updated_at;
  const saved = await api.put('/api/configuracoes/academico', {
    data: { ...body, etapas: { fundamental_2: { frequencia_minima: minimum } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a stricter minimum for Fundamental II in Configurações → Acadêmico reaches the class’s attendance', async ({
  browser,
}) => {
  test.slow();
  const { context, page } = await adminPage(browser, DESKTOP);
  const api = page.request;
  const days = await lastSchoolDays(api);
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: `Etapas ${run}`,
        nivel: 'Fundamental II',
        serie: '7º ano',
        turno: 'tarde',
        ano_letivo: days[0]!.slice(0, 4),
      },
    }),
  );
  const nome = `Davi Etapas ${run}`;
  const { aluno } = await createStudent(api, {
    nome,
    turmaId: null,
    nascimento: '2014-04-02',
    guardian: { nome: `Responsável de Davi ${run}` },
  });
  const enrolled = await api.post(`/api/turmas/${turma.id}/alunos`, {
    data: { aluno_id: aluno.id, data_enturmacao: days[0] },
  });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  // 125 daily rolls, 25 absences: 80 %, and past the Conselho Tutelar line — more than 7,5 % of the
  // year's planned school days (ADR 0117; 18 in a year of 250).
  for (const [index, data] of days.entries()) {
    const roll = await api.put(`/api/frequencia/turmas/${turma.id}`, {
      data: { data, faltas: index % 5 === 0 ? [{ aluno_id: aluno.id }] : [] },
    });
    expect(roll.ok(), await roll.text()).toBe(true);
  }

  const belowList = page.getByRole('table', { name: /Alunos com frequência abaixo/ });
  await page.goto('/dashboard/frequencia?aba=alertas');
  await expect(page.getByRole('heading', { name: /Alunos com frequência abaixo de 75/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alunos para notificar ao Conselho Tutelar' })).toContainText(
    nome,
  );
  await expect(belowList.getByRole('row', { name: new RegExp(nome) })).toHaveCount(0);

  try {
    await openSettingsTab(page, 'Acadêmico');
    const section = page.getByRole('form', { name: 'Regras por etapa' });
    const card = section.getByRole('group', { name: FUNDAMENTAL_II });
    await expect(card).toContainText('Notas');
    await expect(section.getByRole('group', { name: 'Educação Infantil — pré-escola' })).toContainText(
      'Parecer descritivo',
    );
    const minimum = card.getByLabel('Frequência mínima (%)');
    await expect(minimum).toHaveValue('75');
    // Looser than the law: refused on the field, in Portuguese, before any request.
    await minimum.fill('70');
    await section.getByRole('button', { name: 'Salvar regras por etapa' }).click();
    await expect(card).toContainText(
      'A frequência mínima do Fundamental II não pode ser menor que 75 % (LDB art. 24, VI).',
    );
    await expect(minimum).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, { path: `${SHOTS}/regras-etapa-recusada-desktop.png`, fullPage: true });
    await minimum.fill('85');
    await section.getByRole('button', { name: 'Salvar regras por etapa' }).click();
    await expect(page.getByText('Configurações acadêmicas salvas com sucesso')).toBeVisible();
    await expect(card.getByLabel('Frequência mínima (%)')).toHaveValue('85');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/regras-etapa-desktop.png`, fullPage: true });

    // The class's attendance follows: Davi, at 80 %, is now below his stage's 85 %.
    await page.goto('/dashboard/frequencia?aba=alertas');
    const row = belowList.getByRole('row', { name: new RegExp(nome) });
    await expect(row).toContainText('80,0 %');
    await expect(row).toContainText('85 %');
    // The heading no longer names one figure: each row has its stage's minimum.
    await expect(
      page.getByRole('heading', { name: 'Alunos com frequência abaixo do mínimo da etapa' }),
    ).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/regras-etapa-alertas-desktop.png`, fullPage: true });

    // On a phone: the cards stack, each field still labelled within its stage.
    const mobile = await adminPage(browser, PHONE);
    await openSettingsTab(mobile.page, 'Acadêmico');
    const phoneCard = mobile.page
      .getByRole('form', { name: 'Regras por etapa' })
      .getByRole('group', { name: FUNDAMENTAL_II });
    await expect(phoneCard.getByLabel('Frequência mínima (%)')).toHaveValue('85');
    await phoneCard.scrollIntoViewIfNeeded();
    await screenshot(mobile.page, { path: `${SHOTS}/regras-etapa-phone.png` });
    await mobile.context.close();
  } finally {
    await setFundamentalIIMinimum(api, 75);
  }
  await context.close();
});
