import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from './cliente-de-teste.js';
import { startSimulatedBank, type SimulatedBank } from './index.js';

// Pix that are not the payment of a charge (the product must never drop them): a Pix without txid or
// with a txid no charge has, and a devolução of a Pix received.

let bank: SimulatedBank;
let receiver: Server;
const received: { pix: Record<string, unknown>[] }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof received)[number]);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  bank = await startSimulatedBank({ allowHttpWebhook: true });
  const api = await clientOf(bank);
  const port = (receiver.address() as AddressInfo).port;
  await api('PUT', `/webhook/${encodeURIComponent(bank.chave)}`, {
    webhookUrl: `http://127.0.0.1:${String(port)}/api/pix/webhook/segredo`,
  });
});
afterAll(async () => {
  await bank.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const period = 'inicio=2026-05-01T00:00:00Z&fim=2026-05-31T23:59:59Z';

describe('receive', () => {
  it('a Pix without txid is listed, not posted (the standard notifies Pix with a txid)', async () => {
    received.length = 0;
    const pix = await bank.receive({
      valor: 12345,
      horario: '2026-05-04T10:00:00Z',
      pagador: { nome: 'Avó' },
    });
    expect(pix).toMatchObject({ valor: '123.45', chave: bank.chave, horario: '2026-05-04T10:00:00.000Z' });
    expect(pix.txid).toBeUndefined();
    expect(received).toEqual([]);
    const api = await clientOf(bank);
    const list = (await api('GET', `/pix?${period}&txIdPresente=false`)).body as {
      pix: { endToEndId: string }[];
    };
    expect(list.pix.map((item) => item.endToEndId)).toEqual([pix.endToEndId]);
  });

  it('a Pix with a txid no charge has is posted to the webhook', async () => {
    received.length = 0;
    const pix = await bank.receive({
      valor: 5000,
      txid: 'naoexiste00000000000000000001',
      horario: '2026-05-05T10:00:00Z',
    });
    expect(received).toEqual([
      {
        pix: [
          expect.objectContaining({
            endToEndId: pix.endToEndId,
            txid: 'naoexiste00000000000000000001',
            valor: '50.00',
          }),
        ],
      },
    ]);
  });
});

describe('refund', () => {
  it('adds a devolução and posts the Pix again with it; never more than was received', async () => {
    const api = await clientOf(bank);
    const txid = 'devolucao0000000000000000000001';
    await api('PUT', `/cobv/${txid}`, {
      calendario: { dataDeVencimento: '2026-05-10' },
      devedor: { cpf: '12345678909', nome: 'Maria da Silva' },
      valor: { original: '300.00' },
      chave: bank.chave,
    });
    const pix = await bank.pay(txid, { horario: '2026-05-06T10:00:00Z' });
    received.length = 0;
    const devolucao = await bank.refund(pix.endToEndId, 10000);
    expect(devolucao).toMatchObject({ valor: '100.00', status: 'DEVOLVIDO', natureza: 'ORIGINAL' });
    expect(devolucao.rtrId).toMatch(/^D99999008\d{12}[a-zA-Z0-9]{11}$/);
    expect(received).toEqual([
      {
        pix: [
          expect.objectContaining({
            endToEndId: pix.endToEndId,
            txid,
            valor: '300.00',
            devolucoes: [devolucao],
          }),
        ],
      },
    ]);
    expect((await api('GET', `/pix/${pix.endToEndId}`)).body).toMatchObject({ devolucoes: [devolucao] });
    await expect(bank.refund(pix.endToEndId, 20001)).rejects.toThrow(/excede/);
    await expect(bank.refund(pix.endToEndId, 20000)).resolves.toMatchObject({ valor: '200.00' });
    await expect(bank.pay(txid)).rejects.toThrow(/CONCLUIDA/);
    await expect(bank.receive({ valor: 100, txid })).rejects.toThrow(/pay\(\)/);
  });
});
