import { expect, test } from '@playwright/test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { childWithTuition, financeClass, guardianFirstSignIn, PHONE, SHOTS, today } from './finance-support';
import { provedorDoBancoSimulado, type BankCredentials } from '../src/server/features/pix-simulado/provedor';
import { ADMIN_STATE, adminPage, screenshot } from './support';

/**
 * A Pix charge per mensalidade (issue 33 §1, ADR 0041): with Pix automático pointed at the simulated bank,
 * generating a child's tuition creates its charge at the bank by itself; the mother's 'Pagar com Pix' shows
 * the charge's dynamic code, and the secretaria sees the charge's state — also when the bank refused it.
 */
test.use({ storageState: ADMIN_STATE, viewport: { width: 1280, height: 800 } });

const run = Date.now().toString().slice(-6);
const shots = SHOTS;
const phone = PHONE;

interface Bank extends BankCredentials {
  failNext(kind: 'erro500', times?: number): void;
  charge(txid: string): { status: string } | undefined;
  close(): Promise<void>;
}

test('the family pays with the charge of the month; the secretaria sees its state at the bank', async ({
  browser,
  request,
}) => {
  // The bank is the built one (dist), as the server the journey drives is.
  const module = (await import(
    pathToFileURL(path.resolve('dist/node/server/features/banco-simulado/index.js')).href
  )) as { startSimulatedBank(options: object): Promise<Bank> };
  const bank = await module.startSimulatedBank({ allowHttpWebhook: true, webhookRetryDelaysMs: [] });
  try {
    const saved = await request.put('/api/financeiro/pix/provedor', {
      data: provedorDoBancoSimulado(bank),
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const turmaId = await financeClass(request, `Pix ${run}`, 28);
    const email = `mae.pix.${run}@escola.test`;
    const month = Number(today.slice(5, 7));
    const child = await childWithTuition(request, turmaId, {
      nome: `Theo Pix ${run}`,
      guardian: { nome: `Mãe do Theo ${run}`, email, telefone: '(11) 97777-4321' },
      mes: month,
    });
    const { mensalidadeId } = child;
    const txid = mensalidadeId.replace(/-/g, '');
    // The server's job queue sends it to the bank by itself.
    await expect.poll(() => bank.charge(txid)?.status, { timeout: 20_000 }).toBe('ATIVA');

    // The mother, on her phone: the dynamic code, the bank shows the amount of the day.
    const { context: family, page: mother } = await guardianFirstSignIn(browser, email, child.senhaGerada);
    await mother.goto('/dashboard/financeiro');
    await mother.getByRole('button', { name: new RegExp(`^Pagar com Pix: Theo Pix ${run}, `) }).click();
    const dialog = mother.getByRole('dialog', { name: 'Pagar com Pix' });
    await expect(dialog.getByTestId('pix-dinamico')).toContainText(
      'o valor do dia, com multa e juros, aparece no app do banco',
    );
    const code = await dialog.getByLabel('Pix copia e cola').inputValue();
    expect(code).toContain('br.gov.bcb.pix25');
    expect(code).not.toContain('financeiro@escola.com.br');
    await expect(dialog.getByTestId('pix-cobranca')).toHaveCount(0);
    await screenshot(mother, { path: `${shots}/pix-cobranca-familia-phone.png` });
    await family.close();

    // The secretaria: the charge is active at the bank.
    const { context, page } = await adminPage(browser);
    await page.goto('/dashboard/financeiro');
    await page.getByRole('tab', { name: 'Mensalidades' }).click();
    await page.getByLabel('Buscar aluno').fill(`Theo Pix ${run}`);
    const row = page.getByTestId('mensalidade-row').first();
    await row.getByRole('button', { name: `Pix de Theo Pix ${run}` }).click();
    const staffDialog = page.getByRole('dialog', { name: 'Pagar com Pix' });
    await expect(staffDialog.getByTestId('pix-cobranca')).toContainText('Pix: cobrança ativa');
    await expect(staffDialog.getByTestId('pix-cobranca')).toContainText(txid);
    await expect(staffDialog.getByRole('img', { name: 'QR code Pix da mensalidade' })).toBeVisible();
    await screenshot(page, { path: `${shots}/pix-cobranca-ativa-desktop.png` });

    // A bank that refuses: the state says so with the bank's reason, at once.
    bank.failNext('erro500', 1);
    const other = await childWithTuition(request, turmaId, {
      nome: `Iris Pix ${run}`,
      guardian: { nome: `Pai da Iris ${run}`, parentesco: 'pai' },
      mes: month,
    });
    await context.close();
    const phoneStaff = await adminPage(browser, phone);
    await phoneStaff.page.goto('/dashboard/financeiro');
    await phoneStaff.page.getByRole('tab', { name: 'Mensalidades' }).click();
    await phoneStaff.page.getByLabel('Buscar aluno').fill(`Iris Pix ${run}`);
    const irisRow = phoneStaff.page.getByTestId('mensalidade-row').first();
    await expect(irisRow).toContainText(`Iris Pix ${run}`);
    await expect
      .poll(
        async () => {
          const detail = await request.get(`/api/financeiro/mensalidades/${other.mensalidadeId}`);
          return ((await detail.json()) as { data: { pix: { status: string } | null } }).data.pix?.status;
        },
        { timeout: 20_000 },
      )
      .toBe('erro');
    await irisRow.getByRole('button', { name: `Pix de Iris Pix ${run}` }).click();
    const erro = phoneStaff.page.getByRole('dialog', { name: 'Pagar com Pix' }).getByTestId('pix-cobranca');
    await expect(erro).toContainText('Pix: erro');
    // The family still has the static code meanwhile.
    await expect(
      phoneStaff.page.getByRole('dialog', { name: 'Pagar com Pix' }).getByLabel('Pix copia e cola'),
    ).toHaveValue(/financeiro@escola\.com\.br/);
    await screenshot(phoneStaff.page, { path: `${shots}/pix-cobranca-erro-phone.png` });
    await phoneStaff.context.close();
  } finally {
    // Off again (the secrets are kept when absent): the other journeys run on this server.
    const current = await request.get('/api/financeiro/pix/provedor');
    const { version } = ((await current.json()) as { data: { version: number } }).data;
    await request.put('/api/financeiro/pix/provedor', {
      data: {
        version,
        ativo: false,
        base_url: bank.baseUrl,
        token_url: bank.tokenUrl,
        client_id: bank.clientId,
        chave_pix: bank.chave,
        validade_apos_vencimento: 30,
      },
    });
    await bank.close();
  }
});
