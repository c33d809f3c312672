// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../../app/providers';
import { ConfirmEmailPage } from './confirm-email-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'token-do-link-com-mais-de-vinte-letras';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The confirmation page as the mailed link opens it; `answer` is the server's to the click. */
function renderPage(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/content/public')) return Promise.resolve(new Response(null, { status: 304 }));
      return Promise.resolve(answer);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/confirmar-email', Component: ConfirmEmailPage },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [`/confirmar-email?token=${TOKEN}`] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('ConfirmEmailPage', () => {
  it('asks a guardian whose account is in use to sign in, and the login comes back to the link', async () => {
    const router = renderPage(
      jsonResponse(401, {
        success: false,
        code: 'UNAUTHENTICATED',
        message: 'Entre no portal com o seu e-mail atual e a sua senha para confirmar o novo e-mail.',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar novo e-mail' }));
    expect(
      await screen.findByText(
        'Entre no portal com o seu e-mail atual e a sua senha para confirmar o novo e-mail.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar novo e-mail' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Entrar no portal' }));
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: `/confirmar-email?token=${TOKEN}` });
  });

  it('says the new e-mail is the login once confirmed', async () => {
    renderPage(
      jsonResponse(200, {
        success: true,
        data: { email: 'novo@familia.test' },
        message: 'E-mail confirmado.',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar novo e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent('E-mail confirmado. Use novo@familia.test');
    expect(screen.getByRole('link', { name: 'Ir para o portal' })).toHaveAttribute('href', '/dashboard');
  });
});
