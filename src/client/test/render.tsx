import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';

/** Renders `element` at `url` inside the app's providers and a memory router; returns the router. */
export function renderAt(element: ReactElement, url = '/lista') {
  const router = createMemoryRouter(
    [
      { path: '/lista', element },
      { path: '/outra', element: <p>outra tela</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** The query string of the router's current location, as an object. */
export function searchOf(router: ReturnType<typeof createMemoryRouter>) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

/** A screen as wide as a desktop (tables) or a phone (cards), for useMediaQuery. */
export function stubScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * Answers `fetch` from a map of URL → `data` (in the API's envelope): the exact URL, else its path
 * without the query string; any other URL is a 404.
 */
export function stubApi(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const data = routes[url] ?? routes[url.split('?')[0]!];
      const body =
        data === undefined ? { success: false, message: 'Recurso não encontrado.' } : { success: true, data };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: data === undefined ? 404 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

/** A signed-in administrator, as `GET /api/auth/me` answers. */
export const adminUser = {
  id: '00000000-0000-4000-8000-000000000001',
  nome: 'Secretária',
  email: 'secretaria@escola.test',
  usuario: 'secretaria',
  nivel: 'administrador',
  tipo: 'admin',
  ativo: true,
  primeiro_login: false,
  data_criacao: '2026-01-01T00:00:00.000Z',
} as const;
