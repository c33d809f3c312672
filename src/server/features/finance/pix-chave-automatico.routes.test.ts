/**
 * A school whose Pix is the bank's (Pix automático on) and that left 'Chave Pix' of the Financeiro's
 * settings blank, as that field's hint leads it to ("O Pix automático usa a chave …"): a tuition without
 * an active charge at the bank — the job has not reached it yet, the bank refused it, or it is past the
 * days the bank accepts it — still gets a code to pay. The fixed code goes to the key Pix automático is
 * registered with (so it confirms itself), instead of a 409 telling the family that the school never set
 * up its Pix (a school's first week: the families open the portal right after the year's tuition is
 * generated, before the bank holds every charge).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { financeSettings } from '../../db/schema/finance.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import { hasValidCrc, parseTlv } from './pix.js';
import { brCodeText } from '../../lib/br-code.js';
import { getSchoolIdentity } from '../settings/index.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

async function tuitionOfASchoolOnTheBanksPix(chaveAutomatico: string) {
  const s = await school();
  await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
  const db = t.database.db;
  await db.update(financeSettings).set({ pixChave: null }).where(eq(financeSettings.id, 1));
  await db
    .insert(pixProvedor)
    .values({ id: 1, ativo: true, chavePix: chaveAutomatico, webhookSegredoCifrado: 'teste' });
  return { s, june: await mensalidadeOf(s.ana.id, `${lastYear}-06`) };
}

describe('Pix of a tuition without a charge at the bank, the fixed key left blank', () => {
  it("pays to Pix automático's key, which confirms itself", async () => {
    const { s, june } = await tuitionOfASchoolOnTheBanksPix('pix@escola.demo');
    for (const who of [s.admin, s.guardian]) {
      const pix = await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, who);
      expect(pix.statusCode, pix.body).toBe(200);
      const code = pix.json().data;
      expect(hasValidCrc(code.copia_e_cola)).toBe(true);
      expect(parseTlv(parseTlv(code.copia_e_cola).get('26')!).get('01')).toBe('pix@escola.demo');
      expect(code).toMatchObject({ dinamico: false, confirmacao_automatica: true });
    }
  });

  it('with Pix automático off and no key, still a 409 that sends the family to the secretaria', async () => {
    const { s, june } = await tuitionOfASchoolOnTheBanksPix('pix@escola.demo');
    await t.database.db.update(pixProvedor).set({ ativo: false });
    const pix = await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.guardian);
    expect(pix.statusCode).toBe(409);
    expect(pix.json().message).toBe('A escola ainda não configurou a chave Pix. Procure a secretaria.');
  });
});

/**
 * The same school left 'Beneficiário' and 'Cidade' blank too (they belong to the fixed code, and with
 * the bank's Pix the settings do not ask for them): the code carries the school's name, not a 409.
 * A school without Pix automático that typed only its key is told which fields are missing.
 */
describe('Pix of a tuition, the fixed code’s name and city left blank', () => {
  it('with Pix automático on: a code with the school’s name', async () => {
    const { s, june } = await tuitionOfASchoolOnTheBanksPix('pix@escola.demo');
    await t.database.db.update(financeSettings).set({ pixBeneficiario: null, pixCidade: null });
    for (const who of [s.admin, s.guardian]) {
      const pix = await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, who);
      expect(pix.statusCode, pix.body).toBe(200);
      const fields = parseTlv(pix.json().data.copia_e_cola);
      expect(hasValidCrc(pix.json().data.copia_e_cola)).toBe(true);
      expect(fields.get('59')).toBe(brCodeText((await getSchoolIdentity(t.database.db)).nome, 25));
      expect(fields.get('60')!.length).toBeGreaterThan(0);
    }
  });

  it('with Pix automático off: staff are told which field to fill, the family to ask the secretaria', async () => {
    const { s, june } = await tuitionOfASchoolOnTheBanksPix('pix@escola.demo');
    await t.database.db.update(pixProvedor).set({ ativo: false });
    await t.database.db
      .update(financeSettings)
      .set({ pixChave: 'pix@escola.demo', pixBeneficiario: 'Escola Girassol', pixCidade: null });
    const staff = await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin);
    expect(staff.statusCode).toBe(409);
    expect(staff.json().message).toBe(
      'Para gerar o código Pix, preencha Cidade em Financeiro → Configurar → Pix da escola.',
    );
    const family = await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.guardian);
    expect(family.statusCode).toBe(409);
    expect(family.json().message).toBe('O Pix da escola ainda não está completo. Procure a secretaria.');
  });
});
