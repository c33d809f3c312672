// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderAt, signedInAs, stubApi } from '../../test/render';
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
});
