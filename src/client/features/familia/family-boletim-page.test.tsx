// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { reportCardAnswer, studentAnswer, uuidOf } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { FamilyBoletimPage } from './family-boletim-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function childIn(turma: { nome: string; serie: string; nivel: string }) {
  stubApi({
    '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
    [`/api/boletins/alunos/${uuidOf(2)}`]: reportCardAnswer({
      turma: { id: uuidOf(3), nome: '3º Ano A', serie: '3º ano' },
    }),
    '/api/alunos': {
      items: [
        studentAnswer({
          id: uuidOf(2),
          nome: 'Bia Souza',
          turma_id: uuidOf(3),
          turma: { id: uuidOf(3), ...turma },
        }),
      ],
      total: 1,
      page: 1,
      pageSize: 100,
    },
  });
  renderAt(<FamilyBoletimPage />);
}

describe("the family's Boletim", () => {
  it('a child of Educação Infantil has pareceres, whatever the school calls the série', async () => {
    childIn({ nome: 'Jardim II B', serie: 'Jardim II', nivel: 'Educação Infantil' });
    expect(await screen.findByRole('region', { name: 'Pareceres de Bia Souza' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Boletim de Bia Souza' })).toBeNull();
  });

  it('a child of the Fundamental has a boletim', async () => {
    childIn({ nome: '3º Ano A', serie: '3º ano', nivel: 'Fundamental I' });
    expect(await screen.findByRole('region', { name: 'Boletim de Bia Souza' })).toBeTruthy();
  });

  it("heads the boletim at h2, right under the page's h1 (it went h1 → h3)", async () => {
    childIn({ nome: '3º Ano A', serie: '3º ano', nivel: 'Fundamental I' });
    const title = await screen.findByRole('heading', { name: 'Boletim 2026 — 3º Ano A' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Boletim');
    expect(title.tagName).toBe('H2');
  });
});
