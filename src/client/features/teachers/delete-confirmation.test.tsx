// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Teacher } from '../../../shared/teachers.schemas';
import { adminUser, renderAt, stubApi, stubScreen } from '../../test/render';
import { TeachersPage } from './teachers-page';

const teacher: Teacher = {
  id: '00000000-0000-4000-8000-000000000201',
  nome: 'Marta Reis',
  email: 'marta@escola.test',
  telefone: null,
  disciplinas: ['Matemática'],
  data_contratacao: null,
  status: 'ativo',
  usuario_id: '00000000-0000-4000-8000-000000000202',
  tem_acesso: true,
  acesso_email: 'marta@escola.test',
  version: 1,
};

beforeEach(() => stubScreen(true));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Excluir professor', () => {
  it('names the teacher, the conversations lost and the account kept', async () => {
    stubApi({ '/api/auth/me': { user: adminUser }, '/api/professores': [teacher] });
    renderAt(<TeachersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Marta Reis' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir Marta Reis' });
    expect(dialog).toHaveTextContent(
      'Tem certeza que deseja excluir Marta Reis de Professores? O cadastro e as conversas das famílias com este professor em Mensagens serão apagados. A conta de acesso ao portal (marta@escola.test) não é excluída: desative-a em Usuários.',
    );
  });
});
