import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import type { MatriculaOnlineConfig, MatriculaOnlineView } from '../src/shared/pre-matricula.schemas';
import { type Account, DEMO, DESKTOP, PHONE, SHOTS } from './journey';
import { apiSignIn, dataOf, demoServerForSpec, linkMailedTo, mailTo, screenshot, uniqueCpf } from './support';

/**
 * The fee paid before the enrolment (ADRs 0049, 0101). The school enrols only once the enrolment fee is
 * paid: a family whose contract everyone has signed waits in the funnel. The secretaria sees it waiting
 * but cannot record money; the direção (who holds the Financeiro's `finance.manage` and sees Matrículas)
 * records how the fee was paid, the student is enrolled at once, and the fee is in Financeiro already
 * paid, with its receipt. The family reaches 'contrato assinado' through the API the screens use (the
 * whole path in the browser is e2e/matricula-online.spec.ts).
 */
const SECRETARIA = DEMO.secretaria;
const DIRECAO = DEMO.director;
const FINANCEIRO = DEMO.financeiro;
const next = new Date().getFullYear() + 1;
const familia = {
  mae: 'Renata Nogueira Prado',
  email: 'renata.prado@exemplo.com.br',
  aluno: 'Lívia Nogueira Prado',
  turma: `1º ano B ${String(next)}`,
};
const pdf = { name: 'certidao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'escola-e2e-taxa-antes-'));

const server = demoServerForSpec({ JOB_POLL_SECONDS: '1' }, dataDirectory);

test.afterAll(() => {
  rmSync(dataDirectory, { recursive: true, force: true });
});

/** The school's Matrícula online options as they were before this journey required the payment. */
let optionsBefore: MatriculaOnlineConfig | undefined;

async function staffOn(browser: Browser, who: Account, viewport = DESKTOP) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  await apiSignIn(page.request, who.email, [who.password], who.password);
  return { context, page };
}

async function permissionsOf(api: APIRequestContext): Promise<string[]> {
  const me = await dataOf<{ user: { permissoes?: string[] } }>(await api.get('/api/auth/me'));
  return me.user.permissoes ?? [];
}

/** Reads the six-digit code from the newest signing-code e-mail to `to`. */
async function signingCode(to: string): Promise<string> {
  const pattern = /código para assinar o contrato de matrícula de [^\n]*? é:\s+(\d{6})/;
  await expect.poll(() => mailTo(to, pattern, dataDirectory), { timeout: 30_000 }).toBeDefined();
  return pattern.exec(mailTo(to, pattern, dataDirectory)!)![1]!;
}

/** A signer opens the link the e-mail brought, asks for the code and signs with it (the public routes). */
async function sign(api: APIRequestContext, email: string) {
  const link = await linkMailedTo(email, /http:\/\/[^\s"]+\/assinar\/[A-Za-z0-9_-]{43}/, dataDirectory);
  const token = link.slice(link.lastIndexOf('/') + 1);
  await dataOf(await api.post(`/api/assinaturas/${token}/codigo`));
  await dataOf(
    await api.post(`/api/assinaturas/${token}/assinar`, { data: { codigo: await signingCode(email) } }),
  );
}

/**
 * The family of this journey up to every signature, as the screens do it: the secretaria writes the
 * interest down at the desk and sends the pré-matrícula link; the mother fills it (documents, the
 * standard plan with its R$ 800,00 fee) and sends it; the secretaria sends the contract; the mother and
 * the school's representative sign with the e-mailed codes. Answers the family's id in the funnel.
 */
async function familyWithSignedContract(staff: APIRequestContext, family: APIRequestContext) {
  const interessado = await dataOf<{ id: string }>(
    await staff.post('/api/matriculas/interessados', {
      data: {
        responsavel_nome: familia.mae,
        email: familia.email,
        telefone: '(11) 96666-2468',
        aluno_nome: familia.aluno,
        aluno_nascimento: '2020-08-09',
        serie: '1º ano',
        ano_letivo: next,
        origem: 'indicacao',
        consentimento: true,
      },
    }),
  );
  const convite = await dataOf<{ url: string }>(
    await staff.post(`/api/matriculas/interessados/${interessado.id}/convite`),
  );
  const form = `/api/matricula-online/${convite.url.slice(convite.url.lastIndexOf('/') + 1)}`;
  const view = await dataOf<MatriculaOnlineView>(await family.get(form));
  const plano = view.planos.find((one) => one.nome.startsWith('Padrão'))!;
  expect(plano.taxa_matricula_centavos).toBe(80_000);
  await dataOf(
    await family.put(form, {
      data: {
        aluno: { nome: familia.aluno, data_nascimento: '2020-08-09' },
        endereco: {
          cep: '01310100',
          logradouro: 'Avenida Paulista',
          numero: '1000',
          complemento: '',
          bairro: 'Bela Vista',
          cidade: 'São Paulo',
          uf: 'SP',
        },
        responsaveis: [
          {
            nome: familia.mae,
            cpf: uniqueCpf(),
            email: familia.email,
            telefone: '11966662468',
            parentesco: 'mae',
            financeiro: true,
          },
        ],
        plano_id: plano.id,
      },
    }),
  );
  for (const documento of view.documentos_exigidos.filter((one) => one.obrigatorio))
    await dataOf(
      await family.post(`${form}/documentos?tipo=${documento.id}`, { multipart: { arquivo: pdf } }),
    );
  await dataOf(await family.post(`${form}/enviar`));
  await dataOf(await staff.post(`/api/matriculas/interessados/${interessado.id}/contrato`));
  await sign(family, familia.email);
  await sign(family, SECRETARIA.email);
  return interessado.id;
}

test.describe('the fee paid before the enrolment', () => {
  // Put back after the journey, in this block's hook: it runs before the file's, while the server answers.
  test.afterAll(async ({ playwright }) => {
    const before = optionsBefore;
    if (!before) return;
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    await apiSignIn(api, SECRETARIA.email, [SECRETARIA.password], SECRETARIA.password);
    const now = await dataOf<MatriculaOnlineConfig>(await api.get('/api/matriculas/configuracoes'));
    const restored = await dataOf<MatriculaOnlineConfig>(
      await api.put('/api/matriculas/configuracoes', {
        data: {
          documentos: before.documentos,
          exigir_pagamento: before.exigir_pagamento,
          version: now.version,
        },
      }),
    );
    expect(restored.exigir_pagamento).toBe(before.exigir_pagamento);
    expect(restored.documentos).toEqual(before.documentos);
    await api.dispose();
  });

  test('the secretaria sees the family wait; the direção records the fee; the student is enrolled, the fee paid', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(240_000);

    // The school opens next year's 1º ano, names who signs for it, and enrols only after the fee is paid.
    const secretaria = await staffOn(browser, SECRETARIA);
    const staffApi = secretaria.page.request;
    await dataOf(
      await staffApi.post('/api/turmas', {
        data: {
          nome: familia.turma,
          nivel: 'Fundamental I',
          serie: '1º ano',
          turno: 'tarde',
          ano_letivo: String(next),
          capacidade_maxima: 25,
        },
      }),
    );
    await dataOf(
      await staffApi.put('/api/matriculas/modelos-contrato/configuracao', {
        data: {
          exigir_segundo_responsavel: false,
          representante_nome: 'Secretaria Demonstração',
          representante_cpf: uniqueCpf(),
          representante_email: SECRETARIA.email,
        },
      }),
    );
    optionsBefore = await dataOf<MatriculaOnlineConfig>(await staffApi.get('/api/matriculas/configuracoes'));
    await dataOf(
      await staffApi.put('/api/matriculas/configuracoes', {
        data: {
          documentos: optionsBefore.documentos,
          exigir_pagamento: true,
          version: optionsBefore.version,
        },
      }),
    );
    const family = await playwright.request.newContext({ baseURL: server.baseURL });
    const id = await familyWithSignedContract(staffApi, family);
    await family.dispose();

    // The demo's secretaria does not receive money; the Financeiro does not see Matrículas: the direção has both.
    expect(await permissionsOf(staffApi)).toContain('matriculas.manage');
    expect(await permissionsOf(staffApi)).not.toContain('finance.manage');
    const financeiro = await staffOn(browser, FINANCEIRO);
    expect(await permissionsOf(financeiro.page.request)).toContain('finance.manage');
    expect(await permissionsOf(financeiro.page.request)).not.toContain('matriculas.manage');

    // (a) Everyone signed, but the student is not enrolled: the secretaria sees the family waiting for the
    //     fee, with no way to record it (nor through the API).
    const page = secretaria.page;
    await page.goto(`/dashboard/matriculas?ano=${String(next)}&aba=lista`);
    await expect(page.getByRole('table').getByRole('row', { name: new RegExp(familia.aluno) })).toContainText(
      'Contrato assinado',
    );
    await page.getByRole('button', { name: familia.aluno }).click();
    const card = page.getByRole('dialog', { name: familia.aluno });
    await expect(card.getByText('Aguardando o pagamento da taxa', { exact: true })).toBeVisible();
    // The family's timeline says why the last signature did not enrol the student.
    await expect(
      card.getByText(/^A matrícula ainda não foi concluída: Aguardando o pagamento da taxa/),
    ).toBeVisible();
    // 'Matricular agora' is not offered: the server would refuse it until the fee is paid.
    await expect(card.getByRole('button', { name: 'Matricular agora' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Registrar pagamento da taxa' })).toHaveCount(0);
    await card.getByText('Aguardando o pagamento da taxa', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/matricula-taxa-aguardando-desktop.png`, fullPage: false });
    const refused = await staffApi.post(`/api/matriculas/interessados/${id}/pagamento`, {
      data: { forma: 'dinheiro' },
    });
    expect(refused.status()).toBe(403);
    await page.goto('/dashboard/alunos?q=L%C3%ADvia%20Nogueira');
    await expect(page.getByText('Nenhum aluno encontrado')).toBeVisible();
    await secretaria.context.close();

    // (b) The direção opens the family's card, asks for the form of payment first, then records it.
    const direcao = await staffOn(browser, DIRECAO);
    const admin = direcao.page;
    await admin.goto(`/dashboard/matriculas?ano=${String(next)}&aba=lista`);
    await admin.getByRole('button', { name: familia.aluno }).click();
    const cartao = admin.getByRole('dialog', { name: familia.aluno });
    await cartao.getByRole('button', { name: 'Registrar pagamento da taxa' }).click();
    const taxa = admin.getByRole('dialog', { name: 'Registrar pagamento da taxa' });
    await expect(taxa).toContainText(`Taxa de matrícula de ${familia.aluno}`);
    // Over the family's card, dimmed as the page is under the card: a backdrop for each.
    await expect(admin.getByTestId('modal-backdrop')).toHaveCount(2);
    await screenshot(admin, { path: `${SHOTS}/matricula-taxa-dialog-desktop.png`, fullPage: false });
    await taxa.getByRole('button', { name: 'Registrar pagamento' }).click();
    await expect(taxa.getByLabel('Forma de pagamento')).toHaveAccessibleDescription(
      'Escolha a forma de pagamento',
    );
    await admin.setViewportSize(PHONE);
    await screenshot(admin, { path: `${SHOTS}/matricula-taxa-dialog-phone.png`, fullPage: false });
    await taxa.getByLabel('Forma de pagamento').selectOption('Dinheiro');
    await screenshot(admin, { path: `${SHOTS}/matricula-taxa-forma-phone.png`, fullPage: false });
    await taxa.getByRole('button', { name: 'Registrar pagamento' }).click();
    await expect(admin.getByText('Pagamento registrado e aluno matriculado.')).toBeVisible();
    await expect(taxa).toHaveCount(0);
    await expect(cartao.getByText('Taxa paga', { exact: true })).toBeVisible();
    await expect(cartao.getByText('Matriculado', { exact: true })).toBeVisible();
    // The state's badge is gone (the timeline keeps, as history, why the enrolment had waited).
    await expect(cartao.getByText('Aguardando o pagamento da taxa', { exact: true })).toHaveCount(0);
    await expect(cartao.getByRole('button', { name: 'Registrar pagamento da taxa' })).toHaveCount(0);
    await screenshot(admin, { path: `${SHOTS}/matricula-taxa-paga-familia-phone.png`, fullPage: false });
    await admin.setViewportSize(DESKTOP);

    // The student is in Alunos, in the class opened for next year.
    await admin.goto('/dashboard/alunos?q=L%C3%ADvia%20Nogueira');
    await expect(admin.getByRole('table')).toContainText(familia.aluno);
    await expect(admin.getByRole('table')).toContainText(familia.turma);
    await direcao.context.close();

    // The Financeiro finds the fee already paid, in cash, with its receipt.
    const fin = financeiro.page;
    await fin.goto('/dashboard/financeiro?aba=mensalidades&mes=&q=L%C3%ADvia%20Nogueira');
    const fee = fin.getByTestId('mensalidade-row').filter({ hasText: `taxa de matrícula ${String(next)}` });
    await expect(fee).toHaveCount(1);
    await expect(fee).toContainText('Pago');
    await expect(fee).toContainText('R$ 800,00');
    await fee.scrollIntoViewIfNeeded();
    await screenshot(fin, { path: `${SHOTS}/matricula-taxa-financeiro-desktop.png`, fullPage: false });
    const download = fin.waitForEvent('download');
    await fee.getByRole('button', { name: `Recibo de ${familia.aluno}` }).click();
    expect((await download).suggestedFilename()).toMatch(/^recibo-.*\.pdf$/);
    await fee.getByRole('button', { name: new RegExp(`^Pagamentos: ${familia.aluno}`) }).click();
    await expect(fin.getByRole('dialog', { name: 'Pagamentos' })).toContainText('Dinheiro');
    await financeiro.context.close();
  });
});
