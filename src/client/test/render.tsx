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
