/**
 * The retorno CNAB 240, round trip through the simulated bank: entrada confirmada, rejeição with the
 * bank's reason, liquidação that pays once (also when the same file is uploaded twice) with the tariff as
 * a despesa apart, lines of no boleto kept to reconcile, and wrong files refused whole with the line.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { boletos } from '../../db/schema/boletos.js';
import { cnabOcorrencias } from '../../db/schema/cnab.js';
import { pagamentos, transacoes } from '../../db/schema/finance.js';
import { setupFinanceTest } from '../finance/finance.test-setup.js';
import { boletoOf, cnabSchool, gerarRemessa, uploadRetorno } from './cnab.test-setup.js';

const harness = setupFinanceTest();
const { t, call } = harness;

async function registered(banco: '001' | '756' = '001') {
  const s = await cnabSchool(harness, banco);
  const remessa = (await gerarRemessa(t, s.admin)).rawPayload.toString('latin1');
  const confirmacao = s.bank.receberRemessa(remessa, '2026-06-15');
  return { ...s, confirmacao };
}

/** Replaces positions start–end of line n (1-based) of a file. */
function patch(text: string, n: number, start: number, value: string): string {
  const lines = text.split('\r\n');
  const line = lines[n - 1]!;
  lines[n - 1] = line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);
  return lines.join('\r\n');
}

/** Liquidações a bank would not send for the boleto the school issued (the file crafted from a real one). */
const LIQUIDACOES_SUSPEITAS: [string, (day: string) => string, RegExp][] = [
  [
    'the title of R$ 0,01',
    (day) => patch(day, 3, 82, '000000000000001'),
    /^O valor do título no retorno \(R\$ 0,01\) não é o do boleto emitido \(R\$ 850,00\)\.$/,
  ],
  [
    'R$ 0,01 paid, the rest as a discount',
    (day) => patch(patch(day, 4, 78, '000000000000001'), 4, 33, '000000000086839'),
    /^O banco informa um desconto de R\$ 868,39, maior que o do boleto \(R\$ 0,00\)\.$/,
  ],
  [
    'paid before the boleto was issued',
    (day) => patch(day, 4, 138, `0101${String(new Date().getFullYear())}`),
    /^A data do pagamento no retorno \(01\/01\/\d{4}\) é anterior à emissão do boleto \(01\/06\/\d{4}\)\.$/,
  ],
];

describe('POST /api/financeiro/boleto/retorno', () => {
  it('confirms the entradas, then a liquidação pays the mensalidade once, with the tariff as a despesa', async () => {
    const s = await registered();
    const confirmed = await uploadRetorno(t, s.admin, s.confirmacao);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      confirmados: 2,
      liquidados: 0,
      rejeitados: [],
      nao_encontrados: [],
    });
    expect((await boletoOf(t, s.julhoAna.id)).situacao).toBe('registrado');

    // Paid 5 days late: R$ 850,00 + multa R$ 17,00 + juros 5 × R$ 0,28 = R$ 868,40 (the bank's count).
    s.bank.pagar(s.nnAna, 86_840, '2026-07-15');
    const day = s.bank.retornoDoDia('2026-07-16');
    const paid = await uploadRetorno(t, s.admin, day);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ liquidados: 1, tarifas: 190, repetidos: 0 });
    expect(paid.json().message).toMatch(/1 boleto pago/);
    const [pagamento] = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, s.julhoAna.id));
    expect(pagamento).toMatchObject({
      valorPago: 86_840,
      forma: 'boleto',
      principal: 85_000,
      multa: 1_700,
      juros: 140,
    });
    expect((await boletoOf(t, s.julhoAna.id)).situacao).toBe('liquidado');
    const mensalidade = await call('GET', `/api/financeiro/mensalidades/${s.julhoAna.id}`, s.admin);
    expect(mensalidade.json().data).toMatchObject({ status: 'pago', valor_pago: 86_840 });
    const despesas = await t.database.db.select().from(transacoes).where(eq(transacoes.tipo, 'despesa'));
    expect(despesas).toEqual([
      expect.objectContaining({ valor: 190, categoria: 'Serviços', status: 'pago' }),
    ]);
    // The family was told, as for any payment.
    const notice = await call('GET', '/api/notificacoes', s.guardian);
    expect(JSON.stringify(notice.json())).toMatch(/pagamento do boleto de R\$\s868,40/);

    const again = await uploadRetorno(t, s.admin, day);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ liquidados: 0, repetidos: 1, tarifas: 0, nao_encontrados: [] });
    expect(again.json().message).toBe('Este retorno já tinha sido processado: nada novo foi aplicado.');
    expect(
      await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, s.julhoAna.id)),
    ).toHaveLength(1);
    expect(await t.database.db.select().from(transacoes).where(eq(transacoes.tipo, 'despesa'))).toHaveLength(
      1,
    );
  });

  it('a registered boleto paid another way goes to the next remessa as a baixa, and the bank’s 09 closes it', async () => {
    const s = await registered();
    await uploadRetorno(t, s.admin, s.confirmacao);
    const paid = await call('POST', `/api/financeiro/mensalidades/${s.julhoBruno.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: '2026-06-15',
      forma: 'dinheiro',
    });
    expect(paid.statusCode).toBe(201);
    const remessa = await gerarRemessa(t, s.admin);
    expect(remessa.statusCode).toBe(200);
    const lines = remessa.rawPayload.toString('latin1').split('\r\n');
    expect(
      lines.filter((line) => line[13] === 'P').map((line) => [line.slice(15, 17), line.slice(37, 54)]),
    ).toEqual([['02', s.nnBruno]]);
    const baixa = await uploadRetorno(
      t,
      s.admin,
      s.bank.receberRemessa(remessa.rawPayload.toString('latin1'), '2026-06-15'),
    );
    expect(baixa.json().data.baixados).toBe(1);
    expect((await boletoOf(t, s.julhoBruno.id)).situacao).toBe('baixado');
  });

  it('takes the file as multipart too (Sicoob)', async () => {
    const s = await registered('756');
    const form = new FormData();
    form.append('arquivo', new Blob([Buffer.from(s.confirmacao, 'latin1')]), 'retorno.ret');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/financeiro/boleto/retorno',
      headers: { cookie: s.admin, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.confirmados).toBe(2);
  });

  it('a rejection shows the bank’s reason on the boleto', async () => {
    const s = await cnabSchool(harness, '001');
    // A nosso número outside the agreement: the bank refuses it (G059 08).
    await t.database.db
      .update(boletos)
      .set({ nossoNumero: '76543210000000009' })
      .where(eq(boletos.mensalidadeId, s.julhoBruno.id));
    const remessa = (await gerarRemessa(t, s.admin)).rawPayload.toString('latin1');
    const response = await uploadRetorno(t, s.admin, s.bank.receberRemessa(remessa, '2026-06-15'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.rejeitados).toEqual([
      { linha: 5, nosso_numero: '76543210000000009', motivo: 'Nosso número inválido' },
    ]);
    expect(await boletoOf(t, s.julhoBruno.id)).toMatchObject({
      situacao: 'rejeitado',
      motivoRejeicao: 'Nosso número inválido',
    });
    const painel = (await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json().data;
    expect(painel.rejeitados).toEqual([
      expect.objectContaining({ aluno_nome: 'Bruno Lima', motivo: 'Nosso número inválido' }),
    ]);
  });

  it('keeps a liquidação of no boleto to reconcile, and a person closes it', async () => {
    const s = await registered();
    await uploadRetorno(t, s.admin, s.confirmacao);
    s.bank.pagar(s.nnBruno, 85_000, '2026-07-09');
    // The bank reports it under a nosso número the school never issued.
    const day = s.bank.retornoDoDia('2026-07-10').replace(s.nnBruno, '12345670000000099');
    const response = await uploadRetorno(t, s.admin, day);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.liquidados).toBe(0);
    expect(response.json().data.nao_encontrados).toEqual([
      expect.objectContaining({
        linha: 3,
        nosso_numero: '12345670000000099',
        ocorrencia: '06',
        valor_pago: 85_000,
        motivo: 'Nenhum boleto da escola tem este nosso número.',
      }),
    ]);
    const painel = (await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json().data;
    expect(painel.nao_encontrados).toHaveLength(1);
    const closed = await call(
      'POST',
      `/api/financeiro/boleto/cnab/a-conciliar/${painel.nao_encontrados[0].id}`,
      s.admin,
      {
        observacao: 'Pagamento de outra escola; devolvido pelo banco.',
      },
    );
    expect(closed.statusCode).toBe(200);
    expect((await call('GET', '/api/financeiro/boleto/cnab', s.admin)).json().data.nao_encontrados).toEqual(
      [],
    );
    // Kept, not dropped.
    const [kept] = await t.database.db
      .select()
      .from(cnabOcorrencias)
      .where(
        and(eq(cnabOcorrencias.nossoNumero, '12345670000000099'), eq(cnabOcorrencias.situacao, 'conciliada')),
      );
    expect(kept?.observacao).toBe('Pagamento de outra escola; devolvido pelo banco.');
  });

  it.each(LIQUIDACOES_SUSPEITAS)(
    "keeps 'a conciliar' a liquidação that does not match the boleto issued: %s",
    async (name, craft, motivo) => {
      const s = await registered();
      await uploadRetorno(t, s.admin, s.confirmacao);
      s.bank.pagar(s.nnAna, 86_840, '2026-07-15');
      const response = await uploadRetorno(t, s.admin, craft(s.bank.retornoDoDia('2026-07-16')));
      expect([name, response.statusCode]).toEqual([name, 200]);
      const result = response.json().data as { liquidados: number; nao_encontrados: { motivo: string }[] };
      expect([name, result.liquidados]).toEqual([name, 0]);
      expect(result.nao_encontrados[0]?.motivo).toMatch(motivo);
      expect(
        await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, s.julhoAna.id)),
      ).toEqual([]);
      expect((await boletoOf(t, s.julhoAna.id)).situacao).toBe('registrado');
    },
  );

  it('refuses a wrong file whole, with the line and what is wrong, applying nothing', async () => {
    const s = await registered();
    const cases: [string, string, RegExp][] = [
      ['another bank', patch(s.confirmacao, 3, 1, '237'), /Linha 3: o arquivo é do banco 237/],
      [
        'a line of 239',
        s.confirmacao
          .split('\r\n')
          .map((l, i) => (i === 4 ? l.slice(0, 239) : l))
          .join('\r\n'),
        /Linha 5: a linha tem 239 caracteres/,
      ],
      [
        'another agreement',
        patch(s.confirmacao, 1, 33, '007654321'),
        /Linha 1: o arquivo é de outro convênio \(7654321\)/,
      ],
      ['CNAB 400', `${'0'.repeat(400)}\r\n`, /Linha 1: este arquivo é CNAB 400/],
      ['a remessa', patch(s.confirmacao, 1, 143, '1'), /Linha 1: este arquivo é uma remessa/],
      ['a cut file', s.confirmacao.split('\r\n').slice(0, -2).join('\r\n'), /termina sem o trailer/],
      [
        'a tariff too large for any boleto (it overflowed the database: a 500)',
        patch(s.confirmacao, 3, 199, '999999999999999'),
        /Linha 3: o campo tarifa passa de R\$ 10\.000\.000,00/,
      ],
    ];
    for (const [name, text, message] of cases) {
      const response = await uploadRetorno(t, s.admin, text);
      expect([name, response.statusCode]).toEqual([name, 422]);
      expect(response.json().message).toMatch(message);
      expect(response.json().message).toMatch(/^Arquivo recusado, nada foi aplicado\./);
    }
    expect(await t.database.db.select().from(cnabOcorrencias)).toEqual([]);
    expect((await boletoOf(t, s.julhoAna.id)).situacao).toBe('a_registrar');
  });

  it('refuses a JSON body, an empty upload and a family', async () => {
    const s = await registered();
    const json = await call('POST', '/api/financeiro/boleto/retorno', s.admin, { arquivo: 'x' });
    expect(json.statusCode).toBe(400);
    const empty = await uploadRetorno(t, s.admin, '\r\n');
    expect(empty.statusCode).toBe(422);
    expect((await uploadRetorno(t, s.guardian, s.confirmacao)).statusCode).toBe(403);
  });
});
