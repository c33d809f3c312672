/**
 * A boleto for an overdue month (ADR 0131), round trip through the simulated bank with real files: issued
 * due the next business day for the amount of that day (principal, multa and juros apart), registered
 * with no second multa and juros per day on the principal only, and settled by the retorno with the
 * principal and the charges each credited, also when paid after its own due date with the bank's
 * per-day rounding.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagamentos } from '../../db/schema/finance.js';
import { pdfText } from '../../test/pdf-text.js';
import { mensalidadeOf, setupFinanceTest, thisYear, today } from '../finance/finance.test-setup.js';
import { at, boletoOf, cnabSchool, gerarRemessa, nossoNumeroOf, uploadRetorno } from './cnab.test-setup.js';

const harness = setupFinanceTest();
const { t, call } = harness;

const boletoUrl = (id: string) => `/api/financeiro/mensalidades/${id}/boleto`;

/** The P and R records of a nosso número in a remessa (BB: nosso número at 38–54). */
function segmentosDe(remessa: string, nossoNumero: string) {
  const lines = remessa.split('\r\n');
  const index = lines.findIndex((line) => line[13] === 'P' && at(line, 38, 54) === nossoNumero);
  expect(index).toBeGreaterThan(0);
  return { p: lines[index]!, r: lines[index + 2]! };
}

/** Replaces positions start–end of line n (1-based) of a file. */
function patch(text: string, n: number, start: number, value: string): string {
  const lines = text.split('\r\n');
  const line = lines[n - 1]!;
  lines[n - 1] = line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);
  return lines.join('\r\n');
}

describe('the simulated bank checks the instructions of an entrada', () => {
  it('refuses a multa dated before the due date or of no value, juros per day of no value, an emission after the day it receives the file', async () => {
    const s = await cnabSchool(harness);
    const remessa = (await gerarRemessa(t, s.admin)).rawPayload.toString('latin1');
    // Lines 3–5: Ana's P, Q, R; lines 6–8: Bruno's.
    expect([at(remessa.split('\r\n')[4]!, 14, 14), at(remessa.split('\r\n')[5]!, 38, 54)]).toEqual([
      'R',
      s.nnBruno,
    ]);
    let errado = patch(remessa, 5, 67, `0107${String(thisYear)}`);
    errado = patch(errado, 5, 75, '0'.repeat(15));
    errado = patch(errado, 6, 110, `1606${String(thisYear)}`);
    errado = patch(errado, 6, 127, '0'.repeat(15));
    const retorno = await uploadRetorno(t, s.admin, s.bank.receberRemessa(errado, today));
    expect(retorno.json().data.rejeitados).toEqual([
      expect.objectContaining({
        nosso_numero: s.nnAna,
        motivo: expect.stringMatching(/Data da multa inválida.*Valor\/percentual da multa inválido/),
      }),
      expect.objectContaining({
        nosso_numero: s.nnBruno,
        motivo: expect.stringMatching(
          /Data da emissão posterior à data de entrada.*Valor\/taxa de juros de mora inválido/,
        ),
      }),
    ]);
  });
});

describe('a boleto for an overdue month (ADR 0131)', () => {
  it('is due the next business day with the amount of that day; the bank charges no second multa; paid late, the retorno credits principal, multa and the bank’s juros', async () => {
    expect(today).toBe(`${String(thisYear)}-06-15`);
    const s = await cnabSchool(harness);
    const junho = await mensalidadeOf(s.ana.id, `${String(thisYear)}-06`);
    expect(junho.dataVencimento).toBe(`${String(thisYear)}-06-10`);

    // Due Tuesday 16/06: R$ 850,00 + multa R$ 17,00 + juros of 6 days R$ 1,70 (85000 × 1 % × 6 / 30).
    const issued = await call('GET', boletoUrl(junho.id), s.guardian);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().data).toMatchObject({
      vencimento: `${String(thisYear)}-06-16`,
      valor: 86_870,
      multa: 1_700,
      juros: 170,
      vencimento_mensalidade: `${String(thisYear)}-06-10`,
      nosso_numero: nossoNumeroOf('001', 3),
    });
    // The 2ª via is the same boleto.
    expect((await call('GET', boletoUrl(junho.id), s.admin)).json().data.linha_digitavel).toBe(
      issued.json().data.linha_digitavel,
    );
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${boletoUrl(junho.id)}.pdf`,
      headers: { cookie: s.guardian },
    });
    expect(pdf.statusCode).toBe(200);
    const texto = pdfText(pdf.rawPayload);
    expect(texto).toContain('16/06/2026');
    expect(texto).toContain('868,70');
    expect(texto).toContain(
      'Mensalidade vencida em 10/06/2026: valor com multa de R$ 17,00 e juros de R$ 1,70 até 16/06/2026.',
    );
    expect(texto).toContain('Após 16/06/2026, não cobrar multa; juros de R$ 0,28 por dia de atraso.');

    // The remessa: the value of the day, juros per day on the principal only from 17/06, multa off.
    const remessa = (await gerarRemessa(t, s.admin)).rawPayload.toString('latin1');
    const { p, r } = segmentosDe(remessa, nossoNumeroOf('001', 3));
    expect(at(p, 78, 85)).toBe('16062026');
    expect(Number(at(p, 86, 100))).toBe(86_870);
    expect(at(p, 110, 117)).toBe('15062026');
    expect(at(p, 118, 118)).toBe('1');
    expect(at(p, 119, 126)).toBe('17062026');
    expect(Number(at(p, 127, 141))).toBe(28);
    expect(at(p, 142, 142)).toBe('0');
    expect(at(r, 66, 66)).toBe('0');

    const confirmacao = s.bank.receberRemessa(remessa, today);
    expect((await uploadRetorno(t, s.admin, confirmacao)).json().data).toMatchObject({
      confirmados: 3,
      rejeitados: [],
    });
    expect((await boletoOf(t, junho.id)).situacao).toBe('registrado');
    // What the bank charges: the value up to its due date, then R$ 0,28 a day — never the multa again.
    expect(s.bank.valorDoDia(nossoNumeroOf('001', 3), `${String(thisYear)}-06-16`)).toBe(86_870);
    expect(s.bank.valorDoDia(nossoNumeroOf('001', 3), `${String(thisYear)}-06-19`)).toBe(86_954);

    // Paid on 19/06: the bank's juros (3 × R$ 0,28) on top; the product's own count for 9 days is
    // R$ 2,55, a centavo more — the bank's rounding is accepted and the tuition is settled.
    s.bank.pagar(nossoNumeroOf('001', 3), 86_954, `${String(thisYear)}-06-19`);
    const paid = await uploadRetorno(t, s.admin, s.bank.retornoDoDia(`${String(thisYear)}-06-22`));
    expect(paid.json().data).toMatchObject({ liquidados: 1, nao_encontrados: [] });
    const [pagamento] = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, junho.id));
    expect(pagamento).toMatchObject({
      valorPago: 86_954,
      forma: 'boleto',
      principal: 85_000,
      multa: 1_700,
      juros: 254,
    });
    const depois = await call('GET', `/api/financeiro/mensalidades/${junho.id}`, s.admin);
    expect(depois.json().data).toMatchObject({ status: 'pago' });
    expect((await boletoOf(t, junho.id)).situacao).toBe('liquidado');
  });

  it('paid on its own due date: principal, multa and juros as issued', async () => {
    const s = await cnabSchool(harness);
    const junho = await mensalidadeOf(s.bruno.id, `${String(thisYear)}-06`);
    const issued = await call('GET', boletoUrl(junho.id), s.admin);
    expect(issued.json().data).toMatchObject({ valor: 86_870, vencimento: `${String(thisYear)}-06-16` });
    const remessa = (await gerarRemessa(t, s.admin)).rawPayload.toString('latin1');
    expect((await uploadRetorno(t, s.admin, s.bank.receberRemessa(remessa, today))).statusCode).toBe(200);
    s.bank.pagar(nossoNumeroOf('001', 3), 86_870, `${String(thisYear)}-06-16`);
    const paid = await uploadRetorno(t, s.admin, s.bank.retornoDoDia(`${String(thisYear)}-06-17`));
    expect(paid.json().data).toMatchObject({ liquidados: 1, nao_encontrados: [] });
    const [pagamento] = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, junho.id));
    expect(pagamento).toMatchObject({ valorPago: 86_870, principal: 85_000, multa: 1_700, juros: 170 });
  });
});
