import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf-text';
import { completeCpf } from '../src/shared/validators';
import { adminPage, apiSignIn, dataOf, screenshot } from './support';

// Issue 15 in the browser: the secretaria issues a declaração de matrícula from the student's record,
// anyone signed out checks it at /validar/… ('válido'), the admin revokes it ('revogado'); a year from
// a previous school typed in once enters the histórico; a guardian downloads their child's declaração
// de frequência from the portal on a phone. Everything is this journey's own (names with `run`).

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

async function textOf(download: Download): Promise<string> {
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return pdfText(readFileSync(await download.path())).replace(/\s+/g, ' ');
}

test('documents: issue, verify signed out, revoke; previous school in the histórico; guardian self-service', async ({
  browser,
}) => {
  const { context: adminContext, page: admin } = await adminPage(browser, desktop);
  const api = admin.request;
  const year = new Date().getFullYear();
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: `Docs ${run}`,
        nivel: 'Fundamental I',
        serie: '5º ano',
        turno: 'manha',
        ano_letivo: String(year),
      },
    }),
  );
  const nome = `Helena Documentos ${run}`;
  const guardianEmail = `mae.docs.${run}@escola.test`;
  const created = await dataOf<{ aluno: { id: string }; senhaGerada?: string }>(
    await api.post('/api/alunos', {
      data: {
        nome,
        data_nascimento: '2015-08-21',
        // Arranged data, not the desk's double entry: saved beside any namesake (a retried journey).
        confirmar_homonimo: true,
        matricula: `DC${run}`,
        turma_id: turma.id,
        responsavel: {
          nome: `Mãe de ${nome}`,
          email: guardianEmail,
          telefone: '(11) 91234-5678',
          cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '3')),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    }),
  );

  // The secretaria opens the student's record and issues a declaração de matrícula: the PDF arrives.
  await admin.goto(`/dashboard/alunos?q=${encodeURIComponent(nome)}`);
  await admin.getByRole('button', { name: `Ver detalhes de ${nome}` }).click();
  const record = admin.getByRole('dialog', { name: nome });
  const documents = record.getByRole('region', { name: 'Documentos' });
  const issued = admin.waitForEvent('download');
  await documents.getByRole('button', { name: 'Declaração de matrícula' }).click();
  const declaracao = await textOf(await issued);
  expect(declaracao).toContain('DECLARAÇÃO DE MATRÍCULA');
  expect(declaracao).toContain(`${nome}, com data de nascimento em 21/08/2015, matrícula nº DC${run}`);
  expect(declaracao).toContain(`turma Docs ${run}`);
  const codigo = /Código de verificação: ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/.exec(declaracao)?.[1] ?? '';
  expect(codigo).not.toBe('');
  const row = documents.getByRole('row', { name: new RegExp(codigo) });
  await expect(row).toContainText('Válido');
  await row.scrollIntoViewIfNeeded();
  await screenshot(admin, { path: `${shots}/documentos-aluno-desktop.png` });

  // Anyone holding the paper checks it, signed out.
  const visitorContext = await browser.newContext({ viewport: phone });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/validar/${codigo}`);
  await expect(visitor.getByRole('status')).toContainText('Documento válido');
  await expect(visitor.getByText('Declaração de matrícula')).toBeVisible();
  await expect(visitor.getByText('H. D.')).toBeVisible();
  await expect(visitor.locator('body')).not.toContainText('Helena');
  await screenshot(visitor, { path: `${shots}/validar-valido-phone.png`, fullPage: true });
  await visitor.setViewportSize(desktop);
  await screenshot(visitor, { path: `${shots}/validar-valido-desktop.png`, fullPage: true });

  // The admin revokes it with a reason; the public page now says so.
  await row.getByRole('button', { name: `Revogar ${codigo}` }).click();
  const revoke = admin.getByRole('dialog', { name: 'Revogar documento' });
  await revoke.getByRole('button', { name: 'Revogar documento' }).click();
  await expect(revoke.getByText('Descreva o motivo (pelo menos 5 caracteres)')).toBeVisible();
  await revoke.getByLabel('Motivo da revogação').fill('Emitida para o ano errado');
  await screenshot(admin, { path: `${shots}/documentos-revogar-desktop.png` });
  await revoke.getByRole('button', { name: 'Revogar documento' }).click();
  await expect(revoke).toHaveCount(0);
  await expect(row).toContainText('Revogado em');
  await visitor.reload();
  await expect(visitor.getByRole('status')).toContainText('Documento revogado');
  await screenshot(visitor, { path: `${shots}/validar-revogado-desktop.png`, fullPage: true });
  await visitor.goto('/validar/ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
  await expect(visitor.getByRole('status')).toContainText('Documento não encontrado');
  await visitor.setViewportSize(phone);
  await screenshot(visitor, { path: `${shots}/validar-nao-encontrado-phone.png`, fullPage: true });
  await visitorContext.close();

  // A year at the previous school, typed in once, enters the histórico escolar.
  const prior = record.getByRole('region', { name: /Anos em outras escolas/ });
  await prior.getByRole('button', { name: 'Registrar ano anterior' }).click();
  const form = admin.getByRole('dialog', { name: 'Registrar ano em outra escola' });
  await form.getByRole('spinbutton', { name: 'Ano' }).fill(String(year - 1));
  await form.getByLabel('Série / ano').fill('4º ano');
  await form.getByLabel('Escola').fill(`EMEF Cecília Meireles ${run}`);
  await form.getByLabel('Cidade').fill('Santos');
  await form.getByLabel('Frequência (%)').fill('97,5');
  const subject = form.getByRole('textbox', { name: 'Disciplina', exact: true });
  const grade = form.getByRole('textbox', { name: 'Nota', exact: true });
  await subject.first().fill('Língua Portuguesa');
  await grade.first().fill('9,0');
  await form.getByRole('textbox', { name: 'C.H. (h)' }).fill('200');
  await form.getByRole('button', { name: 'Adicionar disciplina' }).click();
  await subject.nth(1).fill('Matemática');
  await grade.nth(1).fill('8,0');
  await screenshot(admin, { path: `${shots}/documentos-ano-anterior-desktop.png` });
  await admin.setViewportSize(phone);
  await screenshot(admin, { path: `${shots}/documentos-ano-anterior-phone.png` });
  await admin.setViewportSize(desktop);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toHaveCount(0);
  await expect(prior).toContainText(`${String(year - 1)} — 4º ano · Aprovado`);
  const historicoDownload = admin.waitForEvent('download');
  await documents.getByRole('button', { name: 'Histórico escolar' }).click();
  const historico = await textOf(await historicoDownload);
  expect(historico).toContain(`${String(year - 1)} — 4º ano — EMEF Cecília Meireles ${run} (Santos/SP)`);
  expect(historico).toContain('Língua Portuguesa 9,0 200 Aprovado');
  expect(historico).toContain('Frequência: 97,5%');

  // A transfer declaration asks first.
  await documents.getByRole('button', { name: 'Declaração de transferência' }).click();
  const confirm = admin.getByRole('dialog', { name: /Emitir declaração de transferência/ });
  await expect(confirm).toContainText('transferência foi concedida nesta data (hoje)');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);

  // The guardian, on a phone, downloads the child's declaração de frequência at once.
  const guardianContext = await browser.newContext({ viewport: phone });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, guardianEmail, [created.senhaGerada ?? ''], 'Pitanga-Vermelha-73');
  // The family's Documentos (issue 32 §1): one child, their declarations at once.
  await guardian.goto('/dashboard/familia/documentos');
  const child = guardian.getByRole('main');
  const own = guardian.getByRole('main');
  await expect(own.getByRole('region', { name: `Documentos de ${nome.split(' ')[0]!}` })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Histórico escolar', exact: true })).toHaveCount(0);
  await expect(child.getByRole('region', { name: /Anos em outras escolas/ })).toHaveCount(0);
  const frequencia = guardian.waitForEvent('download');
  await own.getByRole('button', { name: 'Declaração de frequência' }).click();
  const text = await textOf(await frequencia);
  expect(text).toContain('DECLARAÇÃO DE FREQUÊNCIA');
  expect(text).toContain(`${nome}, com data de nascimento em 21/08/2015`);
  expect(text).toMatch(/Código de verificação: [0-9A-Z]{4}-/);
  await expect(own.getByRole('button', { name: /Baixar PDF: Declaração de frequência/ })).toBeVisible();
  await own.scrollIntoViewIfNeeded();
  await screenshot(guardian, { path: `${shots}/documentos-responsavel-phone.png` });
  await guardianContext.close();

  await admin.setViewportSize(phone);
  await documents.scrollIntoViewIfNeeded();
  await screenshot(admin, { path: `${shots}/documentos-aluno-phone.png` });
  await adminContext.close();
});
