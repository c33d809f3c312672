import { expect, test, type Page } from '@playwright/test';
import { adminPage, screenshot } from './support';

// Erasure, retention settings and the processing register (issue 17, parts 6 and 7). Names carry a
// per-run suffix: the journeys share one server and database.
const run = Date.now().toString().slice(-7);
const shots = 'test-results/screenshots';

function validCpf(seed: string): string {
  const digits = seed.slice(-9).padStart(9, '3').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** Saves a screenshot when E2E_SCREENSHOTS is set (support.ts); otherwise nothing. */
async function snap(page: Page, name: string, fullPage = false) {
  await screenshot(page, { path: `${shots}/${name}.png`, fullPage });
}

const desktop = { width: 1280, height: 800 };

test('the admin anonymises a former student, seeing first what the law keeps', async ({ browser }) => {
  const { context, page } = await adminPage(browser, desktop);
  const nome = `Ex-Aluna Anonimizável ${run}`;
  const created = await page.request.post('/api/alunos', {
    data: {
      nome,
      data_nascimento: '2012-03-04',
      // Arranged data, not the desk's double entry: saved beside any namesake (a retried journey).
      confirmar_homonimo: true,
      matricula: `ANON-${run}`,
      turma_id: null,
      telefone: '11955550000',
      endereco: `Rua do Segredo, ${run}`,
      responsavel: {
        nome: `Responsável Anonimizável ${run}`,
        parentesco: 'pai',
        telefone: '11966660000',
        cpf: validCpf(run),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const student = ((await created.json()) as { data: { aluno: { id: string; version: number } } }).data.aluno;

  // Active: the section explains that erasure waits for the student to leave.
  await page.goto(`/dashboard/alunos?q=${encodeURIComponent(nome)}`);
  await page
    .getByRole('button', { name: `Ver detalhes de ${nome}` })
    .first()
    .click();
  const details = page.getByRole('dialog', { name: nome });
  await expect(details.getByText('A anonimização fica disponível depois da saída do aluno')).toBeVisible();
  await details.getByRole('button', { name: 'Fechar' }).last().click();

  const left = await page.request.patch(`/api/alunos/${student.id}/status`, {
    data: { status: 'transferido', version: student.version },
  });
  expect(left.status(), await left.text()).toBe(200);
  await page.reload();
  await page
    .getByRole('button', { name: `Ver detalhes de ${nome}` })
    .first()
    .click();
  await details.getByRole('button', { name: 'Anonimizar dados pessoais' }).click();
  const confirm = page.getByRole('dialog', { name: `Anonimizar os dados de ${nome}?` });
  await expect(confirm.getByRole('heading', { name: 'Será mantido, como a lei exige' })).toBeVisible();
  await expect(confirm.getByText(/histórico escolar/)).toBeVisible();
  await expect(confirm.getByText(/5 anos/)).toBeVisible();
  await snap(page, 'anonimizar-desktop');
  await confirm.getByRole('button', { name: 'Anonimizar', exact: true }).click();
  await expect(page.getByText('Dados pessoais anonimizados.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Aluno anonimizado \(matrícula ANON-/ })).toBeVisible();
  await expect(page.getByText('Os dados pessoais deste aluno foram anonimizados.')).toBeVisible();
  const search = await page.request.get(`/api/alunos?q=${encodeURIComponent(nome)}`);
  expect(JSON.stringify(await search.json())).not.toContain(nome);
  await context.close();
});

test('retention periods in Configurações feed the printable processing register', async ({ browser }) => {
  const { context, page } = await adminPage(browser, desktop);
  await page.goto('/dashboard/configuracoes?aba=privacidade');
  const form = page.getByRole('form', { name: 'Prazos de retenção' });
  await form.getByLabel('Detalhes da auditoria (dias)').fill('90');
  await form.getByRole('button', { name: 'Salvar prazos' }).click();
  await expect(form.getByText(/No mínimo 180 dias/)).toBeVisible();
  await form.getByLabel('Detalhes da auditoria (dias)').fill('400');
  await form.getByLabel('Responsáveis sem filho na escola (anos)').fill('6');
  await form.getByRole('button', { name: 'Salvar prazos' }).click();
  await expect(page.getByText('Prazos de retenção salvos.')).toBeVisible();
  await snap(page, 'retencao-desktop', true);

  await page.goto('/dashboard/lgpd');
  await page.getByRole('tab', { name: 'Registro das operações' }).click();
  const register = page.getByRole('article', { name: /Registro das operações de tratamento/ });
  await expect(register.getByText('Identificação e contato dos responsáveis')).toBeVisible();
  await expect(register.getByText(/anonimizado automaticamente 6 anos depois/)).toBeVisible();
  const auditTrail = register
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Trilha de auditoria/ }) });
  await expect(auditTrail.getByText(/apagados após 400 dias/)).toBeVisible();
  await expect(register.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await snap(page, 'registro-desktop');
  await context.close();
});

test('the new screens work on a phone', async ({ browser }) => {
  const { context, page } = await adminPage(browser, { width: 390, height: 844 });
  await page.goto('/dashboard/lgpd');
  await page.getByRole('tab', { name: 'Registro das operações' }).click();
  await expect(page.getByText('Identificação e contato dos alunos')).toBeVisible();
  await snap(page, 'registro-phone');
  await page.goto('/dashboard/configuracoes?aba=privacidade');
  await expect(page.getByRole('form', { name: 'Prazos de retenção' })).toBeVisible();
  await snap(page, 'retencao-phone', true);
  const created = await page.request.post('/api/alunos', {
    data: {
      nome: `Ex-Aluno Telefone ${run}`,
      data_nascimento: '2011-03-04',
      // Arranged data, not the desk's double entry: saved beside any namesake (a retried journey).
      confirmar_homonimo: true,
      matricula: `ANONP-${run}`,
      turma_id: null,
      responsavel: {
        nome: `Resp Telefone ${run}`,
        parentesco: 'mae',
        telefone: '11966661111',
        cpf: validCpf(`9${run}`),
      },
    },
  });
  const student = ((await created.json()) as { data: { aluno: { id: string; version: number } } }).data.aluno;
  await page.request.patch(`/api/alunos/${student.id}/status`, {
    data: { status: 'formado', version: student.version },
  });
  await page.goto(`/dashboard/alunos?q=${encodeURIComponent(`Ex-Aluno Telefone ${run}`)}`);
  await page
    .getByRole('button', { name: `Ver detalhes de Ex-Aluno Telefone ${run}` })
    .first()
    .click();
  await page.getByRole('button', { name: 'Anonimizar dados pessoais' }).click();
  await expect(page.getByRole('heading', { name: 'Será mantido, como a lei exige' })).toBeVisible();
  await snap(page, 'anonimizar-phone');
  await context.close();
});
