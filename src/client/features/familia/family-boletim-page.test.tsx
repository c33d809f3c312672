// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { studentAnswer, uuidOf } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { FamilyBoletimPage } from './family-boletim-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function childIn(turma: { nome: string; serie: string; nivel: string }) {
  stubApi({
    '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
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
});
