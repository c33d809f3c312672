/**
 * A discount by hand, and what already states the month's amount outside the screens (ADR 0135). A
 * month's boleto follows what the family owes after the school changes it by hand (ADR 0135): a
 * discount or a partial payment drops a boleto the bank never saw (issued again with the open amount), and
 * a discount on a month whose boleto the bank holds is refused — the bank would charge the old amount, and
 * the family who paid it would find the month still open, its payment waiting 'a conciliar'.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boletos } from '../../db/schema/boletos.js';
import { guardians } from '../../db/schema/students.js';
import { insertIssuedNfse } from '../../test/fiscal-fixtures.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear, BOLETO_BB } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

const mes = (m: number) => `${String(thisYear)}-${String(m).padStart(2, '0')}`;
const base = (id: string) => `/api/financeiro/mensalidades/${id}`;

/** This year generated (July on is still open on 2026-06-15), Carla with CPF, the boleto on. */
async function withBoletos() {
  const s = await school({ ano: thisYear });
  expect(
    (await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear })).statusCode,
  ).toBe(201);
  await t.database.db.update(guardians).set({ cpf: '52998224725' }).where(eq(guardians.id, s.mae.id));
  expect((await call('PUT', '/api/financeiro/boleto/configuracao', s.admin, BOLETO_BB)).statusCode).toBe(200);
  return s;
}

describe('a boleto after a discount or a partial payment', () => {
  it('a discount drops the boleto the bank never saw: the 2ª via asks for the discounted amount', async () => {
    const s = await withBoletos();
    const julho = await mensalidadeOf(s.ana.id, mes(7));
    const issued = await call('GET', `${base(julho.id)}/boleto`, s.guardian);
    expect(issued.json().data).toMatchObject({ valor: 85_000, situacao: 'a_registrar' });

    const discounted = await call('POST', `${base(julho.id)}/desconto`, s.admin, {
      desconto: 5_000,
      motivo: 'Desconto de irmão',
    });
    expect(discounted.statusCode).toBe(200);
    expect(discounted.json().data.valor_atualizado).toBe(80_000);

    const again = await call('GET', `${base(julho.id)}/boleto`, s.guardian);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.valor).toBe(80_000);
    expect(again.json().data.codigo_barras.slice(9, 19)).toBe('0000080000');
  });

  it('a partial payment by hand drops the unsent boleto: the new one is the principal still open', async () => {
    const s = await withBoletos();
    const agosto = await mensalidadeOf(s.ana.id, mes(8));
    expect((await call('GET', `${base(agosto.id)}/boleto`, s.admin)).json().data.valor).toBe(85_000);
    const paid = await call('POST', `${base(agosto.id)}/pagamento`, s.admin, {
      valor_pago: 40_000,
      data_pagamento: '2026-06-15',
      forma: 'dinheiro',
    });
    expect(paid.statusCode).toBe(201);
    expect((await call('GET', `${base(agosto.id)}/boleto`, s.guardian)).json().data.valor).toBe(45_000);
  });

  it('a discount on a month whose boleto the bank holds is refused, and changes nothing', async () => {
    const s = await withBoletos();
    const setembro = await mensalidadeOf(s.ana.id, mes(9));
    expect((await call('GET', `${base(setembro.id)}/boleto`, s.admin)).statusCode).toBe(200);
    await t.database.db
      .update(boletos)
      .set({ situacao: 'registrado', movimentoPendente: null })
      .where(eq(boletos.mensalidadeId, setembro.id));

    const refused = await call('POST', `${base(setembro.id)}/desconto`, s.admin, {
      desconto: 5_000,
      motivo: 'Desconto de irmão',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'O boleto desta mensalidade já foi enviado ao banco com R$ 850,00, e o banco cobraria esse valor: o desconto não pode ser dado enquanto ele estiver registrado.',
    );
    expect((await mensalidadeOf(s.ana.id, mes(9))).valor).toBe(85_000);
    expect((await call('GET', `${base(setembro.id)}/boleto`, s.admin)).json().data.valor).toBe(85_000);
  });
});

describe('a discount on a month with an NFS-e', () => {
  it('is refused while the live notes state more than the discounted value; a note of the paid part alone does not stop it', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const julho = await mensalidadeOf(s.ana.id, mes(7));
    await insertIssuedNfse(
      t,
      {
        mensalidadeId: julho.id,
        alunoId: s.ana.id,
        competencia: mes(7),
        tomadorNome: 'Carla Souza',
      },
      { numero: '42' },
    );
    const refused = await call('POST', `${base(julho.id)}/desconto`, s.admin, {
      desconto: 5_000,
      motivo: 'Desconto de irmão',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'A NFS-e nº 42 desta mensalidade declara R$ 850,00, mais que o valor com o desconto (R$ 800,00): cancele a nota em Notas fiscais antes de dar o desconto.',
    );
    expect((await mensalidadeOf(s.ana.id, mes(7))).valor).toBe(85_000);

    // August: R$ 400,00 paid, and its note (R$ 400,00) is all there is; the rest may be discounted.
    const agosto = await mensalidadeOf(s.ana.id, mes(8));
    const paid = await call('POST', `${base(agosto.id)}/pagamento`, s.admin, {
      valor_pago: 40_000,
      data_pagamento: '2026-06-15',
      forma: 'dinheiro',
    });
    expect(paid.statusCode).toBe(201);
    await insertIssuedNfse(
      t,
      {
        mensalidadeId: agosto.id,
        alunoId: s.ana.id,
        competencia: mes(8),
        tomadorNome: 'Carla Souza',
      },
      { valor: 40_000, numeroDps: 2, idDps: 'DPS'.padEnd(44, '0') + '2' },
    );
    const allowed = await call('POST', `${base(agosto.id)}/desconto`, s.admin, {
      desconto: 5_000,
      motivo: 'Desconto de irmão',
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.valor).toBe(80_000);
  });
});
