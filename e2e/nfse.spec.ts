import { expect, test, type Browser } from '@playwright/test';
import {
  childWithTuition,
  financeClass,
  GUARDIAN_PASSWORD,
  PHONE,
  SHOTS,
  today,
  year,
} from './finance-support';
import { acceptPrivacyOnScreen, apiSignIn, E2E_ADMIN, login, ownServerForSpec, screenshot } from './support';

/**
 * NFS-e (issue 36 §2): on a server of its own with the simulated national API (NFSE_PROVIDER=simulado,
 * which installs a throwaway A1 certificate of the simulator's CA in the school's fiscal settings), the
 * administrator reviews Configurações → Fiscal and saves it, emits the month's notes in Financeiro →
 * Notas fiscais, sees 'Emitida', downloads the DANFSe and the month's XMLs; the mother, on her phone,
 * downloads the DANFSe beside the tuition.
 */
const server = ownServerForSpec({ env: { NFSE_PROVIDER: 'simulado' } }, 180_000);

const run = Date.now().toString().slice(-6);
const competencia = today.slice(0, 7);
const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
  new Date(`${competencia}-15T12:00:00Z`),
);

async function contextOn(browser: Browser, viewport: { width: number; height: number }) {
  return browser.newContext({
    baseURL: server.baseURL,
    storageState: { cookies: [], origins: [] },
    viewport,
  });
}

test('the school emits the month’s NFS-e against the simulator; the family downloads the DANFSe', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const staff = await contextOn(browser, { width: 1280, height: 900 });
  await apiSignIn(staff.request, E2E_ADMIN.email, [E2E_ADMIN.firstPassword], E2E_ADMIN.password);
  const turmaId = await financeClass(staff.request, `NFS-e ${run}`, 1);
  const email = `mae.nfse.${run}@escola.test`;
  const nome = `Caio Nota ${run}`;
  const child = await childWithTuition(staff.request, turmaId, {
    nome,
    guardian: { nome: `Mãe do Caio ${run}`, email },
  });

  // Configurações → Fiscal: the certificate the simulator installed shows its holder, never the file.
  const desk = await staff.newPage();
  await desk.goto('/dashboard/configuracoes?aba=fiscal');
  await expect(desk.getByTestId('certificado-status')).toContainText('Certificado cadastrado');
  await desk.getByLabel('Alíquota do ISS (%)').fill('2,5');
  await desk.getByRole('button', { name: 'Salvar configurações fiscais' }).click();
  await expect
    .poll(async () => {
      const config = (await (await desk.request.get('/api/fiscal/configuracao')).json()) as {
        data: { aliquota_iss_percentual: number };
      };
      return config.data.aliquota_iss_percentual;
    })
    .toBe(2.5);
  await screenshot(desk, { path: `${SHOTS}/nfse-configuracao-desktop.png`, fullPage: true });

  // Financeiro → Notas fiscais: emit the month, watch it become 'Emitida'.
  await desk.goto(`/dashboard/financeiro?aba=notas-fiscais&competencia=${competencia}`);
  await desk.getByRole('button', { name: `Emitir notas de ${month} de ${String(year)}` }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Emitir notas' }).click();
  const row = desk.getByTestId('nfse-linha').filter({ hasText: nome });
  await expect(row.getByTestId('nfse-status')).toHaveText('Emitida', { timeout: 90_000 });
  await screenshot(desk, { path: `${SHOTS}/nfse-notas-desktop.png`, fullPage: true });

  const danfse = desk.waitForEvent('download');
  await row
    .getByRole('button', { name: /^Baixar o DANFSe/ })
    .first()
    .click();
  expect((await danfse).suggestedFilename()).toMatch(/^danfse-.+\.pdf$/);
  const zip = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Baixar XMLs do mês (zip)' }).click();
  expect((await zip).suggestedFilename()).toBe(`nfse-xml-${competencia}.zip`);
  await staff.close();

  // The mother, on her phone: the DANFSe beside her son's tuition.
  const family = await contextOn(browser, PHONE);
  const mother = await family.newPage();
  await login(mother, email, child.senhaGerada ?? '');
  await expect(mother).toHaveURL(/\/trocar-senha$/);
  await mother.getByLabel('Senha atual').fill(child.senhaGerada ?? '');
  await mother.getByLabel('Nova senha', { exact: true }).fill(GUARDIAN_PASSWORD);
  await mother.getByLabel('Confirmar nova senha').fill(GUARDIAN_PASSWORD);
  await mother.getByRole('button', { name: 'Salvar nova senha' }).click();
  await acceptPrivacyOnScreen(mother);
  await mother.goto('/dashboard/financeiro');
  const button = mother.getByRole('button', {
    name: `Nota fiscal (DANFSe): ${nome}, ${month} de ${String(year)}`,
  });
  await expect(button.first()).toBeVisible();
  await screenshot(mother, { path: `${SHOTS}/nfse-familia-phone.png`, fullPage: true });
  const familyDanfse = mother.waitForEvent('download');
  await button.first().click();
  const file = await familyDanfse;
  expect(file.suggestedFilename()).toMatch(/^danfse-.+\.pdf$/);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  await family.close();
});
