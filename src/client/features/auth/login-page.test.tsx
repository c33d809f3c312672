// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../../app/providers';
import { LoginPage } from './login-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The login, opened as a session that ended at `from` opens it (main.tsx, RequireAuth). */
function renderLogin(from?: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <p>painel</p> },
      { path: '/dashboard/alunos', element: <p>alunos</p> },
      { path: '/imprimir/relatorio', element: <p>impressão</p> },
      { path: '/trocar-senha', element: <p>trocar</p> },
    ],
    { initialEntries: [from === undefined ? '/login' : { pathname: '/login', state: { from } }] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * The screen shows the school's name and logo from the site's content (its own request, answered
 * here as unchanged); `auth` answers the sign-in calls, the ones these tests are about.
 */
function stubFetch(auth: (url: string) => Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/content/public')) return Promise.resolve(new Response(null, { status: 304 }));
      calls.push(url);
      return auth(url);
    }),
  );
  return calls;
}

const signedIn = {
  success: true,
  data: {
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      nome: 'Secretária',
      email: 'secretaria@escola.test',
      usuario: 'secretaria@escola.test',
      nivel: 'administrador',
      tipo: 'admin',
      ativo: true,
      primeiro_login: false,
      data_criacao: '2026-01-01T00:00:00.000Z',
    },
  },
};

async function signIn() {
  await userEvent.type(screen.getByLabelText('E-mail'), 'secretaria@escola.test');
  await userEvent.type(screen.getByLabelText('Senha'), 'senha-certa');
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('LoginPage', () => {
  it('shows the spec messages under the fields without calling the server', async () => {
    const calls = stubFetch(() => new Promise<Response>(() => undefined));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('shows Credenciais inválidas on the form when the server refuses', async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Credenciais inválidas' }),
      ),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'mae@escola.test');
    await userEvent.type(screen.getByLabelText('Senha'), 'senha-errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Credenciais inválidas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    // The focus is back in the password, not on <body>: the person types it again at once.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Senha')));
  });

  it('locks the form while signing in, keeping the focus, and goes to Trocar senha on a first login', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'prof@escola.test');
    await userEvent.type(screen.getByLabelText('Senha'), 'provisoria1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    // aria-disabled and read-only, not disabled: a disabled control drops the focus to <body>.
    const entering = await screen.findByRole('button', { name: 'Entrando...' });
    expect(entering).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(entering);
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('readonly');
    answer(
      jsonResponse(200, {
        success: true,
        data: {
          user: {
            id: '00000000-0000-4000-8000-000000000000',
            nome: 'Prof',
            email: 'prof@escola.test',
            usuario: 'prof@escola.test',
            nivel: 'professor',
            tipo: 'teacher',
            ativo: true,
            primeiro_login: true,
            data_criacao: new Date().toISOString(),
          },
        },
      }),
    );
    expect(await screen.findByText('trocar')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trocar-senha');
  });

  it("holds 'Lembrar-me' while signing in: focusable, aria-disabled, and a click or Space ticks nothing", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'mae@escola.test');
    await userEvent.type(screen.getByLabelText('Senha'), 'senha-errada');
    const lembrar = screen.getByLabelText('Lembrar-me');
    lembrar.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Entrando...' });
    // A disabled box drops the focus to <body> in the browser.
    expect(lembrar).not.toBeDisabled();
    expect(lembrar).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(lembrar);
    await userEvent.click(lembrar);
    await userEvent.keyboard(' ');
    expect(lembrar).not.toBeChecked();
    answer(jsonResponse(401, { success: false, code: 'UNAUTHENTICATED', message: 'Credenciais inválidas' }));
    expect(await screen.findByText('Credenciais inválidas')).toBeInTheDocument();
    expect(lembrar).not.toHaveAttribute('aria-disabled');
    await userEvent.click(lembrar);
    expect(lembrar).toBeChecked();
  });

  it('greets the new installation’s first administrator without the placeholder name Administrador', async () => {
    const firstAdmin = {
      success: true,
      data: {
        user: {
          ...signedIn.data.user,
          nome: 'Administrador',
          email: 'admin@escola.local',
          primeiro_login: true,
        },
      },
    };
    stubFetch(() => Promise.resolve(jsonResponse(200, firstAdmin)));
    renderLogin();
    await signIn();
    expect(await screen.findByText('trocar')).toBeInTheDocument();
    expect(await screen.findByText('Bem-vindo!')).toBeInTheDocument();
    expect(screen.queryByText('Bem-vindo, Administrador!')).not.toBeInTheDocument();
  });

  it('greets a person by name when they sign in back to a screen; the home greets them itself', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, signedIn)));
    renderLogin('/dashboard/alunos');
    await signIn();
    expect(await screen.findByText('Bem-vindo, Secretária!')).toBeInTheDocument();
    cleanup();
    toast.remove();
    renderLogin();
    await signIn();
    expect(await screen.findByText('painel')).toBeInTheDocument();
    expect(screen.queryByText('Bem-vindo, Secretária!')).not.toBeInTheDocument();
  });

  it('goes back to the address where the session ended, with its query string', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, signedIn)));
    const router = renderLogin('/dashboard/alunos?q=Ana&page=3');
    await signIn();
    expect(await screen.findByText('alunos')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/alunos');
    expect(router.state.location.search).toBe('?q=Ana&page=3');
  });

  it('goes back to a signed-in page outside the portal’s frame, such as a report to print', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, signedIn)));
    const router = renderLogin('/imprimir/relatorio?relatorio=alunos');
    await signIn();
    expect(await screen.findByText('impressão')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?relatorio=alunos');
  });

  it('goes to the portal’s home when the remembered address is another site', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, signedIn)));
    const router = renderLogin('//evil.test/dashboard');
    await signIn();
    expect(await screen.findByText('painel')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
