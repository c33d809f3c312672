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
