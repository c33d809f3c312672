/** What the received-Pix tests share: the school they start from, on the finance tests' harness. */
import { registerCharges } from '../../test/pix-recebidos-fixtures.js';
import { mensalidadeOf, school, thisYear, type setupFinanceTest } from '../finance/finance.test-setup.js';

type Harness = ReturnType<typeof setupFinanceTest>;

/**
 * `school` with this year's tuition generated (through the API) and a Pix charge for each mensalidade,
 * as the charges job records them: July's is due 2026-07-10, so on the finance tests' day (2026-06-15)
 * the amount of the day is R$ 850,00.
 */
export async function schoolWithPixCharges({ t, call }: Harness) {
  const s = await school({ ano: thisYear });
  await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
  await registerCharges(t);
  const july = await mensalidadeOf(s.ana.id, `${thisYear}-07`);
  return { ...s, july };
}
