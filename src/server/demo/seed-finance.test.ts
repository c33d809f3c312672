import { describe, expect, it } from 'vitest';
import type { Page } from '../../shared/api.js';
import { daysBetween } from '../../shared/calendar.js';
import type { Mensalidade } from '../../shared/mensalidades.schemas.js';
import { loginAs } from '../test/test-app.js';
import { setupDemoSchool } from '../test/demo-fixtures.js';
import { dataOf } from '../test/records-fixtures.js';
import { demoAccounts } from './seed-demo.js';

// Built on 20 December: the year's last tuition fell due on the 10th, nothing is ahead of anyone.
const today = '2026-12-20';
const t = setupDemoSchool({ today });

describe('the demo family after the year’s last due date', () => {
  it('still has a month to pay for each child, overdue by days, within the Pix charge’s 30 days', async () => {
    const mother = demoAccounts.find((account) => account.email === 'responsavel@demo.escola')!;
    const cookie = await loginAs(t.app, mother.email, mother.senha);
    const open = (status: string) =>
      t.app
        .inject({
          method: 'GET',
          url: `/api/financeiro/mensalidades?status=${status}&pageSize=50`,
          headers: { cookie },
        })
        .then((response) => dataOf<Page<Mensalidade>>(response).items);
    expect(await open('pendente')).toEqual([]);
    const overdue = await open('vencido');
    const children = new Set(overdue.map((row) => row.aluno_id));
    expect(children.size).toBe(2);
    for (const child of children) {
      const newest = overdue
        .filter((row) => row.aluno_id === child)
        .map((row) => row.data_vencimento)
        .sort()
        .at(-1)!;
      expect(newest.slice(0, 7)).toBe('2026-12');
      expect(daysBetween(newest, today)).toBeLessThanOrEqual(30);
    }
  });
});
