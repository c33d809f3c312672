// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, searchOf, signedInAs, stubApi } from '../../test/render';
import { ComunicadosPage } from './comunicados-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty = { items: [], total: 0, page: 1, pageSize: 20, nao_lidos: 0 };

describe('the comunicados page', () => {
  it('a teacher’s empty “Recebidos” box is not a filter to adjust; a search that finds nothing is', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher', permissoes: ['comunicados.turmas'] }),
      '/api/comunicados': empty,
      '/api/comunicados/opcoes': { tipos: ['turmas'], segmentos: [], series: [], turmas: [] },
    });
    renderAt(<ComunicadosPage />, '/lista?caixa=recebidos');
    expect(await screen.findByText('Nenhum comunicado por enquanto')).toBeInTheDocument();
    expect(screen.queryByText('Ajuste os filtros')).toBeNull();
    cleanup();

    renderAt(<ComunicadosPage />, '/lista?caixa=recebidos&q=reuni%C3%A3o');
    expect(await screen.findByText('Nenhum comunicado encontrado')).toBeInTheDocument();
    expect(screen.getByText('Ajuste os filtros')).toBeInTheDocument();
  });

  it('on “Enviados”, says that received notices wait and opens them', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher', permissoes: ['comunicados.turmas'] }),
      '/api/comunicados': { ...empty, nao_lidos: 2 },
      '/api/comunicados/opcoes': { tipos: ['turmas'], segmentos: [], series: [], turmas: [] },
    });
    const router = renderAt(<ComunicadosPage />);
    expect(await screen.findByText(/Você tem 2 comunicados recebidos não lidos\./)).toHaveAttribute(
      'role',
      'status',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ver recebidos' }));
    expect(searchOf(router)).toEqual({ caixa: 'recebidos' });
    // In 'Recebidos' the count is the header's, not a hint.
    expect(await screen.findByText('2 não lidos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver recebidos' })).toBeNull();
  });
});
