// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router';
import { rootRoute } from './router';

let scrollTo: ReturnType<typeof vi.spyOn>;
const scrollIntoView = vi.fn();

beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  scrollIntoView.mockReset();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

function HomePage() {
  const [, setParams] = useSearchParams();
  return (
    <div>
      <Link to="/dashboard/familia/boletim">Boletim</Link>
      <button type="button" onClick={() => setParams({ page: '2' }, { preventScrollReset: true })}>
        Próxima página
      </button>
    </div>
  );
}

/** A screen whose section is drawn only after its data arrives. */
function LateSection() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? (
    <section id="importar-ids">Importar IDs do INEP</section>
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      carregar
    </button>
  );
}

/** The app's real root over a few screens. */
function open(at: string) {
  const router = createMemoryRouter(
    [
      {
        ...rootRoute,
        children: [
          { path: '/dashboard', Component: HomePage },
          { path: '/dashboard/familia/boletim', element: <h1>Boletim</h1> },
          { path: '/dashboard/relatorios/censo', Component: LateSection },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the scroll between screens', () => {
  it('opens another screen at its top, and keeps the place when only the page of a list changes', async () => {
    const router = open('/dashboard');
    await screen.findByRole('link', { name: 'Boletim' });
    scrollTo.mockClear();

    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(scrollTo).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Boletim' }));
    expect(await screen.findByRole('heading', { name: 'Boletim' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the address’s #anchor once the screen draws it', async () => {
    open('/dashboard/relatorios/censo#importar-ids');
    await userEvent.click(await screen.findByRole('button', { name: 'carregar' }));
    const section = await screen.findByText('Importar IDs do INEP');
    await act(() => Promise.resolve());
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(section);
  });
});
