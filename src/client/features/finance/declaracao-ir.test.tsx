// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { GuardianFinance } from './guardian-finance';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none = { items: [], total: 0, page: 1, pageSize: 12 };
const ana = { id: '00000000-0000-4000-8000-0000000000b1', nome: 'Ana Souza', total: 1_020_000 };
const beto = { id: '00000000-0000-4000-8000-0000000000b2', nome: 'Beto Souza', total: 425_000 };

describe('GuardianFinance: the declaração para o Imposto de Renda', () => {
  it("lists each year she paid with each child's total and downloads that year's PDF", async () => {
    const fetchMock = stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': none,
      '/api/financeiro/declaracao-ir': [
        { ano: 2026, total: 1_445_000, alunos: [ana, beto] },
        { ano: 2025, total: 1_020_000, alunos: [ana] },
      ],
    });
    renderAt(<GuardianFinance />);
    const section = await screen.findByRole('region', { name: 'Imposto de Renda' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const [thisYear] = within(section).getAllByRole('listitem');
    expect(thisYear!.textContent).toMatch(/2026 · R\$\s14\.450,00/);
    expect(thisYear!.textContent).toMatch(/Ana R\$\s10\.200,00 · Beto R\$\s4\.250,00/);
    fireEvent.click(
      within(section).getByRole('button', { name: 'Baixar PDF da declaração do Imposto de Renda de 2025' }),
    );
    await waitFor(() =>
      expect(fetchMock.requests.map((request) => request.url)).toContain(
        '/api/financeiro/declaracao-ir.pdf?ano=2025',
      ),
    );
  });

  it('says so when nothing was paid in her name yet', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': none,
      '/api/financeiro/declaracao-ir': [],
    });
    renderAt(<GuardianFinance />);
    const section = await screen.findByRole('region', { name: 'Imposto de Renda' });
    expect(await within(section).findByText('Nenhum pagamento em seu nome ainda.')).toBeTruthy();
  });
});
