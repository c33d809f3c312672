import { describe, expect, it } from 'vitest';
import { arrangeFamilyCharges, emAbertoAte, isEmAberto, type Mensalidade } from './mensalidades.schemas.js';

type Charge = Pick<Mensalidade, 'id' | 'aluno_id' | 'status' | 'data_vencimento'>;
const charge = (id: string, aluno_id: string, data_vencimento: string, status: Charge['status']): Charge => ({
  id,
  aluno_id,
  data_vencimento,
  status,
});

describe("what a family owes now ('em aberto')", () => {
  it('is overdue or due by the end of the current month, never a later month', () => {
    expect(emAbertoAte('2026-09-15')).toBe('2026-09-30');
    expect(emAbertoAte('2028-02-03')).toBe('2028-02-29');
    const today = '2026-09-15';
    expect(isEmAberto({ status: 'vencido', data_vencimento: '2026-07-10' }, today)).toBe(true);
    expect(isEmAberto({ status: 'pendente', data_vencimento: '2026-09-30' }, today)).toBe(true);
    expect(isEmAberto({ status: 'pendente', data_vencimento: '2026-10-10' }, today)).toBe(false);
    expect(isEmAberto({ status: 'pago', data_vencimento: '2026-09-10' }, today)).toBe(false);
    expect(isEmAberto({ status: 'cancelado', data_vencimento: '2026-09-10' }, today)).toBe(false);
  });

  it("orders a family's tuition as they act on it: overdue, each child's next one, then the months ahead", () => {
    const { vencidas, proximas, aVencer } = arrangeFamilyCharges([
      charge('ana-12', 'ana', '2026-12-10', 'pendente'),
      charge('ana-10', 'ana', '2026-10-10', 'pendente'),
      charge('beto-09', 'beto', '2026-09-10', 'vencido'),
      charge('ana-07', 'ana', '2026-07-10', 'vencido'),
      charge('beto-10', 'beto', '2026-10-10', 'pendente'),
      charge('ana-11', 'ana', '2026-11-10', 'pendente'),
      charge('ana-06', 'ana', '2026-06-10', 'pago'),
      charge('ana-05', 'ana', '2026-05-10', 'cancelado'),
    ]);
    expect(vencidas.map((item) => item.id)).toEqual(['ana-07', 'beto-09']);
    expect(proximas.map((item) => item.id)).toEqual(['ana-10', 'beto-10']);
    expect(aVencer.map((item) => item.id)).toEqual(['ana-11', 'ana-12']);
  });
});
