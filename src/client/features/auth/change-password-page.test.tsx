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
