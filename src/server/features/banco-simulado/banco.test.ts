import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { call, clientOf, tokenOf, type Answer } from './cliente-de-teste.js';
import { makeTestPki, startSimulatedBank, type SimulatedBank } from './index.js';

// The simulated bank checks what a real PSP checks (issue 33 §5). These tests talk to it with a plain
// node:https client, so each one sees the bank's own answer.

let seq = 0;
/** A fresh txid of 31 letters and digits. */
function txid(): string {
  seq += 1;
  return `mensalidade${String(seq).padStart(20, '0')}`;
}

function cobvBody(bank: SimulatedBank, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    calendario: { dataDeVencimento: '2026-03-10', validadeAposVencimento: 30 },
    devedor: { cpf: '12345678909', nome: 'Maria da Silva' },
    valor: {
      original: '850.00',
      multa: { modalidade: 2, valorPerc: '2.00' },
      juros: { modalidade: 3, valorPerc: '1.00' },
    },
    chave: bank.chave,
    solicitacaoPagador: 'Mensalidade de março',
    ...over,
  };
}

function violacoes(answer: Answer): string[] {
  return ((answer.body as { violacoes?: { propriedade: string }[] }).violacoes ?? []).map(
    (v) => v.propriedade,
  );
}

let bank: SimulatedBank;
beforeAll(async () => {
  bank = await startSimulatedBank({ pageSize: 2, allowHttpWebhook: true, webhookRetryDelaysMs: [50] });
});
afterAll(async () => {
  await bank.close();
});
afterEach(() => {
  clock.unpin();
});

describe('mutual TLS', () => {
  it('refuses a client without the certificate the bank issued, and one from another CA', async () => {
    await expect(tokenOf(bank)).resolves.toMatchObject({ status: 200 });
    await expect(call(bank, bank.tokenUrl, { method: 'POST', certificado: false })).rejects.toThrow();

    const stranger = await makeTestPki();
    const url = new URL(bank.tokenUrl);
    const { request } = await import('node:https');
    await expect(
      new Promise((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            ca: bank.caPem,
            cert: stranger.clientePem,
            key: stranger.clienteChavePem,
            agent: false,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          },
        );
        req.on('error', reject);
        req.end();
      }),
    ).rejects.toThrow();
  });

  it('serves a certificate only the bank’s CA vouches for', async () => {
    const other = await makeTestPki();
    const { request } = await import('node:https');
    await expect(
      new Promise((resolve, reject) => {
        const req = request(
          bank.tokenUrl,
          {
            method: 'POST',
            ca: other.caPem,
            cert: bank.certificadoPem,
            key: bank.chavePrivadaPem,
            agent: false,
          },
          resolve,
        );
        req.on('error', reject);
        req.end();
      }),
    ).rejects.toThrow(/self.signed|unable to (get|verify)/i);
  });
});

describe('OAuth2 client credentials', () => {
  it('answers a Bearer token with the scopes asked for, and 401 invalid_client to a wrong secret', async () => {
    const ok = await tokenOf(bank, 'cobv.read pix.read');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'cobv.read pix.read' });
    expect((ok.body as { access_token: string }).access_token).toMatch(/^\S{20,}$/);

    const wrong = await tokenOf(bank, undefined, `${bank.clientSecret}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_client' });

    const unknownScope = await tokenOf(bank, 'cobv.read pagamento.write');
    expect(unknownScope.status).toBe(400);
    expect(unknownScope.body).toMatchObject({ error: 'invalid_scope' });
  });

  it('refuses a call without a token (401), with a token lacking the scope (403), and an expired token (401)', async () => {
    const noToken = await call(bank, `${bank.baseUrl}/cobv/${txid()}`);
    expect(noToken.status).toBe(401);
    expect(noToken.body).toMatchObject({
      status: 401,
      type: expect.stringMatching(/^https:\/\/pix\.bcb\.gov\.br\/api\/v2\/error\//),
    });

    const readOnly = await clientOf(bank, 'cobv.read');
    const put = await readOnly('PUT', `/cobv/${txid()}`, cobvBody(bank));
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ status: 403, type: 'https://pix.bcb.gov.br/api/v2/error/AcessoNegado' });
    expect((put.body as { detail: string }).detail).toContain('cobv.write');
    expect((await readOnly('GET', '/webhook/x')).status).toBe(403);

    const shortLived = await startSimulatedBank({ tokenTtlSeconds: 1 });
    try {
      const api = await clientOf(shortLived);
      expect((await api('GET', `/cobv/${txid()}`)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await api('GET', `/cobv/${txid()}`);
      expect(expired.status).toBe(401);
      expect((expired.body as { detail: string }).detail).toContain('expirou');
    } finally {
      await shortLived.close();
    }
  });
});

describe('cobv', () => {
  it.each([
    ['a txid too short', { txid: 'curto123' }, 'cobv.txid'],
    ['no due date', { calendario: {} }, 'cobv.calendario.dataDeVencimento'],
    [
      'an impossible due date',
      { calendario: { dataDeVencimento: '2026-02-30' } },
      'cobv.calendario.dataDeVencimento',
    ],
    ['a CPF with wrong check digits', { devedor: { cpf: '12345678900', nome: 'Maria' } }, 'cobv.devedor.cpf'],
    [
      'a CNPJ with wrong check digits',
      { devedor: { cnpj: '11222333000182', nome: 'Escola' } },
      'cobv.devedor.cnpj',
    ],
    ['a debtor without a name', { devedor: { cpf: '12345678909' } }, 'cobv.devedor.nome'],
    ['no debtor', { devedor: undefined }, 'cobv.devedor'],
    ['a zero amount', { valor: { original: '0.00' } }, 'cobv.valor.original'],
    ['an amount with a comma', { valor: { original: '850,00' } }, 'cobv.valor.original'],
    [
      'multa modalidade 3',
      { valor: { original: '1.00', multa: { modalidade: 3, valorPerc: '2.00' } } },
      'cobv.valor.multa.modalidade',
    ],
    [
      'juros modalidade 9',
      { valor: { original: '1.00', juros: { modalidade: 9, valorPerc: '1.00' } } },
      'cobv.valor.juros.modalidade',
    ],
    [
      'juros without two decimals',
      { valor: { original: '1.00', juros: { modalidade: 3, valorPerc: '1' } } },
      'cobv.valor.juros.valorPerc',
    ],
    [
      'a fixed discount with no date',
      { valor: { original: '1.00', desconto: { modalidade: 1 } } },
      'cobv.valor.desconto.descontoDataFixa',
    ],
    [
      'a discount date after the due date',
      {
        valor: {
          original: '9.00',
          desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-03-11', valorPerc: '1.00' }] },
        },
      },
      'cobv.valor.desconto.descontoDataFixa[0].data',
    ],
    ['a key of another account', { chave: 'outra@escola.com.br' }, 'cobv.chave'],
  ])('refuses %s with 400 naming the field', async (_name, over, propriedade) => {
    const api = await clientOf(bank);
    const { txid: id = txid(), ...rest } = over as { txid?: string };
    const answer = await api('PUT', `/cobv/${id}`, cobvBody(bank, rest));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida',
      status: 400,
    });
    expect(violacoes(answer)).toContain(propriedade);
    expect(bank.charge(id)).toBeUndefined();
  });

  it('creates, reads, revises and removes a charge; a used txid and a paid charge cannot change', async () => {
    clock.pin(new Date('2026-03-02T12:00:00Z'));
    const api = await clientOf(bank);
    const id = txid();
    const created = await api('PUT', `/cobv/${id}`, cobvBody(bank));
    expect(created.status).toBe(201);
    const cobv = created.body as Record<string, unknown> & { loc: { location: string } };
    expect(cobv).toMatchObject({
      txid: id,
      revisao: 0,
      status: 'ATIVA',
      calendario: {
        criacao: '2026-03-02T12:00:00.000Z',
        dataDeVencimento: '2026-03-10',
        validadeAposVencimento: 30,
      },
      loc: { tipoCob: 'cobv' },
      valor: { original: '850.00', multa: { modalidade: 2, valorPerc: '2.00' } },
      chave: bank.chave,
    });
    const host = new URL(bank.baseUrl).host;
    expect(cobv.loc.location).toMatch(
      new RegExp(`^${host.replace('.', '\\.')}/api/v2/qr/cobv/[0-9a-f]{32}$`),
    );

    expect((await api('GET', `/cobv/${id}`)).body).toEqual(cobv);
    expect((await api('PUT', `/cobv/${id}`, cobvBody(bank))).status).toBe(400);

    const revised = await api('PATCH', `/cobv/${id}`, {
      valor: { original: '900.00' },
      calendario: { dataDeVencimento: '2026-03-15' },
    });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({
      revisao: 1,
      status: 'ATIVA',
      calendario: { dataDeVencimento: '2026-03-15', criacao: '2026-03-02T12:00:00.000Z' },
      // Only `original` changed: the multa and juros stay.
      valor: {
        original: '900.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
    });
    const badPatch = await api('PATCH', `/cobv/${id}`, { devedor: { cpf: '11111111111' } });
    expect(violacoes(badPatch)).toContain('cobv.devedor.cpf');
    expect(bank.charge(id)?.revisao).toBe(1);

    const removed = await api('PATCH', `/cobv/${id}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(removed.body).toMatchObject({ revisao: 2, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect((await api('PATCH', `/cobv/${id}`, { valor: { original: '1.00' } })).status).toBe(400);
    await expect(bank.pay(id)).rejects.toThrow(/REMOVIDA/);

    const paid = txid();
    await api('PUT', `/cobv/${paid}`, cobvBody(bank));
    await bank.pay(paid, { horario: '2026-03-05T10:00:00-03:00' });
    const afterPay = await api('PATCH', `/cobv/${paid}`, { valor: { original: '1.00' } });
    expect(afterPay.status).toBe(400);
    expect(violacoes(afterPay)).toEqual(['cobv.status']);
    expect((await api('GET', `/cobv/${paid}`)).body).toMatchObject({
      status: 'CONCLUIDA',
      revisao: 0,
      pix: [{ valor: '850.00' }],
    });
    expect((await api('GET', `/cobv/${txid()}`)).status).toBe(404);
  });

  it('pays a late charge with multa and juros computed exactly (10 days late)', async () => {
    const api = await clientOf(bank);
    const id = txid();
    await api('PUT', `/cobv/${id}`, cobvBody(bank));
    // Due 10 March, paid 20 March: 10 calendar days late.
    // multa 2 % of 850.00 = 17.00; juros 1 % a month pro rata: 850.00 × 1 % × 10 / 30 = 2.8333… → 2.83.
    // 850.00 + 17.00 + 2.83 = 869.83.
    const pix = await bank.pay(id, { horario: '2026-03-20T15:00:00-03:00' });
    expect(pix).toMatchObject({
      txid: id,
      valor: '869.83',
      chave: bank.chave,
      horario: '2026-03-20T18:00:00.000Z',
      componentesValor: {
        original: { valor: '850.00' },
        multa: { valor: '17.00' },
        juros: { valor: '2.83' },
      },
      pagador: { cpf: '12345678909', nome: 'Maria da Silva' },
    });
    expect(pix.endToEndId).toMatch(/^E99999008202603201800[a-zA-Z0-9]{11}$/);
    expect(pix.endToEndId).toHaveLength(32);
    expect(bank.charge(id)?.status).toBe('CONCLUIDA');

    // The validity after the due date is the limit: 30 days → 9 April is the last day.
    const late = txid();
    await api('PUT', `/cobv/${late}`, cobvBody(bank));
    await expect(bank.pay(late, { horario: '2026-04-10T12:00:00-03:00' })).rejects.toThrow(/30 dias/);
    await expect(bank.pay(late, { horario: '2026-04-09T12:00:00-03:00' })).resolves.toMatchObject({
      // 30 days: juros 850.00 × 1 % × 30 / 30 = 8.50.
      valor: '875.50',
    });
  });

  it('serves the location’s payload with the amount of the day', async () => {
    const api = await clientOf(bank);
    const id = txid();
    const created = (await api('PUT', `/cobv/${id}`, cobvBody(bank))).body as { loc: { location: string } };
    const payload = await call(bank, `https://${created.loc.location}?DPP=2026-03-20`);
    expect(payload.status).toBe(200);
    expect(payload.body).toMatchObject({
      txid: id,
      valor: { original: '850.00', final: '869.83' },
      status: 'ATIVA',
    });
  });
});

describe('GET /pix', () => {
  it('lists the Pix of a period page by page (3 pages of 2)', async () => {
    const api = await clientOf(bank);
    const ids: string[] = [];
    for (let day = 1; day <= 5; day += 1) {
      const id = txid();
      ids.push(id);
      await api('PUT', `/cobv/${id}`, cobvBody(bank, { calendario: { dataDeVencimento: '2026-06-30' } }));
      await bank.pay(id, { horario: `2026-06-0${String(day)}T12:00:00Z` });
    }
    await bank.pay(
      await (async () => {
        const outside = txid();
        await api(
          'PUT',
          `/cobv/${outside}`,
          cobvBody(bank, { calendario: { dataDeVencimento: '2026-07-30' } }),
        );
        return outside;
      })(),
      { horario: '2026-07-02T12:00:00Z' },
    );
    const period = 'inicio=2026-06-01T00:00:00Z&fim=2026-06-30T23:59:59Z';
    const pages: { parametros: { paginacao: Record<string, number> }; pix: { txid: string }[] }[] = [];
    for (let page = 0; page < 3; page += 1) {
      const answer = await api('GET', `/pix?${period}&paginacao.paginaAtual=${String(page)}`);
      expect(answer.status).toBe(200);
      pages.push(answer.body as (typeof pages)[number]);
    }
    expect(pages[0]?.parametros.paginacao).toEqual({
      paginaAtual: 0,
      itensPorPagina: 2,
      quantidadeDePaginas: 3,
      quantidadeTotalDeItens: 5,
    });
    expect(pages.map((page) => page.pix.map((pix) => pix.txid))).toEqual([
      ids.slice(0, 2),
      ids.slice(2, 4),
      ids.slice(4),
    ]);

    const byTxid = await api('GET', `/pix?${period}&txid=${ids[3] ?? ''}&paginacao.itensPorPagina=10`);
    expect((byTxid.body as { pix: unknown[] }).pix).toHaveLength(1);
    const noPeriod = await api('GET', '/pix?inicio=ontem');
    expect(noPeriod.status).toBe(400);
    expect(violacoes(noPeriod)).toEqual(['inicio', 'fim']);
  });
});

describe('webhook', () => {
  let receiver: Server;
  let receiverUrl: string;
  const received: { path: string; body: unknown }[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
        });
        res.statusCode = failuresLeft > 0 ? 500 : 200;
        failuresLeft = Math.max(0, failuresLeft - 1);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/api/pix/webhook/segredo123`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('registers a URL for the key and posts each paid charge to it + /pix', async () => {
    const api = await clientOf(bank);
    const put = await api('PUT', `/webhook/${encodeURIComponent(bank.chave)}`, { webhookUrl: receiverUrl });
    expect(put.status).toBe(200);
    expect((await api('GET', `/webhook/${encodeURIComponent(bank.chave)}`)).body).toMatchObject({
      webhookUrl: receiverUrl,
      chave: bank.chave,
    });
    expect(bank.webhookUrl(bank.chave)).toBe(receiverUrl);
    expect((await api('PUT', '/webhook/outra-chave', { webhookUrl: receiverUrl })).status).toBe(400);

    const id = txid();
    await api('PUT', `/cobv/${id}`, cobvBody(bank));
    received.length = 0;
    const pix = await bank.pay(id, { horario: '2026-03-10T09:00:00-03:00' });
    // `pay` resolves after the first delivery.
    expect(received).toEqual([
      {
        path: '/api/pix/webhook/segredo123/pix',
        body: {
          pix: [
            {
              endToEndId: pix.endToEndId,
              txid: id,
              valor: '850.00',
              chave: bank.chave,
              horario: '2026-03-10T12:00:00.000Z',
              pagador: { cpf: '12345678909', nome: 'Maria da Silva' },
              componentesValor: { original: { valor: '850.00' } },
            },
          ],
        },
      },
    ]);
  });

  it('retries a delivery the school’s server refused', async () => {
    const api = await clientOf(bank);
    await api('PUT', `/webhook/${encodeURIComponent(bank.chave)}`, { webhookUrl: receiverUrl });
    const id = txid();
    await api('PUT', `/cobv/${id}`, cobvBody(bank));
    received.length = 0;
    failuresLeft = 1;
    await bank.pay(id, { horario: '2026-03-09T09:00:00-03:00' });
    expect(received).toHaveLength(1);
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]?.body).toEqual(received[0]?.body);
  });

  it('accepts only https unless told otherwise, and deletes', async () => {
    const strict = await startSimulatedBank();
    try {
      const api = await clientOf(strict);
      const http = await api('PUT', `/webhook/${encodeURIComponent(strict.chave)}`, {
        webhookUrl: receiverUrl,
      });
      expect(http.status).toBe(400);
      expect(violacoes(http)).toEqual(['webhookUrl']);
      const https = await api('PUT', `/webhook/${encodeURIComponent(strict.chave)}`, {
        webhookUrl: 'https://escola.example/api/pix/webhook/abc',
      });
      expect(https.status).toBe(200);
      expect((await api('DELETE', `/webhook/${encodeURIComponent(strict.chave)}`)).status).toBe(204);
      expect((await api('GET', `/webhook/${encodeURIComponent(strict.chave)}`)).status).toBe(404);
      expect(strict.webhookUrl(strict.chave)).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});
