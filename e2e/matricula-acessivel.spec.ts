import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PHONE } from './journey';
import {
  apiSignIn,
  dataOf,
  E2E_ADMIN,
  linkMailedTo,
  mailTo,
  ownServerForSpec,
  uniqueCpf,
  fillPracaDaSe,
} from './support';

/**
 * The family's side of the matrícula online, on a phone, with the keyboard and a screen reader in mind
 * (review 2026-12-07): each step of the pré-matrícula and of the signature passes axe, and after every
 * button that replaces itself (Próximo, Enviar, Enviar código, Assinar) the focus is where the family
 * goes on, never on the page's body.
 */
const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'escola-e2e-matricula-acessivel-'));
const server = ownServerForSpec({ dataDir: dataDirectory });

test.afterAll(() => {
  rmSync(dataDirectory, { recursive: true, force: true });
});

async function noViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations, `${where}: ${JSON.stringify(results.violations, null, 1)}`).toEqual([]);
}

test('a mother fills the pré-matrícula and signs the contract by keyboard on her phone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = 'beatriz.rocha@exemplo.com.br';
  const next = new Date().getFullYear() + 1;
  const staff = await browser.newContext({ baseURL: server.baseURL });
  const api = staff.request;
  await apiSignIn(api, E2E_ADMIN.email, [E2E_ADMIN.firstPassword, E2E_ADMIN.password], E2E_ADMIN.password);
  await dataOf(
    await api.put('/api/matriculas/anuidades', {
      data: {
        ano_letivo: next,
        serie: '1º ano',
        valor_anual_centavos: 1_200_000,
        prazo_matricula: `${String(next)}-01-31`,
        planos: [
          {
            nome: 'Anual em 12 parcelas',
            parcelas: 12,
            valor_parcela_centavos: 100_000,
            taxa_matricula_centavos: 0,
            padrao: true,
          },
        ],
      },
    }),
  );
  await dataOf(
    await api.put('/api/matriculas/modelos-contrato/configuracao', {
      data: {
        exigir_segundo_responsavel: false,
        representante_nome: 'Helena Duarte',
        representante_cpf: uniqueCpf(),
        representante_email: E2E_ADMIN.email,
      },
    }),
  );
  const familia = await dataOf<{ id: string }>(
    await api.post('/api/matriculas/interessados', {
      data: {
        responsavel_nome: 'Beatriz Rocha Lima',
        email,
        telefone: '(11) 97777-4321',
        aluno_nome: 'Tomás Rocha Lima',
        aluno_nascimento: `${String(next - 7)}-05-10`,
        serie: '1º ano',
        ano_letivo: next,
        consentimento: true,
      },
    }),
  );
  await dataOf(await api.post(`/api/matriculas/interessados/${familia.id}/convite`));

  const mother = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, locale: 'pt-BR' });
  const site = await mother.newPage();
  await site.goto(await linkMailedTo(email, /http:\/\/[^\s"]+\/matricula\/[A-Za-z0-9_-]{43}/, dataDirectory));
  await expect(site.getByRole('heading', { name: 'Pré-matrícula de Tomás' })).toBeVisible();
  await noViolations(site, 'Aluno');
  const proximo = async (step: string) => {
    await site.getByRole('button', { name: 'Próximo' }).click();
    await expect(site.getByRole('heading', { name: step, level: 2 })).toBeFocused();
    await noViolations(site, step);
  };
  await proximo('Responsáveis');
  await site.getByLabel('CPF').first().fill(uniqueCpf());
  await site.getByLabel('Parentesco').first().selectOption('mae');
  await proximo('Endereço');
  await fillPracaDaSe(site);
  await proximo('Documentos');
  const pdf = { mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };
  await site.getByLabel('Arquivo: Certidão de nascimento').setInputFiles({ ...pdf, name: 'certidao.pdf' });
  await expect(site.getByText('certidao.pdf')).toBeVisible();
  await site.getByLabel('Arquivo: Carteira de vacinação').setInputFiles({ ...pdf, name: 'vacinas.pdf' });
  await expect(site.getByText('vacinas.pdf')).toBeVisible();
  await noViolations(site, 'Documentos enviados');
  await proximo('Plano de pagamento');
  await site.getByRole('radio').first().check();
  await proximo('Revisão');
  await site.getByRole('button', { name: 'Enviar pré-matrícula' }).click();
  await expect(site.getByRole('heading', { name: 'Recebemos sua pré-matrícula!' })).toBeFocused();
  await noViolations(site, 'Enviada');

  await dataOf(await api.post(`/api/matriculas/interessados/${familia.id}/contrato`));
  await site.goto(await linkMailedTo(email, /http:\/\/[^\s"]+\/assinar\/[A-Za-z0-9_-]{43}/, dataDirectory));
  await expect(site.getByRole('heading', { name: 'Tomás Rocha Lima' })).toBeVisible();
  await noViolations(site, 'Assinar');
  await site.getByRole('checkbox').check();
  await site.getByRole('button', { name: 'Enviar código para meu e-mail' }).click();
  const campo = site.getByLabel('Código recebido por e-mail');
  await expect(campo).toBeFocused();
  await noViolations(site, 'Código');
  const codeMail = /código para assinar o contrato[^\d]+(\d{6})/;
  await expect.poll(() => mailTo(email, codeMail, dataDirectory), { timeout: 30_000 }).toBeDefined();
  const codigo = codeMail.exec(mailTo(email, codeMail, dataDirectory)!)![1]!;
  await campo.fill(codigo);
  await site.getByRole('button', { name: 'Assinar contrato' }).click();
  await expect(site.getByRole('heading', { name: 'Contrato assinado' })).toBeFocused();
  await noViolations(site, 'Assinado');
  await mother.close();
  await staff.close();
});
