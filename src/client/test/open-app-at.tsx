import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { routes } from '../app/router';

/** For tests: the whole app (its routes and providers) rendered at `url`; the router, to read where it went. */
export function openAppAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
