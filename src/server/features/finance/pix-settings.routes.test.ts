/**
 * PUT /api/financeiro/configuracoes: the Pix beneficiary's name and city are what the family's bank app
 * shows (BR Code fields 59 and 60, at most 25 and 15 letters): a longer one is refused, never cut.
 */
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FINANCE_SETTINGS } from '../../test/finance-settings-example.js';
import { school, setupFinanceTest } from './finance.test-setup.js';

const { call } = setupFinanceTest();

describe('Pix da escola', () => {
  it('refuses a beneficiary or city past the Pix limit, saying which and how long, and keeps one within it whole', async () => {
    const s = await school();
    const long = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      ...EXAMPLE_FINANCE_SETTINGS,
      pix_beneficiario: 'Colégio Ipê Amarelo Ensino Infantil',
      pix_cidade: 'São José dos Campos',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      {
        path: 'pix_beneficiario',
        message:
          'Beneficiário: até 25 letras, o limite do Pix. Abrevie o nome como ele deve aparecer no app do banco.',
      },
      { path: 'pix_cidade', message: 'Cidade: até 15 letras, o limite do Pix. Abrevie o nome da cidade.' },
    ]);

    const saved = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      ...EXAMPLE_FINANCE_SETTINGS,
      pix_beneficiario: 'Colégio Ipê Amarelo Ed In',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ pix_beneficiario: 'Colégio Ipê Amarelo Ed In' });
  });
});
