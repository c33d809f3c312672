// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { PortalRouteError, RouteError } from './route-error';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const chunkFailure = () =>
  Promise.reject(
    new TypeError('Failed to fetch dynamically imported module: http://escola/assets/login-page-N4Ib9OsT.js'),
  );

function Broken(): never {
  throw new Error('cannot read x of undefined');
}

function open(routes: RouteObject[], at = '/') {
  const router = createMemoryRouter([{ ErrorBoundary: RouteError, children: routes }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
}

describe('a screen that cannot open', () => {
  it('says so in Portuguese when its code cannot be fetched, and offers to reload', async () => {
    open([{ path: '/', lazy: chunkFailure }]);
    expect(await screen.findByRole('heading', { name: 'Não foi possível abrir esta tela' })).toBeTruthy();
    expect(screen.getByText(/O sistema pode ter sido atualizado/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao Início' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/Hey developer/)).toBeNull();
  });

  it('says the device is offline when it is', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    open([{ path: '/', lazy: chunkFailure }]);
    expect(await screen.findByText(/Você está sem internet/)).toBeTruthy();
  });

  it('says something went wrong when a screen fails while drawing, and keeps the details in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open([{ path: '/', Component: Broken }]);
    expect(await screen.findByText(/Algo deu errado ao abrir esta tela/)).toBeTruthy();
    expect(logged.mock.calls.some((call) => String(call[0]).includes('cannot read x of undefined'))).toBe(
      true,
    );
  });

  it('inside the portal keeps the menu and points back to the portal’s home', async () => {
    open(
      [
        {
          path: '/dashboard',
          Component: () => (
            <div>
              <nav aria-label="Menu principal">Alunos</nav>
              <Outlet />
            </div>
          ),
          children: [{ ErrorBoundary: PortalRouteError, children: [{ path: 'alunos', lazy: chunkFailure }] }],
        },
      ],
      '/dashboard/alunos',
    );
    expect(await screen.findByRole('heading', { name: 'Não foi possível abrir esta tela' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o Início' }).getAttribute('href')).toBe('/dashboard');
  });
});
