import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PixProvedorTeste } from '../../../shared/pix-provedor.schemas.js';
import { connectSimulatedBank } from '../../test/pix-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { startSimulatedBank, type SimulatedBank } from '../banco-simulado/index.js';
import { pixProviderOf } from './pix-provider.service.js';

/** The settings, Testar conexão and pixProviderOf against the simulated bank, over mutual TLS. */
let bank: SimulatedBank;
let httpsBank: SimulatedBank;

beforeAll(async () => {
  [bank, httpsBank] = await Promise.all([
    startSimulatedBank({ allowHttpWebhook: true }),
    startSimulatedBank(),
  ]);
});
afterAll(async () => {
  await Promise.all([bank.close(), httpsBank.close()]);
});

const t = setupTestApp({ pixTimeoutMs: 1000 });
const { send, get } = requestsOf(() => t.app);

async function testar(cookie: string): Promise<PixProvedorTeste> {
  const response = await send('POST', '/api/financeiro/pix/provedor/testar', cookie);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: PixProvedorTeste }>().data;
}

describe('connectSimulatedBank and Testar conexão', () => {
  it('saves the bank through the API, registers the webhook and tests fine', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const saved = await connectSimulatedBank(t, bank);
    expect(saved).toMatchObject({ ativo: true, tem_segredo: true, tem_certificado: true });
    expect(saved.webhook).toMatchObject({ status: 'registrado', erro: null });
    expect(bank.webhookUrl(bank.chave)).toBe(saved.webhook_url);
    expect(saved.webhook_url).toMatch(/^http:\/\/localhost:3000\/api\/pix\/webhook\/[A-Za-z0-9_-]{32,}$/);
    expect(await testar(cookie)).toEqual({
      ok: true,
      mensagem: 'Conexão com o banco funcionando: token obtido e Pix recebidos consultados.',
    });
  });

  it('saves the settings even when the bank refuses the webhook, and says so', async () => {
    const saved = await connectSimulatedBank(t, httpsBank);
    expect(saved.ativo).toBe(true);
    expect(saved.webhook.status).toBe('erro');
    expect(saved.webhook.erro).toMatch(/https/);
    expect(saved.mensagem).toMatch(/^Configurações salvas, mas o banco não aceitou o cadastro do webhook/);
    expect(httpsBank.webhookUrl(httpsBank.chave)).toBeUndefined();
    const { cookie } = await signedIn(t, 'administrador');
    const shown = (await get('/api/financeiro/pix/provedor', cookie)).json<{ data: typeof saved }>().data;
    expect(shown.webhook.status).toBe('erro');
  });

  it('says in Portuguese what failed: wrong secret, certificate, unreachable, bank down, no answer', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    await connectSimulatedBank(t, bank, { ativo: false, overrides: { client_secret: 'outro-segredo' } });
    expect(await testar(cookie)).toMatchObject({ ok: false, mensagem: expect.stringMatching(/credenciais/) });

    await connectSimulatedBank(t, bank, { ativo: false });
    bank.failNext('tls');
    expect(await testar(cookie)).toMatchObject({ ok: false, mensagem: expect.stringMatching(/certificado/) });
    bank.failNext('erro500');
    expect(await testar(cookie)).toMatchObject({ ok: false, mensagem: expect.stringMatching(/fora do ar/) });
    bank.failNext('tempo');
    expect(await testar(cookie)).toMatchObject({ ok: false, mensagem: expect.stringMatching(/a tempo/) });

    await connectSimulatedBank(t, bank, {
      ativo: false,
      overrides: { base_url: 'https://127.0.0.1:9/api/v2', token_url: 'https://127.0.0.1:9/oauth/token' },
    });
    expect(await testar(cookie)).toMatchObject({
      ok: false,
      mensagem: expect.stringMatching(/Não foi possível chegar/),
    });
  });
});

describe('switching Pix automático off', () => {
  it('unregisters the webhook; a bank that fails it leaves the setting off and says so', async () => {
    const deletes = () => bank.stats.requests['DELETE /webhook/{chave}'] ?? 0;
    await connectSimulatedBank(t, bank);
    expect(bank.webhookUrl(bank.chave)).toBeDefined();
    bank.failNext('erro500');
    const failed = await connectSimulatedBank(t, bank, { ativo: false });
    expect(failed.ativo).toBe(false);
    expect(failed.webhook.status).toBe('registrado');
    expect(failed.mensagem).toMatch(
      /^Pix automático desligado, mas o banco não removeu o cadastro do webhook: O banco está fora do ar/,
    );
    expect(bank.webhookUrl(bank.chave)).toBeDefined();
    expect(await pixProviderOf(t.app.ctx)).toBeNull();
    // Saved (off) again: tried again, and removed.
    const before = deletes();
    const off = await connectSimulatedBank(t, bank, { ativo: false });
    expect(off.webhook).toMatchObject({ status: 'nao_registrado', registrado_em: null });
    expect(off.mensagem).toMatch(/^Pix automático desligado e webhook removido do banco\./);
    expect(deletes()).toBe(before + 1);
    expect(bank.webhookUrl(bank.chave)).toBeUndefined();
    // Off with nothing registered: the bank is not called.
    const again = await connectSimulatedBank(t, bank, { ativo: false });
    expect(again.mensagem).toBe('Configurações do Pix automático salvas.');
    expect(deletes()).toBe(before + 1);
  });

  it('a webhook the bank no longer has (404) counts as removed', async () => {
    await connectSimulatedBank(t, bank);
    const provider = await pixProviderOf(t.app.ctx);
    await provider!.api.deleteWebhook(bank.chave);
    const off = await connectSimulatedBank(t, bank, { ativo: false });
    expect(off.webhook.status).toBe('nao_registrado');
    expect(off.mensagem).toMatch(/^Pix automático desligado e webhook removido do banco\./);
  });
});

/** The bank's certificate and key as the `.p12` some banks send instead of PEM (made with openssl). */
function p12Of(target: SimulatedBank, senha: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pix-p12-'));
  try {
    writeFileSync(path.join(dir, 'cert.pem'), target.certificadoPem);
    writeFileSync(path.join(dir, 'key.pem'), target.chavePrivadaPem);
    execFileSync(
      'openssl',
      [
        'pkcs12',
        '-export',
        '-in',
        path.join(dir, 'cert.pem'),
        '-inkey',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.p12'),
        '-passout',
        `pass:${senha}`,
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(path.join(dir, 'cert.p12')).toString('base64');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a .p12 certificate', () => {
  it('is accepted with its password (and refused with a wrong one), and the adapter uses it', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const p12 = p12Of(bank, 'senha-do-p12');
    const wrong = await send('PUT', '/api/financeiro/pix/provedor', cookie, {
      ativo: false,
      base_url: bank.baseUrl,
      token_url: bank.tokenUrl,
      client_id: bank.clientId,
      client_secret: bank.clientSecret,
      certificado_p12: p12,
      senha_p12: 'outra',
      ca_pem: bank.caPem,
      chave_pix: bank.chave,
      validade_apos_vencimento: 30,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ details: [{ path: 'certificado_p12' }] });
    const saved = await connectSimulatedBank(t, bank, {
      ativo: false,
      overrides: {
        certificado_pem: undefined,
        chave_privada_pem: undefined,
        certificado_p12: p12,
        senha_p12: 'senha-do-p12',
      },
    });
    expect(saved).toMatchObject({ tem_certificado: true, formato_certificado: 'p12' });
    expect(await testar(cookie)).toMatchObject({ ok: true });
  });
});

describe('pixProviderOf', () => {
  it('is null while off, and one cached adapter per settings version while on', async () => {
    expect(await pixProviderOf(t.app.ctx)).toBeNull();
    await connectSimulatedBank(t, bank, { ativo: false });
    expect(await pixProviderOf(t.app.ctx)).toBeNull();
    await connectSimulatedBank(t, bank, { validadeAposVencimento: 15 });
    const provider = await pixProviderOf(t.app.ctx);
    expect(provider).toMatchObject({ chave: bank.chave, validadeAposVencimento: 15 });
    expect(await pixProviderOf(t.app.ctx)).toBe(provider);
    await provider!.api.testConnection();
    const txid = `escolaprov${String(Date.now())}abcdefgh`;
    await provider!.api.putCobv(txid, {
      calendario: { dataDeVencimento: '2099-01-10' },
      devedor: { cpf: '12345678909', nome: 'Maria' },
      valor: { original: '100.00' },
      chave: provider!.chave,
    });
    expect(bank.charge(txid)?.valor.original).toBe('100.00');
    // Saved again (another version): a new adapter.
    await connectSimulatedBank(t, bank, { validadeAposVencimento: 20 });
    const next = await pixProviderOf(t.app.ctx);
    expect(next).not.toBe(provider);
    expect(next?.validadeAposVencimento).toBe(20);
  });
});
