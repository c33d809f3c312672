// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessEntry } from '../../../shared/access-log.schemas';
import { renderAt, searchOf, stubApi, stubScreen } from '../../test/render';
import { AccessLogTab } from './access-log-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry: AccessEntry = {
  id: 7,
  em: '2026-05-04T13:00:00.000Z',
  aluno_id: '00000000-0000-4000-8000-000000000002',
  aluno_nome: 'Ana Souza',
  usuario_id: '00000000-0000-4000-8000-000000000009',
  usuario_nome: 'Paula',
  nivel: 'professor',
  via: 'boletim_pdf',
};

/** The two routes the tab reads: the log (one page) and the people who appear in it. */
function stubServer() {
  return stubApi({}, ({ url }) =>
    url.startsWith('/api/auditoria/acessos/filtros')
      ? [{ id: entry.usuario_id, nome: 'Paula' }]
      : { items: [entry], total: 1, page: 1, pageSize: 50 },
  );
}

describe('AccessLogTab (the shared Auditoria list)', () => {
  it('shows its filters then the period, the rows, and puts the filters in the URL', async () => {
    stubScreen(true);
    const fetchMock = stubServer();
    const router = renderAt(<AccessLogTab />);
    const filters = screen.getByRole('search', { name: 'Filtros' });
    const labels = [...filters.querySelectorAll('label')].map((label) => label.textContent.trim());
    expect(labels).toEqual(['Aluno', 'Quem acessou', 'De', 'Até']);
    const who = within(filters).getByLabelText('Quem acessou');
    expect(await within(who).findByRole('option', { name: 'Paula' })).toBeInTheDocument();
    expect(within(who).getByRole('option', { name: 'Todos' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Acessos a fichas de alunos' });
    expect(table).toHaveTextContent('Ana Souza');
    expect(table).toHaveTextContent('Boletim em PDF');

    await userEvent.selectOptions(who, 'Paula');
    await userEvent.type(within(filters).getByLabelText('De'), '2026-05-01');
    await waitFor(() =>
      expect(searchOf(router)).toMatchObject({ usuario_id: entry.usuario_id, de: '2026-05-01' }),
    );
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining(`usuario_id=${entry.usuario_id}`),
        expect.anything(),
      ),
    );
  });
});
