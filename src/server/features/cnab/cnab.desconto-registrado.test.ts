/**
 * The pontualidade discount a boleto carries is the one the remessa told the bank (ADR 0135): the retorno
 * checks a liquidação against it, not against the school's rule of the day, which may have changed since.
 */
import { describe, expect, it } from 'vitest';
import { exampleFinanceSettings } from '../../test/finance-settings-example.js';
import { setupFinanceTest } from '../finance/finance.test-setup.js';
import { boletoOf, cnabSchool, gerarRemessa, uploadRetorno } from './cnab.test-setup.js';

const harness = setupFinanceTest();
const { t, call } = harness;

describe('a boleto’s pontualidade discount after the school changes its rule', () => {
  it('a liquidação with the discount the bank was sent settles the month, though the rule is gone', async () => {
    const s = await cnabSchool(harness);
    const settings = (desconto_pontualidade: object) =>
      call('PUT', '/api/financeiro/configuracoes', s.admin, {
        ...exampleFinanceSettings(s.turma.id),
        desconto_pontualidade,
      });
    // 5 % until 5 days before: the entrada tells the bank R$ 42,50 off until 05/07.
    expect((await settings({ tipo: 'percentual', percentual: 5, dias_antes: 5 })).statusCode).toBe(200);
    const remessa = (await gerarRemessa(t, s.admin)).rawPayload.toString('latin1');
    expect((await uploadRetorno(t, s.admin, s.bank.receberRemessa(remessa, '2026-06-15'))).statusCode).toBe(
      200,
    );
    expect((await boletoOf(t, s.julhoAna.id)).situacao).toBe('registrado');

    // The school drops the discount for the months ahead; the bank still holds the boleto as registered.
    expect((await settings({ tipo: 'nenhum' })).statusCode).toBe(200);
    s.bank.pagar(s.nnAna, 80_750, '2026-07-03');
    const paid = await uploadRetorno(t, s.admin, s.bank.retornoDoDia('2026-07-04'));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ liquidados: 1, nao_encontrados: [] });
    const month = (await call('GET', `/api/financeiro/mensalidades/${s.julhoAna.id}`, s.guardian)).json()
      .data;
    expect(month).toMatchObject({ status: 'pago', valor_pago: 80_750, desconto_concedido: 4_250 });
  });
});
