// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, reply, stubApi } from '../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWER = 'Se o e-mail estiver cadastrado, você receberá um link em instantes.';

describe('Esqueci minha senha', () => {
  it('moves the focus to the answer that replaces the form, not to <body>', async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/auth/forgot-password': reply(200, { success: true, data: null, message: ANSWER }),
    });
    renderAt(<ForgotPasswordPage />);
    await user.type(screen.getByLabelText('E-mail'), 'mae@escola.test{Enter}');
    const answer = await screen.findByText(ANSWER);
    await waitFor(() => expect(document.activeElement).toBe(answer));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Voltar ao login' }));
  });
});
