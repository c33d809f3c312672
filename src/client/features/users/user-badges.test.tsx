// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { User } from '../../../shared/users.schemas.js';
import { UserPerfis, UserTipoBadge } from './user-badges';

afterEach(cleanup);

const account = (tipo: User['tipo'], perfis: User['perfis']) => ({ nome: 'Conta', tipo, perfis }) as User;

describe('the profiles column of the users table', () => {
  it("names each profile the account holds, and a family's or a student's built-in one when it holds none", () => {
    render(<UserPerfis user={account('admin', [{ id: 'p1', nome: 'Secretaria' }])} />);
    expect(screen.getByRole('list', { name: 'Perfis de Conta' })).toHaveTextContent('Secretaria');
    cleanup();
    render(<UserPerfis user={account('responsavel', [])} />);
    expect(screen.getByText('Responsável')).toBeInTheDocument();
    cleanup();
    render(<UserPerfis user={account('aluno', [])} />);
    expect(screen.getByText('Aluno')).toBeInTheDocument();
    cleanup();
    render(<UserPerfis user={account('admin', [])} />);
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});

describe('the kind of a staff account', () => {
  it('reads "Equipe da escola", not "Administrador": a secretary is staff, her profiles say what she may do', () => {
    render(<UserTipoBadge tipo="admin" />);
    expect(screen.getByText('Equipe da escola')).toBeInTheDocument();
  });
});
