// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Perfil } from '../../../shared/perfis.schemas';
import { renderAt, stubApi } from '../../test/render';
import { uuidOf } from '../../test/answers';
import { UserFormModal } from './user-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const perfil = (index: number, nome: string, chave: Perfil['chave']): Perfil => ({
  id: uuidOf(70 + index),
  nome,
  permissoes: [],
  chave,
  padrao: true,
  nivel: 'administrador',
  usuarios: 0,
  version: 1,
  created_at: '2026-02-02T12:00:00.000Z',
  updated_at: '2026-02-02T12:00:00.000Z',
});

describe('Novo Usuário: a staff account without a profile', () => {
  it('takes the person to the profiles (below the fold on a phone) and says the own password is missing too', async () => {
    const requests = stubApi({
      '/api/perfis': [perfil(1, 'Direção', 'direcao'), perfil(2, 'Secretaria', 'secretaria')],
    });
    renderAt(<UserFormModal user={null} onClose={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Simone Rezende');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'secretaria@escola.test');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Tipo/ }), 'admin');
    const direcao = await screen.findByRole('checkbox', { name: 'Direção' });
    await userEvent.click(screen.getByRole('button', { name: 'Criar Usuário' }));
    // The focus stayed on 'Criar Usuário' and the message was off screen: the click seemed to do nothing.
    expect(await screen.findByText('Escolha ao menos um perfil.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(direcao));
    expect(screen.getByText('Confirme com a sua senha.')).toBeInTheDocument();
    expect(requests.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
