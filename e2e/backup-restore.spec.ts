import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { testTiming } from '../test-timing.config';
import { DESKTOP, signedInOn } from './journey';
import { E2E_ADMIN, openSettingsTab, ownServerForSpec, screenshot } from './support';

/**
 * Backup and restore rewind the whole database, so this journey runs on a server and data directory of
 * its own: it cannot undo what the other journeys created on the shared server.
 */
// The key is the journey's, so that it can read the (encrypted) backups as an administrator with the key.
const BACKUP_KEY = randomBytes(32).toString('hex');
/**
 * The backups' key, derived from the installation's (ADR 0109): what the screen shows and what the
 * backups are encrypted under (backup-crypto.ts backupCipherKeyOf).
 */
const SHOWN_KEY = Buffer.from(
  hkdfSync(
    'sha256',
    Buffer.from(BACKUP_KEY, 'hex'),
    'sistema-escolar/backup/chave-exibida',
    'chave-de-backup',
    32,
  ),
);
// Starting a server is the hook's whole work: it gets the server start's margin, not a journey's.
const server = ownServerForSpec({ env: { BACKUP_KEY } }, testTiming.serverStartMs + 30_000);
// The school's first administrator: a first password until a journey changes it.
const admin = { email: E2E_ADMIN.email, password: E2E_ADMIN.password, earlier: [E2E_ADMIN.firstPassword] };

test('create a backup, add a user, restore it and the user is gone', async ({ browser }) => {
  const { page } = await signedInOn(browser, server.baseURL, admin);
  await openSettingsTab(page, 'Backup & Dados');

  await page.getByRole('button', { name: 'Criar Backup' }).click();
  await page.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^backup-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText('Backup criado com sucesso')).toBeVisible();
  const backupPath = await download.path();
  // Encrypted (ADR 0104): nothing of the school is readable in the file.
  const downloaded = readFileSync(backupPath, 'utf8');
  expect(JSON.parse(downloaded)).toMatchObject({ versao_formato: 3, cifra: 'aes-256-gcm' });
  expect(downloaded).not.toContain(E2E_ADMIN.email);
  expect(JSON.parse(decrypted(downloaded)).checksum).toMatch(/^sha256:/);

  const email = `professora.temporaria.${Date.now()}@escola.test`;
  const created = await page.request.post('/api/users', {
    data: { nome: 'Professora Temporária', email, tipo: 'professor', senha: 'Provisoria-Segura-55' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard/usuarios');
  await expect(page.getByText(email).filter({ visible: true })).toBeVisible();

  await openSettingsTab(page, 'Backup & Dados');
  await page.getByTestId('restore-file').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: readFileSync(backupPath),
  });
  await page.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Analisar backup' }).click();
  const plan = page.getByRole('dialog', { name: 'Confirmar restauração' });
  await expect(plan.getByRole('table', { name: 'Registros por tabela' })).toContainText('users');
  await plan.getByRole('button', { name: 'Restaurar agora' }).click();
  await expect(page.getByText('Backup restaurado com sucesso')).toBeVisible();

  await page.goto('/dashboard/usuarios');
  await expect(page.getByText(E2E_ADMIN.email).filter({ visible: true })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  // The safety backup taken before the restore is listed.
  await openSettingsTab(page, 'Backup & Dados');
  await expect(page.getByText('Antes de restaurar').first()).toBeVisible();
});

/** The content of an encrypted backup (format 3, backup-crypto.ts), read with the server's key. */
function decrypted(text: string): string {
  const file = JSON.parse(text) as Record<string, string> & { segmentos: string[] };
  const aad = Buffer.from(
    JSON.stringify(
      ['formato', 'versao_formato', 'versao_app', 'criado_em', 'cifra', 'chave_id', 'sal'].map(
        (k) => file[k],
      ),
    ),
  );
  const salt = Buffer.from(file.sal!, 'base64');
  const key = Buffer.from(hkdfSync('sha256', SHOWN_KEY, salt, 'sistema-escolar/backup/aes-256-gcm', 32));
  const parts = file.segmentos.map((segment, index) => {
    const sealed = Buffer.from(segment, 'base64');
    const nonce = Buffer.alloc(12);
    nonce.writeBigUInt64BE(BigInt(index), 3);
    nonce[11] = index === file.segmentos.length - 1 ? 1 : 0;
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: 16 });
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  });
  return Buffer.concat(parts).toString('utf8');
}

/** What an attacker does with a backup: plants an administrator and back-dated history, recomputes the checksum. */
function tamper(file: Record<string, unknown>): Buffer {
  const forged = structuredClone(file) as {
    formato: string;
    versao_formato: number;
    versao_app: string;
    criado_em: string;
    tabelas: Record<string, number>;
    dados: Record<string, { registros: Record<string, unknown>[] }>;
    checksum?: string;
    assinatura?: string;
    chave_id?: string;
  };
  const users = forged.dados.users!.registros;
  users.push({
    ...users[0]!,
    id: randomUUID(),
    nome: 'Suporte Técnico Externo',
    email: 'suporte@invasor.test',
    nivel: 'administrador',
  });
  forged.tabelas.users = users.length;
  const audit = forged.dados.audit_log!.registros;
  audit.push({
    ...audit[0]!,
    id: 987_654,
    at: '2020-02-03T12:00:00+00:00',
    actor_nome: 'Diretora',
    action: 'criar_usuario',
    entity: 'usuario',
    details: { email: 'suporte@invasor.test' },
  });
  forged.tabelas.audit_log = audit.length;
  delete forged.assinatura;
  delete forged.chave_id;
  const canonical = JSON.stringify([
    forged.formato,
    forged.versao_formato,
    forged.versao_app,
    forged.criado_em,
    forged.tabelas,
    forged.dados,
  ]);
  forged.checksum = `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
  return Buffer.from(JSON.stringify(forged));
}

test('a backup this installation did not sign: the dry run warns, lists the administrators and asks for confirmation', async ({
  browser,
}) => {
  const { context, page } = await signedInOn(browser, server.baseURL, admin, { viewport: DESKTOP });
  const backup = await page.request.post('/api/configuracoes/backup', {
    data: { senha: E2E_ADMIN.password },
  });
  expect(backup.status()).toBe(200);
  const forged = tamper(JSON.parse(decrypted(await backup.text())) as Record<string, unknown>);

  await openSettingsTab(page, 'Backup & Dados');
  await page.getByTestId('restore-file').setInputFiles({
    name: 'backup-recebido.json',
    mimeType: 'application/json',
    buffer: forged,
  });
  await page.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Analisar backup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar restauração' });
  await expect(dialog.getByRole('alert')).toContainText('não foi assinado por esta instalação');
  const admins = dialog.getByRole('region', { name: /Administradores depois da restauração/ });
  await expect(admins).toContainText('suporte@invasor.test');
  await expect(admins.getByRole('listitem').filter({ hasText: 'suporte@invasor.test' })).toContainText(
    'Não é administrador hoje',
  );
  await expect(admins).toContainText(E2E_ADMIN.email);
  await expect(dialog).toContainText('1 entrada da trilha de auditoria');
  const apply = dialog.getByRole('button', { name: 'Restaurar agora' });
  await expect(apply).toBeDisabled();
  await screenshot(page, { path: 'test-results/screenshots/restaurar-origem-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: 'test-results/screenshots/restaurar-origem-phone.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog
    .getByLabel('Conheço a origem deste arquivo e confirmo os administradores listados acima.')
    .check();
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByText('Backup restaurado com sucesso')).toBeVisible();

  // The planted history is there only as imported history.
  await page.goto('/dashboard/auditoria');
  await page.getByLabel('De', { exact: true }).fill('2020-02-03');
  await page.getByLabel('Até', { exact: true }).fill('2020-02-03');
  const row = page.getByRole('row').filter({ hasText: 'Diretora' });
  await expect(row).toContainText('Criou o usuário');
  await expect(row).toContainText('Importada (origem não confirmada)');
  await screenshot(page, { path: 'test-results/screenshots/auditoria-importada-desktop.png' });
  await context.close();
});

/** The public id of a backup key (backup-format.ts keyIdOf). */
function keyIdOf(key: Buffer): string {
  return createHash('sha256')
    .update('sistema-escolar/chave-de-backup\n')
    .update(key)
    .digest('hex')
    .slice(0, 16);
}

/**
 * The same content as another server would have written it: signed (ADR 0008) and encrypted (ADR 0104,
 * one segment) under that server's key.
 */
function fromAnotherServer(content: string, key: Buffer): Buffer {
  const file = JSON.parse(content) as Record<string, unknown>;
  const chaveId = keyIdOf(key);
  const canonical = JSON.stringify(
    ['formato', 'versao_formato', 'versao_app', 'criado_em', 'tabelas', 'dados'].map((k) => file[k]),
  );
  const mac = createHmac('sha256', key).update(`${chaveId}\n`).update(canonical).digest('hex');
  const signed = JSON.stringify({ ...file, chave_id: chaveId, assinatura: `hmac-sha256:${mac}` });
  const header = {
    formato: 'sistema-escolar-backup',
    versao_formato: 3,
    versao_app: file.versao_app,
    criado_em: file.criado_em,
    cifra: 'aes-256-gcm',
    chave_id: chaveId,
    sal: randomBytes(32).toString('base64'),
  };
  const aad = Buffer.from(JSON.stringify(Object.values(header)));
  const fileKey = Buffer.from(
    hkdfSync('sha256', key, Buffer.from(header.sal, 'base64'), 'sistema-escolar/backup/aes-256-gcm', 32),
  );
  const nonce = Buffer.alloc(12);
  nonce[11] = 1;
  const cipher = createCipheriv('aes-256-gcm', fileKey, nonce, { authTagLength: 16 });
  cipher.setAAD(aad);
  const sealed = Buffer.concat([cipher.update(signed, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return Buffer.from(JSON.stringify({ ...header, segmentos: [sealed.toString('base64')] }));
}

test("the backup key: shown on the screen, and another server's backup restored here with its key", async ({
  browser,
}) => {
  const { context, page } = await signedInOn(browser, server.baseURL, admin, { viewport: DESKTOP });
  await openSettingsTab(page, 'Backup & Dados');
  const keySection = page.getByRole('region', { name: 'Chave de backup' });
  await expect(keySection).toContainText('separada dos backups');
  await keySection.getByRole('button', { name: 'Mostrar chave de backup' }).click();
  const grouped = SHOWN_KEY.toString('hex').toUpperCase().match(/.{4}/g)!.join(' ');
  await expect(keySection.getByTestId('chave-backup')).toHaveText(grouped);
  await screenshot(page, { path: 'test-results/screenshots/chave-de-backup-desktop.png' });

  // The old server died: its backup, and its key as printed, are all the school has.
  const otherKey = randomBytes(32);
  const backup = await page.request.post('/api/configuracoes/backup', {
    data: { senha: E2E_ADMIN.password },
  });
  expect(backup.status()).toBe(200);
  const oldServerFile = fromAnotherServer(decrypted(await backup.text()), otherKey);
  await page.getByTestId('restore-file').setInputFiles({
    name: 'backup-do-servidor-antigo.json',
    mimeType: 'application/json',
    buffer: oldServerFile,
  });
  await page.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Analisar backup' }).click();
  const keyField = page.getByLabel('Chave de backup da instalação de origem');
  await keyField.fill(randomBytes(32).toString('hex'));
  await page.getByRole('button', { name: 'Analisar backup' }).click();
  await expect(page.getByText(/A chave de backup informada não abre este arquivo/)).toBeVisible();
  await keyField.fill(otherKey.toString('hex').toUpperCase().match(/.{4}/g)!.join(' '));
  await page.getByRole('button', { name: 'Analisar backup' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirmar restauração' });
  await expect(dialog.getByRole('alert')).toContainText('não foi assinado por esta instalação');
  await expect(dialog.getByRole('region', { name: /Administradores depois da restauração/ })).toContainText(
    E2E_ADMIN.email,
  );
  await dialog
    .getByLabel('Conheço a origem deste arquivo e confirmo os administradores listados acima.')
    .check();
  await dialog.getByRole('button', { name: 'Restaurar agora' }).click();
  await expect(page.getByText('Backup restaurado com sucesso')).toBeVisible();
  await context.close();
});
