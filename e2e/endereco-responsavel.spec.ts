import http from 'node:http';
import type net from 'node:net';
import { type APIRequestContext, type Browser, expect, request, test } from '@playwright/test';
import {
  apiSignIn,
  createStudent,
  dataOf,
  E2E_ADMIN,
  screenshot,
  startOwnServer,
  uniqueCpf,
  uniqueMatricula,
} from './support';

/**
 * The payer's address in parts (issue 36, ADR 0058): the secretaria types the guardian's CEP, the
 * lookup fills rua, bairro, cidade and UF, she types the número, saves, and after a reload the address
 * is there — on a desktop and on a phone. The CEP service is a stand-in on this machine (ViaCEP's JSON),
 * on a server of the spec's own so the shared server keeps its settings.
 */
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const shots = 'test-results/screenshots';
const FINAL_PASSWORD = 'Jacaranda-Floresce-2026';

const viaCep = http.createServer((request, response) => {
  const found = /^\/(\d{8})\/json\/$/.exec(request.url ?? '');
  response.setHeader('content-type', 'application/json');
  if (found?.[1] === '01310100')
    response.end(
      JSON.stringify({
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
    );
  else response.end(JSON.stringify({ erro: 'true' }));
});

let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await new Promise<void>((resolve) => viaCep.listen(0, '127.0.0.1', resolve));
  const { port } = viaCep.address() as net.AddressInfo;
  server = await startOwnServer({ env: { CEP_SERVICE_URL: `http://127.0.0.1:${String(port)}` } });
  const api = await request.newContext({ baseURL: server.baseURL });
  await apiSignIn(api, E2E_ADMIN.email, [E2E_ADMIN.firstPassword], FINAL_PASSWORD);
  await turnCepLookupOn(api);
  await api.dispose();
});

/** The school turns the CEP lookup on (Configurações → Sistema). */
async function turnCepLookupOn(api: APIRequestContext) {
  const system = await dataOf<Record<string, unknown>>(await api.get('/api/configuracoes/sistema'));
  // The answer's read-only fields are not part of the input.
  delete system.updated_at;
  delete system.sms_disponivel;
  await dataOf(await api.put('/api/configuracoes/sistema', { data: { ...system, consulta_cep: true } }));
}

test.afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => viaCep.close(resolve));
});

async function signedInAdmin(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  await apiSignIn(
    context.request,
    E2E_ADMIN.email,
    [E2E_ADMIN.firstPassword, FINAL_PASSWORD],
    FINAL_PASSWORD,
  );
  return { context, page: await context.newPage() };
}

test("the secretaria types the guardian's CEP, the address fills, and it is kept after a reload", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInAdmin(browser, desktop);
  const aluno = 'Laura Endereço Prado';
  const mae = 'Camila Endereço Prado';
  await createStudent(context.request, { nome: aluno, turmaId: null, guardian: { nome: mae } });

  await page.goto('/dashboard/alunos');
  await page.getByRole('button', { name: `Ver detalhes de ${aluno}` }).click();
  const details = page.getByRole('dialog', { name: aluno });
  await expect(
    details.getByText('Sem endereço: o boleto precisa do endereço completo (Editar).'),
  ).toBeVisible();
  await details.getByRole('button', { name: `Editar ${mae}` }).click();
  const form = details.getByRole('form', { name: `Editar ${mae}` });
  const address = form.getByRole('group', { name: 'Endereço do responsável' });
  await address.getByLabel('CEP').pressSequentially('01310100');
  await expect(address.getByLabel('Rua (logradouro)')).toHaveValue('Avenida Paulista');
  await expect(address.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await expect(address.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(address.getByLabel('UF')).toHaveValue('SP');
  // The lookup said what it found and moved on to the número.
  await expect(address.getByLabel('CEP')).toHaveAccessibleDescription(
    /Endereço encontrado: Avenida Paulista/,
  );
  await expect(address.getByLabel('Número')).toBeFocused();
  await page.keyboard.type('1578');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Apto 52');
  await address.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/endereco-responsavel-desktop.png` });
  await form.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(form).toBeHidden();
  const line = 'Avenida Paulista, 1578 - Apto 52 - Bela Vista - São Paulo/SP - CEP 01310-100';
  await expect(details.getByText(line)).toBeVisible();

  // The open record is in the address: a reload shows it again, read from the server.
  await page.reload();
  await expect(details.getByText(line)).toBeVisible();
  await expect(details.getByText(/o boleto precisa do endereço completo/)).toHaveCount(0);
  await details.getByRole('button', { name: `Editar ${mae}` }).click();
  await expect(address.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(address.getByLabel('Número')).toHaveValue('1578');
  await expect(address.getByLabel('Complemento (opcional)')).toHaveValue('Apto 52');
  await expect(address.getByLabel('UF')).toHaveValue('SP');
  await context.close();

  // On a phone: the same fields, one under the other, and a CEP the service does not know says so.
  const mobile = await signedInAdmin(browser, phone);
  await mobile.page.goto('/dashboard/alunos');
  await mobile.page.getByRole('button', { name: `Ver detalhes de ${aluno}` }).click();
  const sheet = mobile.page.getByRole('dialog', { name: aluno });
  await sheet.getByRole('button', { name: `Editar ${mae}` }).click();
  const group = sheet.getByRole('group', { name: 'Endereço do responsável' });
  await group.getByLabel('CEP').fill('');
  await group.getByLabel('CEP').pressSequentially('99999999');
  await expect(group.getByLabel('CEP')).toHaveAccessibleDescription(/CEP não encontrado/);
  await expect(group.getByLabel('Rua (logradouro)')).toHaveValue('Avenida Paulista');
  await group.scrollIntoViewIfNeeded();
  await screenshot(mobile.page, { path: `${shots}/endereco-responsavel-phone.png` });
  await mobile.context.close();
});

test('a mother corrects her own address on her phone: the CEP fills it, she types s/n', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInAdmin(browser, desktop);
  const email = `paula.endereco.${String(Date.now())}@familia.test`;
  const created = await createStudent(admin.context.request, {
    nome: 'Pedro Endereço Prado',
    turmaId: null,
    guardian: { nome: 'Paula Endereço Prado', email },
  });
  await admin.context.close();
  expect(created.senhaGerada).toBeDefined();

  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: phone,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  await apiSignIn(context.request, email, [created.senhaGerada!], 'Paineira-Rosa-Floresce-4');
  const page = await context.newPage();
  await page.goto('/dashboard/meus-dados');
  const contact = page.getByRole('region', { name: 'Meus dados de contato' });
  await contact.getByRole('button', { name: 'Editar contato' }).click();
  const group = contact.getByRole('group', { name: 'Endereço' });
  await group.getByLabel('CEP').pressSequentially('01310100');
  await expect(group.getByLabel('Rua (logradouro)')).toHaveValue('Avenida Paulista');
  await expect(group.getByLabel('Número')).toBeFocused();
  await page.keyboard.type('s/n');
  await group.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/endereco-familia-phone.png` });
  await contact.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(
    contact.getByText('Avenida Paulista, S/N - Bela Vista - São Paulo/SP - CEP 01310-100'),
  ).toBeVisible();
  await context.close();
});

test("a new student's guardian gets the address in parts from the student form, on a phone", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInAdmin(browser, phone);
  // Its own name each run: a retried journey would meet the first attempt's Rafael (same birth date).
  const aluno = `Rafael Endereço Prado ${uniqueMatricula('R').slice(2)}`;
  await page.goto('/dashboard/alunos');
  await page.getByRole('button', { name: 'Novo Aluno' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Aluno' });
  await dialog.getByLabel('Nome completo').fill(aluno);
  await dialog.getByLabel('Data de nascimento').fill('2017-03-14');
  await dialog.getByLabel('Nome do responsável').fill('Renata Endereço Prado');
  await dialog.getByLabel('Parentesco').selectOption('mae');
  await dialog.getByLabel('Telefone do responsável').fill('(11) 91234-5678');
  await dialog.getByLabel('CPF do responsável').fill(uniqueCpf());
  const group = dialog.getByRole('group', { name: 'Endereço do responsável' });
  await group.getByLabel('CEP').pressSequentially('01310100');
  await expect(group.getByLabel('Cidade')).toHaveValue('São Paulo');
  // Without the número the form says so under the field, before asking the server.
  await dialog.getByRole('button', { name: 'Cadastrar Aluno' }).click();
  await expect(group.getByLabel('Número')).toHaveAccessibleDescription(/Informe o número ou s\/n/);
  await group.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/endereco-novo-aluno-phone.png` });
  await group.getByLabel('Número').fill('900');
  await dialog.getByRole('button', { name: 'Cadastrar Aluno' }).click();
  // Without an e-mail there is no account to announce: the form closes.
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Ver detalhes de ${aluno}` }).click();
  await expect(
    page
      .getByRole('dialog', { name: aluno })
      .getByText('Avenida Paulista, 900 - Bela Vista - São Paulo/SP - CEP 01310-100'),
  ).toBeVisible();
  await context.close();
});
