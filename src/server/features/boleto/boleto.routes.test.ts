/**
 * The boleto registrado (issue 36 §1, ADR 0055): the agreement's settings, issuing once (also when two
 * calls race), the family's scope, the refusals, the PDF (its bars decode to the barcode) and the class
 * batch, and `reconcileBoletos` for the remessa.
 */
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.js';
import { boletoConfig, boletos } from '../../db/schema/boletos.js';
import { mensalidades } from '../../db/schema/finance.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  mensalidadeOf,
  school,
  setupFinanceTest,
  thisYear,
  today,
  BOLETO_BB,
} from '../finance/finance.test-setup.js';
import { clock } from '../../lib/clock.js';
import { systemActor } from '../audit/index.js';
import { emitirBoletosPendentes } from './boleto.service.js';
import { reconcileBoletos } from './boleto.reconcile.js';
import { codigoBarrasDaLinha } from './febraban.js';
import { decodeItf } from './itf.test-support.js';

const { t, call } = setupFinanceTest();

/** This year's tuition generated (July on is still open on 2026-06-15), Carla with CPF and address. */
async function withBoletos(config: object | null = BOLETO_BB) {
  const s = await school({ ano: thisYear });
  const gerar = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
  expect(gerar.statusCode).toBe(201);
  await t.database.db
    .update(guardians)
    .set({
      cpf: '52998224725',
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
    })
    .where(eq(guardians.id, s.mae.id));
  if (config)
    expect((await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, config)).statusCode).toBe(200);
  const julho = await mensalidadeOf(s.ana.id, `${String(thisYear)}-07`);
  return { ...s, julho };
}

const boletoUrl = (id: string) => `/api/financeiro/mensalidades/${id}/boleto`;

describe('boleto settings', () => {
  beforeEach(async () => {
    await t.database.db.delete(boletos);
    await t.database.db.delete(boletoConfig);
  });

  it('starts off; saves per bank rules with pt-BR messages, version and audit; administrator only', async () => {
    const s = await school({ ano: thisYear });
    const disponivel = () => call('GET', '/api/financeiro/boleto/disponivel', s.guardian);
    expect((await disponivel()).json().data).toEqual({ disponivel: false, banco_nome: null });
    const first = await call('GET', '/api/financeiro/boleto/configuracao', s.admin);
    expect(first.json().data).toMatchObject({ ativo: false, banco: null, proximo_nosso_numero: 1 });
    const version = first.json<{ data: { version: number } }>().data.version;

    const wrong = await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, {
      ...BOLETO_BB,
      convenio: '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'convenio', message: 'O convênio do Banco do Brasil deve ter 7 dígitos.' },
    ]);
    const sicoob = await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, {
      ...BOLETO_BB,
      banco: '756',
    });
    expect(sicoob.statusCode).toBe(400);
    expect(sicoob.json().message).toBe('No Sicoob a carteira é 1 (simples com registro).');
    const semBanco = await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, {
      ...BOLETO_BB,
      banco: null,
    });
    expect(semBanco.statusCode).toBe(400);
    const extra = await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, {
      ...BOLETO_BB,
      senha: 'x',
    });
    expect(extra.statusCode).toBe(400);

    const saved = await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, {
      ...BOLETO_BB,
      version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ ...BOLETO_BB, version: version + 1 });
    const stale = await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, {
      ...BOLETO_BB,
      version,
    });
    expect(stale.statusCode).toBe(412);
    expect((await disponivel()).json().data).toEqual({ disponivel: true, banco_nome: 'Banco do Brasil' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'configurar_boleto'));
    expect(audit).toHaveLength(1);

    for (const cookie of [s.guardian, s.teacher]) {
      expect((await call('GET', '/api/financeiro/boleto/configuracao', cookie)).statusCode).toBe(403);
      expect((await call('PUT', '/api/financeiro/boleto/configuracao', cookie, BOLETO_BB)).statusCode).toBe(
        403,
      );
    }
  });
});

describe('issuing a boleto', () => {
  beforeEach(async () => {
    await t.database.db.delete(boletos);
    await t.database.db.delete(boletoConfig);
  });

  it('issues once with the next nosso número; the family and the school read the same boleto', async () => {
    const s = await withBoletos();
    const family = await call('GET', boletoUrl(s.julho.id), s.guardian);
    expect(family.statusCode).toBe(200);
    const boleto = family.json().data;
    expect(boleto).toMatchObject({
      banco: '001',
      nosso_numero: '12345670000000001',
      vencimento: `${String(thisYear)}-07-10`,
      valor: 85_000,
      situacao: 'a_registrar',
      pagador: { nome: 'Carla Souza', cpf: '52998224725' },
    });
    expect(boleto.codigo_barras).toMatch(/^0019\d{40}$/);
    expect(boleto.codigo_barras.slice(9, 19)).toBe('0000085000');
    expect(boleto.linha_digitavel).toMatch(/^\d{47}$/);
    expect(codigoBarrasDaLinha(boleto.linha_digitavel_formatada)).toBe(boleto.codigo_barras);

    const again = await call('GET', boletoUrl(s.julho.id), s.admin);
    expect(again.json().data).toEqual(boleto);
    const [config] = await t.database.db.select().from(boletoConfig);
    expect(config!.proximoNossoNumero).toBe(2);
    const [row] = await t.database.db.select().from(boletos);
    expect(row).toMatchObject({ movimentoPendente: 'entrada', situacao: 'a_registrar', remessaId: null });
  });

  it('two first calls at once give one boleto and one nosso número', async () => {
    const s = await withBoletos();
    const agosto = await mensalidadeOf(s.ana.id, `${String(thisYear)}-08`);
    const answers = await Promise.all([
      call('GET', boletoUrl(agosto.id), s.guardian),
      call('GET', boletoUrl(agosto.id), s.admin),
      call('GET', boletoUrl(s.julho.id), s.admin),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0].json().data.nosso_numero).toBe(answers[1].json().data.nosso_numero);
    expect(answers[2].json().data.nosso_numero).not.toBe(answers[0].json().data.nosso_numero);
    expect(await t.database.db.select().from(boletos)).toHaveLength(2);
    const [config] = await t.database.db.select().from(boletoConfig);
    expect(config!.proximoNossoNumero).toBe(3);
  });

  it("another family's mensalidade is not found; a teacher has no access", async () => {
    const s = await withBoletos();
    expect((await call('GET', boletoUrl(s.julho.id), s.otherGuardian)).statusCode).toBe(404);
    expect((await call('GET', `${boletoUrl(s.julho.id)}.pdf`, s.otherGuardian)).statusCode).toBe(404);
    expect((await call('GET', boletoUrl(s.julho.id), s.teacher)).statusCode).toBe(403);
    expect((await call('GET', boletoUrl('not-a-uuid'), s.admin)).statusCode).toBe(400);
    expect(await t.database.db.select().from(boletos)).toHaveLength(0);
  });

  it("a child's other guardian gets the boleto without the payer's CPF and address (the other parent's contacts are not theirs)", async () => {
    const s = await withBoletos();
    // Diego (the other family's guardian) becomes Ana's second guardian; Carla stays the payer.
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: s.ana.id, responsavelId: s.pai.id, parentesco: 'pai', ehPrincipal: false });
    const json = await call('GET', boletoUrl(s.julho.id), s.otherGuardian);
    expect(json.statusCode).toBe(200);
    expect(json.json().data.pagador).toEqual({ nome: 'Carla Souza', cpf: '***.982.247-**' });
    const pdf = await call('GET', `${boletoUrl(s.julho.id)}.pdf`, s.otherGuardian);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Carla Souza');
    expect(text).toContain('***.982.247-**');
    for (const hidden of ['529.982.247-25', 'Avenida Paulista', '01310-100'])
      expect(text).not.toContain(hidden);
    // The payer and the school still read it whole.
    expect((await call('GET', boletoUrl(s.julho.id), s.guardian)).json().data.pagador.cpf).toBe(
      '52998224725',
    );
    expect((await call('GET', boletoUrl(s.julho.id), s.admin)).json().data.pagador.cpf).toBe('52998224725');
  });

  it('refuses with pt-BR messages: boleto off, paid, cancelled, payer without CPF', async () => {
    const off = await withBoletos(null);
    const semConfig = await call('GET', boletoUrl(off.julho.id), off.guardian);
    expect(semConfig.statusCode).toBe(409);
    expect(semConfig.json().message).toContain('não emite boleto');
    await call('PUT', '/api/financeiro/boleto/configuracao', off.admin, BOLETO_BB);

    const pago = await call('POST', `/api/financeiro/mensalidades/${off.julho.id}/pagamento`, off.admin, {
      valor_pago: 85_000,
      data_pagamento: '2026-06-15',
      forma: 'dinheiro',
    });
    expect(pago.statusCode).toBe(201);
    const paid = await call('GET', boletoUrl(off.julho.id), off.guardian);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Esta mensalidade já está paga: não há boleto a pagar.');

    const agosto = await mensalidadeOf(off.ana.id, `${String(thisYear)}-08`);
    await call('POST', `/api/financeiro/mensalidades/${agosto.id}/cancelar`, off.admin, {
      motivo: 'Transferido',
    });
    expect((await call('GET', boletoUrl(agosto.id), off.admin)).statusCode).toBe(409);

    const bruno = await mensalidadeOf(off.bruno.id, `${String(thisYear)}-07`);
    const semCpf = await call('GET', boletoUrl(bruno.id), off.admin);
    expect(semCpf.statusCode).toBe(422);
    expect(semCpf.json().message).toContain('Diego Lima');
    expect(semCpf.json().message).toContain('Preencha o CPF');
    expect(await t.database.db.select().from(boletos)).toHaveLength(0);
  });

  it('past its due date, a tuition with no boleto gets one due the next business day (never before it is issued, G059 17) with the amount of that day (ADR 0131); one issued in time is given again', async () => {
    const s = await withBoletos();
    const junho = await mensalidadeOf(s.ana.id, `${String(thisYear)}-06`);
    expect(junho.dataVencimento < today).toBe(true);
    const vencida = await call('GET', boletoUrl(junho.id), s.guardian);
    expect(vencida.statusCode).toBe(200);
    expect(vencida.json().data).toMatchObject({
      vencimento: `${String(thisYear)}-06-16`,
      valor: 86_870,
      multa: 1_700,
      juros: 170,
      vencimento_mensalidade: junho.dataVencimento,
    });
    // Issued on Friday 19/06, it is due on Monday 22/06 (no bank clears on the weekend).
    try {
      clock.pin(`${String(thisYear)}-06-19`);
      const maio = await mensalidadeOf(s.ana.id, `${String(thisYear)}-05`);
      expect((await call('GET', boletoUrl(maio.id), s.guardian)).json().data).toMatchObject({
        vencimento: `${String(thisYear)}-06-22`,
      });
    } finally {
      clock.pin(today);
    }

    // Issued before the due date (and registered with it), the same boleto is the 2ª via after it.
    const julho = s.julho;
    try {
      clock.pin(`${String(thisYear)}-07-01`);
      expect((await call('GET', boletoUrl(julho.id), s.guardian)).statusCode).toBe(200);
      clock.pin(`${String(thisYear)}-07-20`);
      const segundaVia = await call('GET', boletoUrl(julho.id), s.guardian);
      expect(segundaVia.statusCode).toBe(200);
      expect(segundaVia.json().data).toMatchObject({
        vencimento: `${String(thisYear)}-07-10`,
        valor: 85_000,
      });
    } finally {
      clock.pin(today);
    }
  });
});

/** The filled rectangles of a PDF's content streams (x, width, height), as a scanner would see bars. */
function filledRects(pdf: Buffer): { x: number; width: number; height: number }[] {
  const rects: { x: number; width: number; height: number }[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const r of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\s+f\b/g))
      rects.push({ x: Number(r[1]), width: Number(r[3]), height: Number(r[4]) });
  }
  return rects;
}

describe('the boleto PDF', () => {
  beforeEach(async () => {
    await t.database.db.delete(boletos);
    await t.database.db.delete(boletoConfig);
  });

  it('prints the ficha de compensação whose bars decode to the barcode, and the linha digitável', async () => {
    const s = await withBoletos();
    const pdf = await call('GET', `${boletoUrl(s.julho.id)}.pdf`, s.guardian);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('boleto-12345670000000001.pdf');
    const boleto = (await call('GET', boletoUrl(s.julho.id), s.guardian)).json().data;
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(boleto.linha_digitavel_formatada);
    for (const expected of [
      'Ficha de Compensação',
      'Recibo do Pagador',
      'Banco do Brasil',
      '001-9',
      'ME',
      '529.982.247-25',
      'Avenida Paulista, 1000',
      'CEP 01310-100',
      'São Paulo/SP',
      'multa de 2,00%',
      'Não receber após 30 dias do vencimento.',
      '12345670000000001',
      'R$ 850,00',
    ])
      expect(text).toContain(expected);

    const bars = filledRects(pdf.rawPayload)
      .filter((rect) => Math.abs(rect.height - 37) < 0.01)
      .sort((a, b) => a.x - b.x)
      .map((rect) => ({ x: rect.x, width: rect.width }));
    expect(decodeItf(bars)).toBe(boleto.codigo_barras);
  });

  it('is híbrido when the mensalidade has a dynamic Pix charge: the QR and the copia e cola', async () => {
    const s = await withBoletos();
    const db = t.database.db;
    const plain = pdfText((await call('GET', `${boletoUrl(s.julho.id)}.pdf`, s.guardian)).rawPayload);
    expect(plain).not.toContain('Pague com Pix');
    await db.insert(pixProvedor).values({ id: 1, ativo: true, webhookSegredoCifrado: 'teste' });
    await db.insert(pixCobrancas).values({
      mensalidadeId: s.julho.id,
      txid: s.julho.id.replace(/-/g, ''),
      status: 'ativa',
      location: 'pix.banco.test/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
    });
    try {
      const hibrido = pdfText((await call('GET', `${boletoUrl(s.julho.id)}.pdf`, s.guardian)).rawPayload);
      expect(hibrido).toContain('Pague com Pix');
      expect(hibrido.replace(/\s/g, '')).toContain(
        'pix.banco.test/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
      );
    } finally {
      await db.delete(pixCobrancas);
      await db.delete(pixProvedor);
    }
  });

  it("a class's boletos of a month in one file; payers without CPF are counted apart", async () => {
    const s = await withBoletos();
    const url = `/api/financeiro/boleto/lote.pdf?turma_id=${s.turma.id}&mes_referencia=${String(thisYear)}-09`;
    const lote = await call('GET', url, s.admin);
    expect(lote.statusCode).toBe(200);
    expect(lote.headers['x-boletos-sem-cpf']).toBe('1');
    await t.database.db.update(guardians).set({ cpf: '11144477735' }).where(eq(guardians.id, s.pai.id));
    const both = await call('GET', url, s.admin);
    expect(both.headers['x-boletos-sem-cpf']).toBe('0');
    const text = pdfText(both.rawPayload);
    const rows = await t.database.db.select().from(boletos);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(text).toContain(row.nossoNumero);
    expect(text).toContain('Ana Souza');
    expect(text).toContain('Bruno Lima');
    expect((await call('GET', url, s.guardian)).statusCode).toBe(403);
    // A past month's batch issues no boletos due in a few days to hand out (ADR 0131): one by one.
    const maio = await call(
      'GET',
      `/api/financeiro/boleto/lote.pdf?turma_id=${s.turma.id}&mes_referencia=${String(thisYear)}-05`,
      s.admin,
    );
    expect(maio.statusCode).toBe(409);
    expect(maio.json().message).toMatch(
      /^As mensalidades em aberto desta turma e mês já venceram sem boleto/,
    );
    expect(await t.database.db.select().from(boletos)).toHaveLength(2);
    const bad = await call(
      'GET',
      `/api/financeiro/boleto/lote.pdf?turma_id=${s.turma.id}&mes_referencia=2026-13`,
      s.admin,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('reconcileBoletos and issuing with generation', () => {
  beforeEach(async () => {
    await t.database.db.delete(boletos);
    await t.database.db.delete(boletoConfig);
  });

  it('removes unsent boletos of paid tuition, asks baixa of sent ones (dropped if reopened first), follows a new due date', async () => {
    const s = await withBoletos();
    const db = t.database.db;
    const [julho, agosto, setembro] = await Promise.all(
      ['07', '08', '09'].map((mes) => mensalidadeOf(s.ana.id, `${String(thisYear)}-${mes}`)),
    );
    for (const m of [julho!, agosto!, setembro!])
      expect((await call('GET', boletoUrl(m.id), s.admin)).statusCode).toBe(200);
    // August and September went to the bank in a remessa.
    const remessaId = '00000000-0000-4000-8000-000000000001';
    for (const m of [agosto!, setembro!])
      await db
        .update(boletos)
        .set({ remessaId, situacao: 'registrado', movimentoPendente: null })
        .where(eq(boletos.mensalidadeId, m.id));
    await call('POST', `/api/financeiro/mensalidades/${julho!.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: '2026-06-15',
      forma: 'pix',
    });
    await call('POST', `/api/financeiro/mensalidades/${agosto!.id}/cancelar`, s.admin, {
      motivo: 'Transferido',
    });
    const [antes] = await db.select().from(boletos).where(eq(boletos.mensalidadeId, setembro!.id));
    await db
      .update(mensalidades)
      .set({ dataVencimento: `${String(thisYear)}-09-20` })
      .where(eq(mensalidades.id, setembro!.id));

    const outcome = await db.transaction((tx) => reconcileBoletos(tx));
    expect(outcome).toEqual({ removidos: 1, baixas: 1, vencimentosAlterados: 1, baixasRetiradas: 0 });
    const rows = new Map((await db.select().from(boletos)).map((row) => [row.mensalidadeId, row]));
    expect(rows.has(julho!.id)).toBe(false);
    expect(rows.get(agosto!.id)!.movimentoPendente).toBe('baixa');
    const depois = rows.get(setembro!.id)!;
    expect(depois).toMatchObject({
      vencimento: `${String(thisYear)}-09-20`,
      movimentoPendente: 'alteracao_vencimento',
    });
    expect(depois.nossoNumero).toBe(antes!.nossoNumero);
    expect(depois.codigoBarras).not.toBe(antes!.codigoBarras);
    expect(depois.codigoBarras.slice(19)).toBe(antes!.codigoBarras.slice(19));
    expect(codigoBarrasDaLinha(depois.linhaDigitavel)).toBe(depois.codigoBarras);
    // Run again: nothing more to do.
    expect(await db.transaction((tx) => reconcileBoletos(tx))).toEqual({
      removidos: 0,
      baixas: 0,
      vencimentosAlterados: 0,
      baixasRetiradas: 0,
    });
    // August was cancelled by mistake and comes back before the next remessa: its boleto stays registered.
    const back = await call('POST', `/api/financeiro/mensalidades/${agosto!.id}/reativar`, s.admin, {
      motivo: 'Cancelada por engano',
    });
    expect(back.statusCode).toBe(200);
    expect(await db.transaction((tx) => reconcileBoletos(tx))).toMatchObject({
      baixas: 0,
      baixasRetiradas: 1,
    });
    const [agostoDepois] = await db.select().from(boletos).where(eq(boletos.mensalidadeId, agosto!.id));
    expect(agostoDepois).toMatchObject({ situacao: 'registrado', movimentoPendente: null });
  });

  it('with generation: open tuition not yet due gets its boleto; overdue and payers without CPF do not', async () => {
    const s = await withBoletos();
    const emitidos = await emitirBoletosPendentes(t.database.db, systemActor);
    const rows = await t.database.db
      .select({ mes: mensalidades.mesReferencia, aluno: mensalidades.alunoId })
      .from(boletos)
      .innerJoin(mensalidades, eq(mensalidades.id, boletos.mensalidadeId));
    expect(emitidos).toBe(rows.length);
    expect(rows.every((row) => row.aluno === s.ana.id)).toBe(true);
    expect(rows.map((row) => row.mes).sort()).toEqual(
      ['07', '08', '09', '10', '11', '12'].map((mes) => `${String(thisYear)}-${mes}`),
    );
    expect(await emitirBoletosPendentes(t.database.db, systemActor)).toBe(0);
  });
});
