/**
 * GET /api/financeiro/encargos: the multa and juros the family's tuition page states are the school's own,
 * as saved in Configurar (and as every amount of the day computes them), 0 when it charges none.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FINANCE_SETTINGS } from '../../test/finance-settings-example.js';
import { school, setupFinanceTest } from './finance.test-setup.js';

const { call } = setupFinanceTest();

describe('the charges for paying late', () => {
  it("answers the family the school's own multa and juros, and follows what the school saves", async () => {
    const s = await school();
    const first = await call('GET', '/api/financeiro/encargos', s.guardian);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ multa_percentual: 2, juros_mensal_percentual: 1 });

    const saved = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      ...EXAMPLE_FINANCE_SETTINGS,
      multa_percentual: 1.5,
      juros_mensal_percentual: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await call('GET', '/api/financeiro/encargos', s.guardian);
    expect(after.json().data).toEqual({ multa_percentual: 1.5, juros_mensal_percentual: 0 });
  });

  it('answers only who reads tuition', async () => {
    const s = await school();
    expect((await call('GET', '/api/financeiro/encargos', s.admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/financeiro/encargos', s.teacher)).statusCode).toBe(403);
    expect((await call('GET', '/api/financeiro/encargos', '')).statusCode).toBe(401);
  });
});
