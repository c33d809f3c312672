import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clientOf, tokenOf } from './cliente-de-teste.js';
import { startSimulatedBank, type SimulatedBank } from './index.js';

// A PSP that fails: failNext makes the next calls answer 500, never answer, or reset the TLS handshake,
// so the product's retries and its error messages can be tested. `stats` counts what the product did.

let bank: SimulatedBank;
beforeAll(async () => {
  bank = await startSimulatedBank();
});
afterAll(async () => {
  await bank.close();
});

describe('failNext', () => {
  it('erro500: the next calls answer 500 with the problem JSON, then the bank is back', async () => {
    const api = await clientOf(bank);
    bank.failNext('erro500', 2);
    const first = await api('GET', '/webhook/x');
    expect(first.status).toBe(500);
    expect(first.body).toMatchObject({
      status: 500,
      type: 'https://pix.bcb.gov.br/api/v2/error/ErroInternoDoServidor',
    });
    expect((await tokenOf(bank)).status).toBe(500);
    expect((await api('GET', `/webhook/${encodeURIComponent(bank.chave)}`)).status).toBe(404);
  });

  it('tempo: the next call never gets an answer', async () => {
    const api = await clientOf(bank);
    bank.failNext('tempo');
    await expect(
      call(bank, `${bank.baseUrl}/pix?inicio=2026-01-01T00:00:00Z&fim=2026-01-02T00:00:00Z`, {
        timeoutMs: 700,
      }),
    ).rejects.toThrow('timeout');
    expect((await api('GET', '/pix?inicio=2026-01-01T00:00:00Z&fim=2026-01-02T00:00:00Z')).status).toBe(200);
  });

  it('tls: the next connection is reset during the handshake', async () => {
    bank.failNext('tls');
    await expect(tokenOf(bank)).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|EPIPE/) });
    expect((await tokenOf(bank)).status).toBe(200);
  });
});

describe('stats', () => {
  it('counts requests per route and the peak of open connections', async () => {
    const fresh = await startSimulatedBank();
    try {
      const api = await clientOf(fresh);
      await api('GET', '/cobv/mensalidade00000000000000000001');
      await api('GET', '/cobv/mensalidade00000000000000000002');
      await api('PUT', '/webhook/x', { webhookUrl: 'https://escola.example/webhook' });
      expect(fresh.stats.requests).toEqual({
        'POST /oauth/token': 1,
        'GET /cobv/{txid}': 2,
        'PUT /webhook/{chave}': 1,
      });
      expect(fresh.stats.peakConnections).toBeGreaterThanOrEqual(1);

      // Three calls held open at once (the bank does not answer them): three connections.
      fresh.failNext('tempo', 3);
      const held = [1, 2, 3].map(() =>
        call(fresh, `${fresh.baseUrl}/cobv/mensalidade00000000000000000003`, { timeoutMs: 3000 }).catch(
          () => null,
        ),
      );
      await expect.poll(() => fresh.stats.openConnections, { timeout: 2500 }).toBe(3);
      expect(fresh.stats.peakConnections).toBe(3);
      await Promise.all(held);
    } finally {
      await fresh.close();
    }
  });
});
