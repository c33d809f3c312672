// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { User } from '../../../shared/users.schemas';
import { renderAt, signedInAs, stubApi, stubScreen } from '../../test/render';
import { UsersPage } from './users-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (id: string, email: string): User => ({
  id,
  nome: 'Maria Silva',
  email,
  telefone: null,
  endereco: null,
  data_nascimento: null,
  tipo: 'responsavel',
  status: 'ativo',
  created_at: '2026-02-02T12:00:00.000Z',
  ultimo_login: null,
  primeiro_login: false,
  professor: null,
  perfis: [],
  version: 1,
});

describe('UsersPage', () => {
  it('two accounts of the same name have buttons a screen reader tells apart (the e-mail)', async () => {
    stubScreen(true);
    const items = [
      person('00000000-0000-4000-8000-000000000001', 'maria.mae@example.com'),
      person('00000000-0000-4000-8000-000000000002', 'maria.prof@example.com'),
    ];
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/users': {
        items,
        total: 2,
        page: 1,
        pageSize: 20,
        counts: { total: 2, admins: 0, ativos: 2, primeiroLogin: 0 },
      },
    });
    renderAt(<UsersPage />);
    for (const action of ['Ver detalhes de', 'Editar', 'Resetar senha de', 'Desativar']) {
      expect(
        await screen.findByRole('button', { name: `${action} Maria Silva, maria.mae@example.com` }),
      ).toBeTruthy();
      expect(
        screen.getByRole('button', { name: `${action} Maria Silva, maria.prof@example.com` }),
      ).toBeTruthy();
    }
  });
});
