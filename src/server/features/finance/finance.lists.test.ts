/**
 * Finance: the list, exports and documents, and who sees what.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mensalidades } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { pdfText } from '../../test/pdf-text.js';
import { systemActor } from '../audit/index.js';
import { saveSchoolIdentity } from '../settings/school-identity.js';
import { hasValidCrc, parseTlv } from './pix.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest, thisYear, today } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

describe('list, exports and documents', () => {
  it('lists with status, month and search filters, derived status and pt-BR exports', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const list = await call('GET', `/api/financeiro/mensalidades?mes=${lastYear}-08&q=ana`, s.admin);
    expect(list.statusCode).toBe(200);
    const page = list.json().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      aluno_nome: 'Ana Souza',
      aluno_id: s.ana.id,
      mes_referencia: `${lastYear}-08`,
      data_vencimento: `${lastYear}-08-10`,
      valor: 85_000,
      status: 'vencido',
      data_pagamento: null,
      multa: 1_700,
    });
    expect(page.items[0].juros).toBeGreaterThan(0);
    expect(page.items[0].valor_atualizado).toBe(85_000 + 1_700 + Number(page.items[0].juros));
    const overdue = await call(
      'GET',
      `/api/financeiro/mensalidades?status=vencido&ano=${lastYear}&pageSize=100`,
      s.admin,
    );
    expect(overdue.json().data.total).toBe(18);
    // Of them, how many are enrolment fees: the list's heading names the kinds it holds (ADR 0108).
    expect(overdue.json().data.taxas_matricula).toBe(0);
    await t.database.db
      .update(mensalidades)
      .set({ tipo: 'taxa_matricula', anuidadeAno: thisYear })
      .where(eq(mensalidades.id, page.items[0].id as string));
    const withFee = await call('GET', `/api/financeiro/mensalidades?ano=${lastYear}&pageSize=5`, s.admin);
    expect(withFee.json().data.taxas_matricula).toBe(1);
    const csv = await call('GET', `/api/financeiro/mensalidades?mes=${lastYear}-08&format=csv`, s.admin);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="mensalidades-${lastYear}-08.csv"`);
    // The name says what the file holds: every month, the status, a narrowing search.
    const named = async (query: string) =>
      (await call('GET', `/api/financeiro/mensalidades?${query}&format=csv`, s.admin)).headers[
        'content-disposition'
      ];
    expect(await named('mes=&status=vencido')).toBe(
      'attachment; filename="mensalidades-todos-os-meses-vencidas.csv"',
    );
    expect(await named(`ano=${lastYear}&q=Ana`)).toBe(
      `attachment; filename="mensalidades-${lastYear}-filtradas.csv"`,
    );
    expect(csv.body).toContain('Aluno;Turma;Referência');
    expect(csv.body).toContain('Ana Souza;5º Ano A;agosto de');
    expect(csv.body).toContain(';850,00;Vencido;17,00;');
    const xlsx = await call('GET', `/api/financeiro/mensalidades?mes=${lastYear}-08&format=xlsx`, s.admin);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a month due on a Saturday is not overdue until the business day after it has passed (Lei 7.089/1983)', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    // Due Saturday 10/10/2026; Monday 12/10 is a holiday, so Tuesday 13/10 is the last day without charges.
    const october = `/api/financeiro/mensalidades?mes=${thisYear}-10&pageSize=100`;
    const read = async (day: string) => {
      clock.pin(day);
      try {
        const list = (await call('GET', october, s.admin)).json().data;
        const stats = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
        return { list, vencidas: stats.mensalidades_vencidas as number };
      } finally {
        clock.pin(today);
      }
    };
    const tuesday = await read(`${thisYear}-10-13`);
    expect(tuesday.list.items.map((item: { status: string }) => item.status)).toEqual([
      'pendente',
      'pendente',
    ]);
    expect(tuesday.list.items[0]).toMatchObject({ multa: 0, juros: 0 });
    const wednesday = await read(`${thisYear}-10-14`);
    expect(wednesday.list.items.map((item: { status: string }) => item.status)).toEqual([
      'vencido',
      'vencido',
    ]);
    expect(wednesday.list.items[0].multa).toBe(1_700);
    expect(wednesday.vencidas - tuesday.vencidas).toBe(2);
  });

  it('gives a PIX code that decodes back and a PDF receipt once paid', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const june = await mensalidadeOf(s.ana.id, `${lastYear}-06`);
    const pix = await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin);
    expect(pix.statusCode).toBe(200);
    const { copia_e_cola, qrcode, valor } = pix.json().data;
    expect(hasValidCrc(copia_e_cola)).toBe(true);
    const fields = parseTlv(copia_e_cola);
    expect(parseTlv(fields.get('26')!).get('01')).toBe('financeiro@escola.com.br');
    expect(fields.get('54')).toBe((valor / 100).toFixed(2));
    expect(qrcode).toMatch(/^data:image\/png;base64,/);
    const noReceipt = await call('GET', `/api/financeiro/mensalidades/${june.id}/recibo`, s.admin);
    expect(noReceipt.statusCode).toBe(409);
    await call('POST', `/api/financeiro/mensalidades/${june.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${lastYear}-06-10`,
      forma: 'boleto',
    });
    await saveSchoolIdentity(
      t.database.db,
      { nome: 'Escola Girassol', cnpj: '12.345.678/0001-95', endereco: 'Rua das Flores, 100 — São Paulo/SP' },
      { actor: systemActor },
    );
    await t.app.ctx.content.refresh();
    const pdf = await call('GET', `/api/financeiro/mensalidades/${june.id}/recibo`, s.admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="recibo-ana-souza-${lastYear}-06.pdf"`,
    );
    // Who received (the school, with CNPJ and address), for whom and from whose account.
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Escola Girassol');
    expect(text).toContain('CNPJ 12.345.678/0001-95 · Rua das Flores, 100 — São Paulo/SP');
    expect(text).toContain('Ana Souza');
    expect(text).toMatch(/Responsável financeiro: \s*Carla Souza/);
    expect((await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin)).statusCode).toBe(409);
  });

  it("a bolsa's receipt shows the full tuition, the discount and what it came to", async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const may = await mensalidadeOf(s.ana.id, `${lastYear}-05`);
    const discounted = await call('POST', `/api/financeiro/mensalidades/${may.id}/desconto`, s.admin, {
      desconto: 42_500,
      motivo: 'Bolsa de 50%',
    });
    expect(discounted.statusCode, discounted.body).toBe(200);
    await call('POST', `/api/financeiro/mensalidades/${may.id}/pagamento`, s.admin, {
      valor_pago: 42_500,
      data_pagamento: `${lastYear}-05-08`,
      forma: 'pix',
    });
    const text = pdfText(
      (await call('GET', `/api/financeiro/mensalidades/${may.id}/recibo`, s.admin)).rawPayload,
    );
    expect(text).toMatch(/Valor da mensalidade: \s*R\$ 850,00/);
    expect(text).toMatch(/Desconto: \s*R\$ 425,00 \(Bolsa de 50%\)/);
    expect(text).toMatch(/Valor com desconto: \s*R\$ 425,00/);
    expect(text).toMatch(/Recebemos o valor de R\$ 425,00 \(quatrocentos e vinte e cinco\s+reais\)/);
  });
});

describe('who sees what', () => {
  it("a guardian sees only their own children's tuition; other rows are 404", async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const mine = await call('GET', '/api/financeiro/mensalidades?pageSize=100', s.guardian);
    expect(mine.statusCode).toBe(200);
    const names = new Set(mine.json().data.items.map((item: { aluno_nome: string }) => item.aluno_nome));
    expect([...names]).toEqual(['Ana Souza']);
    expect(mine.json().data.total).toBe(12);
    const brunos = await mensalidadeOf(s.bruno.id, `${lastYear}-08`);
    const anas = await mensalidadeOf(s.ana.id, `${lastYear}-08`);
    for (const suffix of ['', '/pix', '/recibo', '/cotacao']) {
      const other = await call('GET', `/api/financeiro/mensalidades/${brunos.id}${suffix}`, s.guardian);
      expect(other.statusCode, suffix).toBe(404);
    }
    expect((await call('GET', `/api/financeiro/mensalidades/${anas.id}/pix`, s.guardian)).statusCode).toBe(
      200,
    );
    const filtered = await call('GET', `/api/financeiro/mensalidades?aluno_id=${s.bruno.id}`, s.guardian);
    expect(filtered.json().data.total).toBe(0);
    // Managing money is the school's: a guardian cannot pay by registering, nor see the school's figures.
    const pay = await call('POST', `/api/financeiro/mensalidades/${anas.id}/pagamento`, s.guardian, {
      valor_pago: 85_000,
      data_pagamento: today,
      forma: 'pix',
    });
    expect(pay.statusCode).toBe(403);
    expect((await call('GET', '/api/financeiro/stats', s.guardian)).statusCode).toBe(403);
    expect((await call('GET', '/api/financeiro/transacoes', s.guardian)).statusCode).toBe(403);
  });

  it('a teacher gets 403 on finance', async () => {
    const s = await school();
    for (const url of [
      '/api/financeiro/stats',
      '/api/financeiro/mensalidades',
      '/api/financeiro/transacoes',
    ]) {
      expect((await call('GET', url, s.teacher)).statusCode, url).toBe(403);
    }
  });
});
