import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { clientOf } from './cliente-de-teste.js';
import { startSimulatedBank, type SimulatedBank } from './index.js';
import { RECEBEDOR } from './banco.js';
import { lerBrCode } from './br-code.js';
import { brCodeDaRecorrencia } from './recorrencias.js';

// Pix Automático at the test bank: the recurrence, its authorisation by the payer's bank app, each
// month's charge in the 2–10 days window, the debit on the due date, cancelling on either side, the
// status webhooks and the scopes.

let bank: SimulatedBank;
let receiver: Server;
const received: { path: string; body: Record<string, unknown[]> }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown[]>,
      });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  bank = await startSimulatedBank({ allowHttpWebhook: true, webhookRetryDelaysMs: [] });
  const api = await clientOf(bank);
  const url = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/api/pix/webhook/segredo`;
  for (const recurso of ['/webhookrec', '/webhookcobr'])
    if ((await api('PUT', recurso, { webhookUrl: url })).status !== 200) throw new Error(recurso);
});
afterAll(async () => {
  await bank.close();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(() => {
  clock.unpin();
  received.length = 0;
});

const recBody = (overrides: Record<string, unknown> = {}) => ({
  vinculo: {
    objeto: 'Mensalidade escolar',
    contrato: 'MAT-2026-0001',
    devedor: { cpf: '52998224725', nome: 'Maria Souza' },
  },
  calendario: { dataInicial: '2026-03-10', dataFinal: '2026-12-10', periodicidade: 'MENSAL' },
  valor: { valorMinimoRecebedor: '1500.00' },
  politicaRetentativa: 'NAO_PERMITE',
  ...overrides,
});

const cobrBody = (idRec: string, dataDeVencimento: string, original = '1500.00') => ({
  idRec,
  infoAdicional: 'Mensalidade março/2026',
  calendario: { dataDeVencimento },
  valor: { original },
  ajusteDiaUtil: true,
  recebedor: { agencia: '0001', conta: '123456', tipoConta: 'CORRENTE' },
});

async function approvedRec(): Promise<string> {
  const api = await clientOf(bank);
  const created = await api('POST', '/rec', recBody());
  const idRec = (created.body as { idRec: string }).idRec;
  await bank.authorizeRec(idRec);
  return idRec;
}

describe('POST /rec and the authorisation', () => {
  it('creates a recurrence CRIADA with an idRec, a location and the journey-2 QR; the payer authorises it', async () => {
    clock.pin('2026-03-01');
    const api = await clientOf(bank);
    const created = await api('POST', '/rec', recBody());
    expect(created.status).toBe(201);
    const rec = created.body as {
      idRec: string;
      status: string;
      loc: { location: string };
      dadosQR: { pixCopiaECola: string };
    };
    expect(rec.idRec).toMatch(/^RN99999008\d{8}[a-zA-Z0-9]{11}$/);
    expect(rec).toMatchObject({
      status: 'CRIADA',
      vinculo: recBody().vinculo,
      calendario: recBody().calendario,
    });
    expect(rec.dadosQR.pixCopiaECola).toBe(brCodeDaRecorrencia(rec.loc.location));
    expect(rec.dadosQR.pixCopiaECola).toContain(rec.loc.location);
    expect(rec.dadosQR.pixCopiaECola).not.toContain('https://');
    expect((await api('GET', `/rec/${rec.idRec}`)).body).toMatchObject({ status: 'CRIADA' });

    await bank.authorizeRec(rec.idRec);
    expect((await api('GET', `/rec/${rec.idRec}`)).body).toMatchObject({
      status: 'APROVADA',
      pagador: { cpf: '52998224725' },
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/api/pix/webhook/segredo/rec');
    expect(received[0]!.body.recs).toMatchObject([{ idRec: rec.idRec, status: 'APROVADA' }]);
  });

  it("names as the payee the school's account at the bank (its own name, as its Pix codes do), not the bank's default", async () => {
    clock.pin('2026-03-01');
    const named = await startSimulatedBank({ nomeDoRecebedor: () => Promise.resolve('Colégio Horizonte') });
    try {
      const api = await clientOf(named);
      const rec = (await api('POST', '/rec', recBody())).body as {
        recebedor: { nome: string; cnpj: string };
        dadosQR: { pixCopiaECola: string };
      };
      expect(rec.recebedor).toMatchObject({ nome: 'Colégio Horizonte', cnpj: RECEBEDOR.cnpj });
      expect(lerBrCode(rec.dadosQR.pixCopiaECola)).toMatchObject({ ok: true, nome: 'COLEGIO HORIZONTE' });
    } finally {
      await named.close();
    }
    // Without one (this file's bank): the bank's own account name.
    const api = await clientOf(bank);
    const plain = (await api('POST', '/rec', recBody())).body as { recebedor: { nome: string } };
    expect(plain.recebedor.nome).toBe(RECEBEDOR.nome);
  });

  it('refuses a body out of the standard, naming each field', async () => {
    clock.pin('2026-03-01');
    const api = await clientOf(bank);
    const bad = await api(
      'POST',
      '/rec',
      recBody({
        vinculo: { contrato: '', devedor: { cpf: '12345678900', nome: 'X' } },
        calendario: { dataInicial: '2026-02-01', periodicidade: 'DIARIA' },
        valor: { valorRec: '10.00', valorMinimoRecebedor: '5.00' },
        politicaRetentativa: 'SEMPRE',
      }),
    );
    expect(bad.status).toBe(400);
    const props = (bad.body as { violacoes: { propriedade: string }[] }).violacoes.map((v) => v.propriedade);
    expect(props).toEqual(
      expect.arrayContaining([
        'rec.vinculo.contrato',
        'rec.vinculo.devedor.cpf',
        'rec.calendario.dataInicial',
        'rec.calendario.periodicidade',
        'rec.valor',
        'rec.politicaRetentativa',
      ]),
    );
    expect((await api('GET', '/rec/RN9999900820260301naoexiste01')).status).toBe(404);
  });

  it('a rejected recurrence says why and takes no charge', async () => {
    clock.pin('2026-03-01');
    const api = await clientOf(bank);
    const idRec = ((await api('POST', '/rec', recBody())).body as { idRec: string }).idRec;
    await bank.rejectRec(idRec);
    expect(bank.rec(idRec)).toMatchObject({
      status: 'REJEITADA',
      encerramento: { rejeicao: { codigo: 'AP13' } },
    });
    const cobr = await api('PUT', '/cobr/cobrrejeitada00000000000000001', cobrBody(idRec, '2026-03-10'));
    expect(cobr.status).toBe(400);
  });

  it('needs the rec and cobr scopes', async () => {
    const cobvOnly = await clientOf(bank, 'cobv.write cobv.read');
    expect((await cobvOnly('POST', '/rec', recBody())).status).toBe(403);
    expect((await cobvOnly('GET', '/cobr/qualquer0000000000000000000001')).status).toBe(403);
    expect((await cobvOnly('PUT', '/webhookrec', { webhookUrl: 'https://x.example' })).status).toBe(403);
  });

  it('answers 404 for all of it at a PSP without Pix Automático', async () => {
    const api = await clientOf(bank);
    bank.semPixAutomatico = true;
    try {
      expect((await api('POST', '/rec', recBody())).status).toBe(404);
    } finally {
      bank.semPixAutomatico = false;
    }
  });
});

describe('PUT /cobr/{txid} and the debit', () => {
  it('accepts a charge 2 to 10 days before its due date, no earlier and no later', async () => {
    clock.pin('2026-03-01');
    const idRec = await approvedRec();
    const api = await clientOf(bank);
    const early = await api('PUT', '/cobr/cobrcedo000000000000000000001', cobrBody(idRec, '2026-03-12'));
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain('de 2 a 10 dias antes do vencimento');
    const late = await api('PUT', '/cobr/cobrtarde00000000000000000001', cobrBody(idRec, '2026-03-02'));
    expect(late.status).toBe(400);
    const ok = await api('PUT', '/cobr/cobrmarco00000000000000000001', cobrBody(idRec, '2026-03-10'));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'ATIVA', idRec, valor: { original: '1500.00' } });
    const again = await api('PUT', '/cobr/cobrmarco00000000000000000002', cobrBody(idRec, '2026-03-11'));
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('neste mês');
  });

  it('settles on the due date and posts the charge CONCLUIDA to <url>/cobr', async () => {
    clock.pin('2026-03-01');
    const idRec = await approvedRec();
    const api = await clientOf(bank);
    const txid = 'cobrliquida000000000000000001';
    expect((await api('PUT', `/cobr/${txid}`, cobrBody(idRec, '2026-03-10'))).status).toBe(201);
    received.length = 0;
    await bank.settleCobr(txid);
    expect((await api('GET', `/cobr/${txid}`)).body).toMatchObject({
      status: 'CONCLUIDA',
      tentativas: [{ status: 'LIQUIDADA', tipo: 'AGND' }],
    });
    expect(received.map((item) => item.path)).toEqual(['/api/pix/webhook/segredo/cobr']);
    expect(received[0]!.body.cobsr).toMatchObject([{ txid, status: 'CONCLUIDA' }]);
  });

  it('a recurrence cancelled by the payer cancels its scheduled charge; both are posted', async () => {
    clock.pin('2026-03-01');
    const idRec = await approvedRec();
    const api = await clientOf(bank);
    const txid = 'cobrcancelada0000000000000001';
    await api('PUT', `/cobr/${txid}`, cobrBody(idRec, '2026-03-10'));
    received.length = 0;
    await bank.cancelRecByPayer(idRec);
    expect(bank.rec(idRec)).toMatchObject({
      status: 'CANCELADA',
      encerramento: { cancelamento: { solicitante: 'USUARIO_PAGADOR' } },
    });
    expect(bank.cobr(txid)?.status).toBe('CANCELADA');
    expect(received.map((item) => item.path).sort()).toEqual([
      '/api/pix/webhook/segredo/cobr',
      '/api/pix/webhook/segredo/rec',
    ]);
  });

  it('the school cancels a recurrence with PATCH status CANCELADA, and nothing else', async () => {
    clock.pin('2026-03-01');
    const idRec = await approvedRec();
    const api = await clientOf(bank);
    expect((await api('PATCH', `/rec/${idRec}`, { status: 'APROVADA' })).status).toBe(400);
    const cancelled = await api('PATCH', `/rec/${idRec}`, { status: 'CANCELADA' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'CANCELADA',
      encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR' } },
    });
    expect((await api('PATCH', `/rec/${idRec}`, { status: 'CANCELADA' })).status).toBe(400);
  });

  it('the school withdraws a month’s charge until 22h of the eve of its date, not after', async () => {
    clock.pin('2026-03-01');
    const idRec = await approvedRec();
    const api = await clientOf(bank);
    const [marco, abril] = ['cobrretirada00000000000000001', 'cobrretirada00000000000000002'];
    await api('PUT', `/cobr/${marco}`, cobrBody(idRec, '2026-03-10'));
    expect((await api('PATCH', `/cobr/${marco}`, { status: 'CONCLUIDA' })).status).toBe(400);
    clock.pin(new Date('2026-03-09T21:59:00-03:00'));
    const withdrawn = await api('PATCH', `/cobr/${marco}`, { status: 'CANCELADA' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'CANCELADA' });
    expect((await api('PATCH', `/cobr/${marco}`, { status: 'CANCELADA' })).status).toBe(400);

    clock.pin('2026-03-31');
    await api('PUT', `/cobr/${abril}`, cobrBody(idRec, '2026-04-10'));
    clock.pin(new Date('2026-04-09T22:00:00-03:00'));
    const late = await api('PATCH', `/cobr/${abril}`, { status: 'CANCELADA' });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain('até as 22h da véspera');
    expect(bank.cobr(abril)?.status).toBe('ATIVA');
  });
});
