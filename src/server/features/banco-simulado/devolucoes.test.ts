import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientOf, tokenOf } from './cliente-de-teste.js';
import { startSimulatedBank, type SimulatedBank } from './index.js';

// A devolução the school requests (`PUT /pix/{e2eid}/devolucao/{id}`): what the bank checks, as a PSP
// following the BCB Pix API does, and how it settles.

let bank: SimulatedBank;
beforeEach(async () => {
  bank = await startSimulatedBank({ refundSettlement: 'manual' });
});
afterEach(() => bank.close());

const path = (e2e: string, id: string) => `/pix/${e2e}/devolucao/${id}`;
const problemType = (body: unknown) => (body as { type: string }).type.split('/').at(-1);

describe('devolução requested by the school', () => {
  it('starts EM_PROCESSAMENTO, is read back by its id, and settles DEVOLVIDO on the Pix', async () => {
    const pix = await bank.receive({ valor: 85_000 });
    const api = await clientOf(bank);
    const put = await api('PUT', path(pix.endToEndId, 'dev1'), {
      valor: '850.00',
      descricao: 'Pagamento em duplicidade',
    });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({
      id: 'dev1',
      valor: '850.00',
      status: 'EM_PROCESSAMENTO',
      natureza: 'ORIGINAL',
      descricao: 'Pagamento em duplicidade',
    });
    expect((put.body as { rtrId: string }).rtrId).toMatch(/^D\w{31}$/);
    expect((await api('GET', path(pix.endToEndId, 'dev1'))).body).toMatchObject({
      status: 'EM_PROCESSAMENTO',
    });

    await bank.settleRefund(pix.endToEndId, 'dev1');
    const got = (await api('GET', path(pix.endToEndId, 'dev1'))).body as {
      status: string;
      horario: { liquidacao?: string };
    };
    expect(got.status).toBe('DEVOLVIDO');
    expect(got.horario.liquidacao).toBeDefined();
    const held = (await api('GET', `/pix/${pix.endToEndId}`)).body as { devolucoes: unknown[] };
    expect(held.devolucoes).toEqual([expect.objectContaining({ id: 'dev1', status: 'DEVOLVIDO' })]);
  });

  it('refuses an id used before, more than the Pix brought, a malformed body or id', async () => {
    const pix = await bank.receive({ valor: 10_000 });
    const api = await clientOf(bank);
    const e2e = pix.endToEndId;
    expect((await api('PUT', path(e2e, 'dev1'), { valor: '60.00' })).status).toBe(201);
    const again = await api('PUT', path(e2e, 'dev1'), { valor: '60.00' });
    expect([again.status, problemType(again.body)]).toEqual([400, 'DevolucaoOperacaoInvalida']);
    const tooMuch = await api('PUT', path(e2e, 'dev2'), { valor: '40.01' });
    expect([tooMuch.status, problemType(tooMuch.body)]).toEqual([400, 'DevolucaoOperacaoInvalida']);
    for (const body of [
      {},
      { valor: '40' },
      { valor: '0.00' },
      { valor: '10.00', natureza: 'RETIRADA' },
      { valor: '10.00', descricao: 'x'.repeat(141) },
    ])
      expect((await api('PUT', path(e2e, 'dev3'), body)).status, JSON.stringify(body)).toBe(400);
    expect((await api('PUT', path(e2e, 'dev-4'), { valor: '10.00' })).status).toBe(400);
    expect((await api('PUT', path(e2e, 'a'.repeat(36)), { valor: '10.00' })).status).toBe(400);
    // What is left can still go back.
    expect((await api('PUT', path(e2e, 'dev5'), { valor: '40.00' })).status).toBe(201);
  });

  it('a devolução NAO_REALIZADO says why and frees its amount for another id', async () => {
    const pix = await bank.receive({ valor: 10_000 });
    const api = await clientOf(bank);
    await api('PUT', path(pix.endToEndId, 'dev1'), { valor: '100.00' });
    await bank.settleRefund(pix.endToEndId, 'dev1', {
      status: 'NAO_REALIZADO',
      motivo: 'Saldo insuficiente',
    });
    expect((await api('GET', path(pix.endToEndId, 'dev1'))).body).toMatchObject({
      status: 'NAO_REALIZADO',
      motivo: 'Saldo insuficiente',
    });
    expect((await api('PUT', path(pix.endToEndId, 'dev2'), { valor: '100.00' })).status).toBe(201);
  });

  it('an unknown Pix or devolução is 404; asking needs pix.write, reading pix.read', async () => {
    const pix = await bank.receive({ valor: 10_000 });
    const api = await clientOf(bank);
    const unknownPix = await api('PUT', path('E99999008202601010000abcdefghijk', 'dev1'), { valor: '1.00' });
    expect([unknownPix.status, problemType(unknownPix.body)]).toEqual([404, 'PixNaoEncontrado']);
    const unknownDev = await api('GET', path(pix.endToEndId, 'nada'));
    expect([unknownDev.status, problemType(unknownDev.body)]).toEqual([404, 'DevolucaoNaoEncontrada']);
    const readOnly = await clientOf(bank, 'pix.read');
    expect((await readOnly('PUT', path(pix.endToEndId, 'dev1'), { valor: '1.00' })).status).toBe(403);
    expect((await readOnly('GET', path(pix.endToEndId, 'nada'))).status).toBe(404);
  });

  it('settles by itself by default, just after answering', async () => {
    const auto = await startSimulatedBank();
    try {
      const pix = await auto.receive({ valor: 5_000 });
      const api = await clientOf(auto);
      const put = await api('PUT', path(pix.endToEndId, 'dev1'), { valor: '50.00' });
      expect((put.body as { status: string }).status).toBe('EM_PROCESSAMENTO');
      await expect.poll(() => auto.refunds(pix.endToEndId)[0]?.status).toBe('DEVOLVIDO');
      expect((await tokenOf(auto, 'pix.write')).status).toBe(200);
    } finally {
      await auto.close();
    }
  });
});
