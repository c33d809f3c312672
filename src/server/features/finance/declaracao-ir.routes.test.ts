import { describe, expect, it } from 'vitest';
import { studentGuardians } from '../../db/schema/students.js';
import { pdfText } from '../../test/pdf-text.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest, thisYear } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

/**
 * Carla pays Ana's tuition: March of last year in March, December of last year in January of this year
 * (the year of the payment is what the Receita asks). Diego pays Bruno's August; Carla is Bruno's second
 * guardian, not the one who pays.
 */
async function paidYear() {
  const s = await school();
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId: s.bruno.id, responsavelId: s.mae.id, parentesco: 'mae', ehPrincipal: false });
  expect(
    (await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear })).statusCode,
  ).toBe(201);
  const pay = async (alunoId: string, mes: string, data: string) => {
    const mensalidade = await mensalidadeOf(alunoId, mes);
    const paid = await call('POST', `/api/financeiro/mensalidades/${mensalidade.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: data,
      forma: 'pix',
    });
    expect(paid.statusCode, paid.body).toBe(201);
  };
  await pay(s.ana.id, `${lastYear}-03`, `${lastYear}-03-05`);
  await pay(s.ana.id, `${lastYear}-12`, `${thisYear}-01-08`);
  await pay(s.bruno.id, `${lastYear}-08`, `${lastYear}-08-05`);
  return s;
}

describe('declaração para o Imposto de Renda', () => {
  it("lists the years a guardian paid, by the payment's date, only for the children she pays", async () => {
    const s = await paidYear();
    const carla = await call('GET', '/api/financeiro/declaracao-ir', s.guardian);
    expect(carla.statusCode).toBe(200);
    expect(carla.json().data).toEqual([
      { ano: thisYear, total: 85_000, alunos: [{ id: s.ana.id, nome: 'Ana Souza', total: 85_000 }] },
      { ano: lastYear, total: 85_000, alunos: [{ id: s.ana.id, nome: 'Ana Souza', total: 85_000 }] },
    ]);
    const diego = await call('GET', '/api/financeiro/declaracao-ir', s.otherGuardian);
    expect(diego.json().data).toEqual([
      { ano: lastYear, total: 85_000, alunos: [{ id: s.bruno.id, nome: 'Bruno Lima', total: 85_000 }] },
    ]);
  });

  it('downloads the year as a PDF named for the year, with the payer, the child and the total', async () => {
    const s = await paidYear();
    const pdf = await call('GET', `/api/financeiro/declaracao-ir.pdf?ano=${String(lastYear)}`, s.guardian);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="declaracao-imposto-de-renda-${String(lastYear)}.pdf"`,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`IMPOSTO DE RENDA ${String(lastYear)}`);
    expect(text).toContain('Carla Souza');
    expect(text).toContain('Ana Souza');
    expect(text).toContain('R$ 850,00');
    expect(text).toContain(`05/03/${String(lastYear)}`);
    // December was paid in January: it belongs to this year's declaration, and Bruno to none of hers.
    expect(text).not.toContain(`08/01/${String(thisYear)}`);
    expect(text).not.toContain('Bruno Lima');
  });

  it('answers in Portuguese a year with nothing paid, a bad year, and anyone not a guardian', async () => {
    const s = await paidYear();
    const empty = await call('GET', '/api/financeiro/declaracao-ir.pdf?ano=2019', s.guardian);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(
      'Nenhum pagamento de mensalidade em 2019 em seu nome (responsável financeiro).',
    );
    const bad = await call('GET', '/api/financeiro/declaracao-ir.pdf?ano=dois', s.guardian);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ano inválido');
    expect((await call('GET', '/api/financeiro/declaracao-ir', s.teacher)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/financeiro/declaracao-ir.pdf?ano=${String(lastYear)}`, s.teacher)).statusCode,
    ).toBe(403);
  });
});
