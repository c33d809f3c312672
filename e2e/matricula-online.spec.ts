import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { DEMO, DESKTOP, PHONE, SHOTS } from './journey';
import {
  apiSignIn,
  dataOf,
  demoServerForSpec,
  linkMailedTo,
  mailTo,
  screenshot,
  uniqueCpf,
  fillPracaDaSe,
} from './support';

/**
 * Matrícula online (issue 34) on the demo school. First §1: a mother on her phone finds 'Agende uma visita / Quero matricular'
 * on the site and registers her interest; the secretaria finds the family in the funnel, schedules the
 * visit, writes down the call, moves it on the board's menu and reads the figures.
 */
const SECRETARIA = DEMO.secretaria;

// The server's data directory is the journey's: the e-mails it sends are read from its outbox.
const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'escola-e2e-matricula-'));
// The demo's simulated bank (as `npm run demo` with PIX_PROVIDER=simulado): the fee is paid by Pix.
const server = demoServerForSpec({ PIX_PROVIDER: 'simulado', JOB_POLL_SECONDS: '1' }, dataDirectory);

test.afterAll(() => {
  rmSync(dataDirectory, { recursive: true, force: true });
});

const lastMail = (to: string, pattern: RegExp) => mailTo(to, pattern, dataDirectory);
const linkIn = (to: string, pattern: RegExp) => linkMailedTo(to, pattern, dataDirectory);

async function context(browser: Browser, viewport: { width: number; height: number }) {
  return browser.newContext({
    baseURL: server.baseURL,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
}

test('a mother registers interest on the site from her phone and the secretaria works the funnel', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const nextYear = String(new Date().getFullYear() + 1);
  const mother = await browser.newContext({
    baseURL: server.baseURL,
    viewport: PHONE,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const site = await mother.newPage();
  await site.goto('/');
  const section = site.locator('#matricula');
  await expect(section.getByRole('heading', { name: 'Agende uma visita / Quero matricular' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshot(site, { path: `${SHOTS}/captacao-site-form-phone.png`, fullPage: false });

  await section.getByLabel('Seu nome', { exact: true }).fill('Roberta Lima Sampaio');
  await section.getByLabel('E-mail', { exact: true }).fill('roberta.sampaio@exemplo.com.br');
  await section.getByLabel('Telefone ou WhatsApp (com DDD)').fill('(11) 97777-1234');
  await section.getByLabel('Como conheceu a escola?').selectOption('indicacao');
  await section.getByLabel('Nome da criança', { exact: true }).fill('Joaquim Lima Sampaio');
  await section.getByLabel('Data de nascimento', { exact: true }).fill('2019-06-20');
  await section.getByLabel('Série desejada').selectOption('2º ano');
  await section.getByLabel('Para o ano letivo de').selectOption(nextYear);
  // Without the consent nothing is sent: the form says why, on the checkbox.
  await section.getByRole('button', { name: 'Quero agendar uma visita' }).click();
  await expect(section.getByText(/Para enviar, autorize o uso dos dados da criança/)).toBeVisible();
  await expect(section.getByRole('checkbox')).toBeFocused();
  await screenshot(site, { path: `${SHOTS}/captacao-site-consent-phone.png`, fullPage: false });
  await section.getByRole('checkbox').check();
  // A person takes more than a few seconds to fill the form; the server treats faster sends as a robot's.
  await site.waitForTimeout(3_000);
  await section.getByRole('button', { name: 'Quero agendar uma visita' }).click();
  await expect(section.getByRole('status')).toContainText('Recebemos o seu interesse');
  await screenshot(site, { path: `${SHOTS}/captacao-site-sent-phone.png`, fullPage: false });
  await mother.close();

  const staff = await browser.newContext({
    baseURL: server.baseURL,
    viewport: DESKTOP,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await staff.newPage();
  await apiSignIn(page.request, SECRETARIA.email, [SECRETARIA.password], SECRETARIA.password);
  await page.goto(`/dashboard/matriculas?ano=${nextYear}`);
  const interessados = page.getByRole('region', { name: /^Interessado/ });
  await expect(interessados.getByRole('button', { name: /Joaquim Lima Sampaio/ })).toBeVisible();
  // Seven columns do not fit: the board scrolls sideways inside the page, which itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  await screenshot(page, { path: `${SHOTS}/captacao-funil-board-desktop.png`, fullPage: true });

  await interessados.getByRole('button', { name: /Joaquim Lima Sampaio/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Joaquim Lima Sampaio' });
  await expect(dialog.getByText('Interesse registrado pelo site')).toBeVisible();
  await dialog.getByRole('button', { name: 'Agendar visita' }).click();
  const visita = page.getByRole('dialog', { name: 'Agendar visita' });
  const day = new Date(Date.now() + 10 * 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [yyyy, mm, dd] = [String(day.getFullYear()), pad(day.getMonth() + 1), pad(day.getDate())];
  await visita.getByLabel('Data e hora da visita').fill(`${yyyy}-${mm}-${dd}T09:30`);
  await visita.getByRole('button', { name: 'Salvar visita' }).click();
  await expect(dialog.getByText(`Visita agendada para ${dd}/${mm}/${yyyy} 09:30.`)).toBeVisible();
  await dialog.getByLabel('Texto do registro').fill('Mãe confirmou a visita por telefone.');
  await dialog.getByRole('button', { name: 'Adicionar à linha do tempo' }).click();
  await expect(dialog.getByText('Ligação: Mãe confirmou a visita por telefone.')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/captacao-familia-desktop.png`, fullPage: false });
  await page.keyboard.press('Escape');

  // On a desktop a card is dragged to another column.
  const arthur = page
    .getByRole('region', { name: /^Interessado/ })
    .getByRole('listitem')
    .filter({ hasText: 'Arthur Gomes Farias' });
  await arthur.dragTo(page.getByRole('region', { name: /^Pré-matrícula/ }));
  await expect(
    page.getByRole('region', { name: /^Pré-matrícula/ }).getByRole('button', { name: /Arthur Gomes Farias/ }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Lista' }).click();
  await expect(page.getByRole('table')).toContainText('Joaquim Lima Sampaio');
  await screenshot(page, { path: `${SHOTS}/captacao-funil-lista-desktop.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Indicadores' }).click();
  await expect(page.getByRole('heading', { name: /Conversão por etapa/ })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/captacao-indicadores-desktop.png`, fullPage: true });

  // On a phone: the board scrolls sideways and each card moves by its 'Mover para…' menu.
  await page.setViewportSize(PHONE);
  await page.getByRole('tab', { name: 'Quadro' }).click();
  const visitas = page.getByRole('region', { name: /^Visita agendada/ });
  await expect(visitas.getByRole('button', { name: /Joaquim Lima Sampaio/ })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/captacao-funil-board-phone.png`, fullPage: false });
  await visitas.getByLabel('Mover Joaquim Lima Sampaio para outra etapa').selectOption('perdido');
  const perda = page.getByRole('dialog', { name: 'Marcar como perdida' });
  await perda.getByLabel('Motivo da perda').fill('Escolheu outra escola');
  await screenshot(page, { path: `${SHOTS}/captacao-perda-phone.png`, fullPage: false });
  await perda.getByRole('button', { name: 'Marcar como perdida' }).click();
  const perdidos = page.getByRole('region', { name: /^Perdido/ });
  await expect(perdidos.getByRole('button', { name: /Joaquim Lima Sampaio/ })).toBeVisible();
  await page.goto(`/dashboard/matriculas?ano=${nextYear}&aba=lista`);
  await page.getByRole('button', { name: 'Joaquim Lima Sampaio' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Joaquim Lima Sampaio' })
      .getByText('Motivo: Escolheu outra escola', { exact: true }),
  ).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/captacao-familia-phone.png`, fullPage: false });
  await staff.close();
});

/**
 * Issue 34's whole path on a phone: a mother finds the school's site and registers interest; the
 * secretaria schedules the visit and sends the pré-matrícula link; the mother fills it with the
 * documents and the plan, then signs the contract with the code the e-mail brings; once the school's
 * representative signs too, the student is enrolled by itself: in Alunos and in next year's class; the
 * mother signs in with the account the enrolment gave her and pays the fee by Pix in the simulated bank.
 */
test('from the site to an enrolled student: pré-matrícula, contract signed with the e-mailed code', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const next = new Date().getFullYear() + 1;
  const email = 'patricia.moura@exemplo.com.br';
  const pdf = { name: 'certidao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

  // The school has opened next year's 1º ano and names who signs for it.
  const staff = await context(browser, DESKTOP);
  const page = await staff.newPage();
  await apiSignIn(page.request, SECRETARIA.email, [SECRETARIA.password], SECRETARIA.password);
  const turma = await dataOf<{ id: string; nome: string }>(
    await page.request.post('/api/turmas', {
      data: {
        nome: `1º ano A ${String(next)}`,
        nivel: 'Fundamental I',
        serie: '1º ano',
        turno: 'manha',
        ano_letivo: String(next),
        capacidade_maxima: 25,
      },
    }),
  );
  await dataOf(
    await page.request.put('/api/matriculas/modelos-contrato/configuracao', {
      data: {
        exigir_segundo_responsavel: false,
        representante_nome: 'Secretaria Demonstração',
        representante_cpf: uniqueCpf(),
        representante_email: SECRETARIA.email,
      },
    }),
  );

  // 1. The mother, on her phone, on the school's site.
  const mother = await context(browser, PHONE);
  const site = await mother.newPage();
  await site.goto('/');
  const section = site.locator('#matricula');
  await section.getByLabel('Seu nome', { exact: true }).fill('Patrícia Moura Alves');
  await section.getByLabel('E-mail', { exact: true }).fill(email);
  await section.getByLabel('Telefone ou WhatsApp (com DDD)').fill('(11) 98888-4321');
  await section.getByLabel('Nome da criança', { exact: true }).fill('Davi Moura Alves');
  await section.getByLabel('Data de nascimento', { exact: true }).fill('2020-03-14');
  await section.getByLabel('Série desejada').selectOption('1º ano');
  await section.getByLabel('Para o ano letivo de').selectOption(String(next));
  await section.getByRole('checkbox').check();
  await site.waitForTimeout(3_000);
  await section.getByRole('button', { name: 'Quero agendar uma visita' }).click();
  await expect(section.getByRole('status')).toContainText('Recebemos o seu interesse');

  // 2. The secretaria schedules the visit and sends the pré-matrícula link.
  await page.goto(`/dashboard/matriculas?ano=${String(next)}&aba=lista`);
  await page.getByRole('button', { name: 'Davi Moura Alves' }).click();
  const familia = page.getByRole('dialog', { name: 'Davi Moura Alves' });
  await familia.getByRole('button', { name: 'Agendar visita' }).click();
  const visita = page.getByRole('dialog', { name: 'Agendar visita' });
  // A visit before today is refused: a few days ahead, whatever day the suite runs.
  const dia = new Date(Date.now() + 4 * 24 * 3600_000);
  const dd = String(dia.getDate()).padStart(2, '0');
  const mm = String(dia.getMonth() + 1).padStart(2, '0');
  await visita.getByLabel('Data e hora da visita').fill(`${String(dia.getFullYear())}-${mm}-${dd}T10:00`);
  await visita.getByRole('button', { name: 'Salvar visita' }).click();
  await expect(familia.getByText(`Visita agendada para ${dd}/${mm}/`)).toBeVisible();
  await familia.getByRole('button', { name: 'Enviar link da pré-matrícula' }).click();
  await expect(familia.getByText('Aguardando a família')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/matricula-familia-desktop.png`, fullPage: false });

  // 3. The mother fills the pré-matrícula from the e-mail, on her phone.
  await site.goto(await linkIn(email, /http:\/\/[^\s"]+\/matricula\/[A-Za-z0-9_-]{43}/));
  await expect(site.getByRole('heading', { name: 'Pré-matrícula de Davi' })).toBeVisible();
  await site.getByRole('button', { name: 'Próximo' }).click();
  await site.getByLabel('CPF').first().fill(uniqueCpf());
  await site.getByLabel('Parentesco').first().selectOption('mae');
  await site.getByRole('button', { name: 'Próximo' }).click();
  await fillPracaDaSe(site);
  await site.getByRole('button', { name: 'Próximo' }).click();
  const uploads = site.locator('input[type=file]');
  await uploads.nth(0).setInputFiles(pdf);
  await expect(site.getByText('certidao.pdf')).toBeVisible();
  await uploads.nth(2).setInputFiles({ ...pdf, name: 'vacinas.pdf' });
  await expect(site.getByText('vacinas.pdf')).toBeVisible();
  await site.getByRole('button', { name: 'Próximo' }).click();
  await expect(site.getByRole('heading', { name: 'Plano de pagamento' })).toBeVisible();
  await site.getByRole('radio').first().check();
  await screenshot(site, { path: `${SHOTS}/matricula-plano-phone.png`, fullPage: true });
  await site.getByRole('button', { name: 'Próximo' }).click();
  await site.getByRole('button', { name: 'Enviar pré-matrícula' }).click();
  await expect(site.getByRole('heading', { name: 'Recebemos sua pré-matrícula!' })).toBeVisible();

  // 4. The secretaria sends the contract.
  await page.reload();
  await familia.getByRole('button', { name: 'Enviar contrato' }).click();
  await expect(familia.getByText('Aguardando assinaturas')).toBeVisible();

  // 5. The mother signs on her phone with the code the e-mail brings.
  await site.goto(await linkIn(email, /http:\/\/[^\s"]+\/assinar\/[A-Za-z0-9_-]{43}/));
  await site.getByRole('checkbox').check();
  await site.getByRole('button', { name: 'Enviar código para meu e-mail' }).click();
  const code = /Código para assinar o contrato: (\d{6})|\b(\d{6})\b/;
  await expect.poll(() => lastMail(email, /assinar o contrato/), { timeout: 30_000 }).toBeDefined();
  const mail = lastMail(email, /assinar o contrato/)!;
  const digits = /\b(\d{6})\b/.exec(mail.slice(mail.search(/assinar o contrato/)))![1]!;
  expect(code.test(mail)).toBe(true);
  await site.getByLabel('Código recebido por e-mail').fill(digits);
  await screenshot(site, { path: `${SHOTS}/matricula-assinar-phone.png`, fullPage: true });
  await site.getByRole('button', { name: 'Assinar contrato' }).click();
  await expect(site.getByText(/assinatura foi registrada|Contrato assinado/i).first()).toBeVisible();
  await screenshot(site, { path: `${SHOTS}/matricula-assinado-phone.png`, fullPage: true });

  // 6. The school's representative signs the same way (the last signature enrols the student).
  const representante = await staff.newPage();
  await representante.goto(await linkIn(SECRETARIA.email, /http:\/\/[^\s"]+\/assinar\/[A-Za-z0-9_-]{43}/));
  await representante.getByRole('checkbox').check();
  await representante.getByRole('button', { name: 'Enviar código para meu e-mail' }).click();
  await expect
    .poll(() => lastMail(SECRETARIA.email, /assinar o contrato/), { timeout: 30_000 })
    .toBeDefined();
  const staffMail = lastMail(SECRETARIA.email, /assinar o contrato/)!;
  await representante
    .getByLabel('Código recebido por e-mail')
    .fill(/\b(\d{6})\b/.exec(staffMail.slice(staffMail.search(/assinar o contrato/)))![1]!);
  await representante.getByRole('button', { name: 'Assinar contrato' }).click();
  await expect(representante.getByText(/assinatura foi registrada|Contrato assinado/i).first()).toBeVisible();

  // 7. The student is in Alunos and in the class.
  await page.goto('/dashboard/alunos?q=Davi%20Moura');
  await expect(page.getByRole('table')).toContainText('Davi Moura Alves');
  await expect(page.getByRole('table')).toContainText(turma.nome);
  await screenshot(page, { path: `${SHOTS}/matricula-aluno-desktop.png`, fullPage: false });
  await page.goto(`/dashboard/matriculas?ano=${String(next)}&aba=lista`);
  await expect(page.getByRole('table').getByRole('row', { name: /Davi Moura Alves/ })).toContainText(
    'Matriculado',
  );
  await staff.close();

  // 8. The mother is told the enrolment is confirmed, and her portal account came by e-mail: she signs in
  //    on her phone and pays the enrolment fee by Pix in the demo's simulated bank.
  await expect
    .poll(() => lastMail(email, /está confirmada: turma/))
    .toContain(`está confirmada: turma ${turma.nome} (1º ano, manhã)`);
  const welcome = lastMail(email, /Senha provis/)!;
  const provisional = /Senha provis[^:]*: (\S+)/.exec(welcome)![1]!;
  await apiSignIn(site.request, email, [provisional], 'Girassol-Amarelo-2027');
  const openFee = async () => {
    await site.goto('/dashboard/financeiro');
    await site
      .getByRole('button', { name: /^Pagar com Pix: / })
      .first()
      .click();
    return site.getByRole('dialog', { name: 'Pagar com Pix' });
  };
  // The charge reaches the bank by the job queue: wait for the dynamic code.
  let pix = await openFee();
  await expect
    .poll(
      async () => {
        if (await pix.getByRole('link', { name: /Pagar no banco simulado/ }).count()) return true;
        pix = await openFee();
        await pix.getByLabel('Pix copia e cola').waitFor();
        return false;
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBe(true);
  await expect(pix).toContainText('R$ 800,00');
  await pix.getByRole('link', { name: /Pagar no banco simulado/ }).click();
  await site.getByRole('button', { name: /^Confirmar pagamento de / }).click();
  await expect(site.getByRole('heading', { name: 'Pix enviado' })).toBeVisible();
  await site.goto('/dashboard/financeiro');
  await expect(site.getByRole('button', { name: /^Recibo/ }).first()).toBeVisible();
  await screenshot(site, { path: `${SHOTS}/matricula-taxa-paga-phone.png`, fullPage: true });
  await mother.close();
});
