import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { makeTestPki, startSimulatedBank, type SimulatedBank } from '../banco-simulado/index.js';
import { createPixApi, joinUrl, type PixApiClient, type PixApiConfig } from './pix-api.client.js';
import { PixApiError, type CobvBody } from './pix-api.js';

/**
 * The adapter against the simulated bank (issue 33 §5): real HTTPS with mutual TLS, the bank's own
 * throwaway certificates, its OAuth2 token endpoint and the standard's routes under a base path.
 */
let bank: SimulatedBank;
const clients: PixApiClient[] = [];

beforeAll(async () => {
  bank = await startSimulatedBank({ pageSize: 2 });
});
afterAll(() => bank.close());
afterEach(() => {
  clock.unpin();
  for (const client of clients.splice(0)) client.close();
});

function configOf(target: SimulatedBank, overrides: Partial<PixApiConfig> = {}): PixApiConfig {
  return {
    baseUrl: target.baseUrl,
    tokenUrl: target.tokenUrl,
    clientId: target.clientId,
    clientSecret: target.clientSecret,
    certificadoPem: target.certificadoPem,
    chavePrivadaPem: target.chavePrivadaPem,
    caPem: target.caPem,
    timeoutMs: 2000,
    ...overrides,
  };
}

function clientOf(target: SimulatedBank, overrides: Partial<PixApiConfig> = {}): PixApiClient {
  const client = createPixApi(configOf(target, overrides));
  clients.push(client);
  return client;
}

let sequence = 0;
const newTxid = () => `escola${String(Date.now())}x${String(++sequence).padStart(6, '0')}`.slice(0, 35);

function cobvBody(target: SimulatedBank, original = '450.00'): CobvBody {
  return {
    calendario: { dataDeVencimento: '2099-03-10', validadeAposVencimento: 30 },
    devedor: { cpf: '12345678909', nome: 'Maria da Silva' },
    valor: {
      original,
      multa: { modalidade: 2, valorPerc: '2.00' },
      juros: { modalidade: 3, valorPerc: '1.00' },
    },
    chave: target.chave,
  };
}

async function failureOf(work: Promise<unknown>): Promise<PixApiError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PixApiError);
  return error as PixApiError;
}

const tokenCalls = (target: SimulatedBank) => target.stats.requests['POST /oauth/token'] ?? 0;

describe('joinUrl', () => {
  it('keeps the base URL’s own path', () => {
    expect(joinUrl('https://psp.example/api/v2', '/cobv/abc').href).toBe(
      'https://psp.example/api/v2/cobv/abc',
    );
    expect(joinUrl('https://psp.example/api/v2/', '/pix').href).toBe('https://psp.example/api/v2/pix');
    expect(joinUrl('https://psp.example', '/pix').href).toBe('https://psp.example/pix');
  });
});

describe('createPixApi against the simulated bank (mutual TLS)', () => {
  it('creates, reads and revises a cobv with one cached token', async () => {
    const api = clientOf(bank);
    const before = tokenCalls(bank);
    const txid = newTxid();
    const created = await api.putCobv(txid, cobvBody(bank));
    expect(created).toMatchObject({
      txid,
      status: 'ATIVA',
      valor: { original: '450.00' },
      chave: bank.chave,
    });
    expect(created.loc.location).not.toMatch(/^https?:/);
    expect((await api.getCobv(txid)).txid).toBe(txid);
    const revised = await api.patchCobv(txid, { valor: { original: '400.00' } });
    expect(revised.valor.original).toBe('400.00');
    expect(revised.revisao).toBeGreaterThan(created.revisao);
    const removed = await api.patchCobv(txid, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(removed.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(tokenCalls(bank) - before).toBe(1);
  });

  it('asks for a new token when the cached one expires, and testConnection always asks for a fresh one', async () => {
    const shortLived = await startSimulatedBank({ tokenTtlSeconds: 2 });
    try {
      const api = clientOf(shortLived);
      await api.putCobv(newTxid(), cobvBody(shortLived));
      await api.putCobv(newTxid(), cobvBody(shortLived));
      expect(tokenCalls(shortLived)).toBe(1);
      // Renewed before the PSP's own expiry (half the lifetime of a very short token).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await api.putCobv(newTxid(), cobvBody(shortLived));
      expect(tokenCalls(shortLived)).toBe(2);
      // A pinned business date does not expire a token.
      clock.pin(new Date(Date.now() + 40 * 24 * 3600 * 1000));
      await api.putCobv(newTxid(), cobvBody(shortLived));
      expect(tokenCalls(shortLived)).toBe(2);
      await api.testConnection();
      await api.testConnection();
      expect(tokenCalls(shortLived)).toBe(4);
    } finally {
      await shortLived.close();
    }
  });

  it('follows every page of GET /pix', async () => {
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const paid: string[] = [];
    for (let index = 0; index < 5; index++) {
      const txid = newTxid();
      await clientOf(bank).putCobv(txid, cobvBody(bank, '10.00'));
      paid.push((await bank.pay(txid)).endToEndId);
    }
    const pagesBefore = bank.stats.requests['GET /pix'] ?? 0;
    const fim = new Date(Date.now() + 60_000).toISOString();
    const received = await clientOf(bank, { pageSize: 2 }).listPix(inicio, fim);
    expect(received.map((pix) => pix.endToEndId)).toEqual(expect.arrayContaining(paid));
    expect(received.length).toBeGreaterThanOrEqual(5);
    expect((bank.stats.requests['GET /pix'] ?? 0) - pagesBefore).toBe(Math.ceil(received.length / 2));
  });

  it('registers the webhook, and reports the PSP’s own reason when it refuses one', async () => {
    const api = clientOf(bank);
    await api.putWebhook(bank.chave, 'https://escola.example/api/pix/webhook/abc');
    expect(bank.webhookUrl(bank.chave)).toBe('https://escola.example/api/pix/webhook/abc');
    const refused = await failureOf(api.putWebhook(bank.chave, 'http://escola.example/api/pix/webhook/abc'));
    expect(refused.kind).toBe('recusado');
    expect(refused.status).toBe(400);
    expect(refused.mensagem).toContain('webhookUrl');
    expect(refused.mensagem).toContain('https');
    expect(refused.transient).toBe(false);
  });

  it('keeps to a few connections however many calls are made at once', async () => {
    const own = await startSimulatedBank();
    try {
      const ownApi = clientOf(own, { maxSockets: 3 });
      await Promise.all(Array.from({ length: 30 }, () => ownApi.putCobv(newTxid(), cobvBody(own, '5.00'))));
      expect(own.stats.peakConnections).toBeLessThanOrEqual(3);
      expect(own.stats.requests['PUT /cobv/{txid}']).toBe(30);
    } finally {
      await own.close();
    }
  });

  it('runs 50 calls at once over a few kept-alive sockets without a MaxListenersExceededWarning', async () => {
    const own = await startSimulatedBank();
    const warnings: Error[] = [];
    const collect = (warning: Error) => warnings.push(warning);
    process.on('warning', collect);
    try {
      const ownApi = clientOf(own);
      const txids = Array.from({ length: 50 }, () => newTxid());
      await Promise.all(txids.map((txid) => ownApi.putCobv(txid, cobvBody(own, '5.00'))));
      await Promise.all(txids.map((txid) => ownApi.getCobv(txid)));
      // 'warning' is emitted on the next tick after the listener that crossed the limit.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
      expect(own.stats.peakConnections).toBeLessThanOrEqual(4);
    } finally {
      process.off('warning', collect);
      await own.close();
    }
  });

  it('works with an RSA certificate as with an EC one', async () => {
    const rsaBank = await startSimulatedBank({ keyType: 'rsa' });
    try {
      await expect(clientOf(rsaBank).testConnection()).resolves.toBeUndefined();
    } finally {
      await rsaBank.close();
    }
  });
});

describe('createPixApi failures, in words the secretaria can act on', () => {
  it('a wrong client secret is a credentials problem', async () => {
    const error = await failureOf(clientOf(bank, { clientSecret: 'S3gredo-Trocado-77' }).testConnection());
    expect(error.kind).toBe('credenciais');
    expect(error.mensagem).toMatch(/credenciais/);
    expect(error.mensagem).not.toContain('S3gredo');
  });

  it('no client certificate, or one another CA issued, is a certificate problem', async () => {
    const none = await failureOf(
      clientOf(bank, { certificadoPem: undefined, chavePrivadaPem: undefined }).testConnection(),
    );
    expect(none.kind).toBe('certificado');
    expect(none.mensagem).toMatch(/certificado/);
    const other = await makeTestPki();
    const foreign = await failureOf(
      clientOf(bank, {
        certificadoPem: other.clientePem,
        chavePrivadaPem: other.clienteChavePem,
      }).testConnection(),
    );
    expect(foreign.kind).toBe('certificado');
  });

  it('a server the CA given does not vouch for is a certificate problem that names the CA field', async () => {
    const other = await makeTestPki();
    const error = await failureOf(clientOf(bank, { caPem: other.caPem }).testConnection());
    expect(error.kind).toBe('certificado');
    expect(error.mensagem).toMatch(/CA do banco/);
  });

  it('a TLS handshake reset is a certificate problem', async () => {
    const api = clientOf(bank);
    bank.failNext('tls');
    const error = await failureOf(api.testConnection());
    expect(error.kind).toBe('certificado');
  });

  it('an address nothing answers on is unreachable (transient)', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const url = `https://127.0.0.1:${String(port)}`;
    const error = await failureOf(
      clientOf(bank, { baseUrl: `${url}/api/v2`, tokenUrl: `${url}/oauth/token` }).testConnection(),
    );
    expect(error.kind).toBe('inacessivel');
    expect(error.transient).toBe(true);
    const dns = await failureOf(
      clientOf(bank, { tokenUrl: 'https://psp.invalid/oauth/token' }).testConnection(),
    );
    expect(dns.kind).toBe('inacessivel');
  });

  it('a 500 is the bank being unavailable; a call with no answer is a timeout; both transient', async () => {
    const api = clientOf(bank, { timeoutMs: 500 });
    await api.getCobv((await api.putCobv(newTxid(), cobvBody(bank))).txid);
    bank.failNext('erro500');
    const down = await failureOf(api.getCobv(newTxid()));
    expect(down).toMatchObject({ kind: 'indisponivel', status: 500, transient: true });
    bank.failNext('tempo');
    const started = Date.now();
    const slow = await failureOf(api.putCobv(newTxid(), cobvBody(bank)));
    expect(slow).toMatchObject({ kind: 'tempo', transient: true });
    expect(Date.now() - started).toBeLessThan(1500);
    // And the next call works again.
    await api.putCobv(newTxid(), cobvBody(bank));
  });

  it('a cobv the bank refuses carries its violações', async () => {
    const api = clientOf(bank);
    const error = await failureOf(api.putCobv(newTxid(), { ...cobvBody(bank), chave: 'chave-de-outro' }));
    expect(error.kind).toBe('recusado');
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    expect(error.mensagem).toMatch(/^O banco recusou a operação \(HTTP 4\d\d\): .+/);
  });
});
