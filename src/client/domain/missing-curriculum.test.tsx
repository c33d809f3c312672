// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { builtInPerfilPermissions } from '../../shared/permissions';
import { renderAt, signedInAs, stubApi } from '../test/render';
import { MissingCurriculum } from './missing-curriculum';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (perfil: 'secretaria' | 'coordenacao' | 'professor') => {
  stubApi({ '/api/auth/me': signedInAs({ permissoes: [...builtInPerfilPermissions[perfil]] }) });
  renderAt(
    <MissingCurriculum turma={{ id: 't', nome: '6º A' }} pendencia="sem_disciplinas" para="boletim" />,
  );
};

describe('a class without its grade curricular', () => {
  it.each(['secretaria', 'coordenacao'] as const)(
    'gives whoever builds the grade (%s) the link, not "fale com a secretaria"',
    async (perfil) => {
      show(perfil);
      expect(await screen.findByRole('link', { name: 'Abrir a grade curricular de 6º A' })).toBeVisible();
      expect(screen.getByTestId('grade-pendente')).not.toHaveTextContent('fale com ela');
    },
  );

  it('tells anyone else (a teacher) that the secretaria sets it', async () => {
    show('professor');
    expect(
      await screen.findByText(/A secretaria precisa cadastrá-la \(Turmas → Grade curricular\)/),
    ).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
