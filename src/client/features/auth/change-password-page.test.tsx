// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { ChangePasswordPage } from './change-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Trocar senha: the link back to the portal's home", () => {
  it.each([
    ['a family', { nivel: 'responsavel', tipo: 'parent' }, 'Voltar ao início'],
    ['a student', { nivel: 'aluno', tipo: 'student' }, 'Voltar ao Portal do Aluno'],
    ['the staff', {}, 'Voltar ao início'],
  ] as const)('names the home %s knows', async (_who, fields, words) => {
    stubApi({ '/api/auth/me': signedInAs(fields) });
    renderAt(<ChangePasswordPage />);
    expect(await screen.findByRole('link', { name: words })).toHaveAttribute('href', '/dashboard');
    // No English word on any of them.
    expect(screen.queryAllByText(/Dashboard/)).toHaveLength(0);
  });
});

describe('Trocar senha on the first access', () => {
  it("says 'Senha atual' is the provisional password received, which a family has just typed to sign in", async () => {
    stubApi({ '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent', primeiro_login: true }) });
    renderAt(<ChangePasswordPage />);
    expect(await screen.findByLabelText('Senha atual')).toHaveAccessibleDescription(
      'A senha provisória que você recebeu para este primeiro acesso (por e-mail ou da escola).',
    );
  });

  it('says nothing of it on a later change', async () => {
    stubApi({ '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent', primeiro_login: false }) });
    renderAt(<ChangePasswordPage />);
    expect(await screen.findByLabelText('Senha atual')).not.toHaveAccessibleDescription(/provisória/);
  });
});

describe('Trocar senha on a phone', () => {
  it("gives 'Voltar ao início' and 'Sair' a finger's height (44 px), not a line of text", async () => {
    stubApi({ '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }) });
    renderAt(<ChangePasswordPage />);
    expect(await screen.findByRole('link', { name: 'Voltar ao início' })).toHaveClass('min-h-11');
    expect(screen.getByRole('button', { name: 'Sair' })).toHaveClass('min-h-11');
  });
});
