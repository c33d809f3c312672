// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSiteContent } from '../../shared/content.defaults';
import { adminUser, pinDate, renderAt, signedInAs, stubApi, stubScreen } from '../test/render';
import { openAppAt } from '../test/open-app-at';
import { LandingPage } from '../features/site/landing-page';
import { PublicCalendarPage } from '../features/site/public-calendar-page';

pinDate('2026-11-28T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Tab from the top reaches 'Pular para o conteúdo' first; Enter; the main content, which should then have the focus. */
async function skipsToContent() {
  const user = userEvent.setup();
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
  expect(document.activeElement).toBe(skip);
  const main = screen.getByRole('main');
  expect(skip).toHaveAttribute('href', `#${main.id}`);
  // Focusable by script and by the fragment, not a Tab stop of its own.
  expect(main).toHaveAttribute('tabindex', '-1');
  await user.keyboard('{Enter}');
  return main;
}

describe("'Pular para o conteúdo'", () => {
  it('lands on the portal’s content', async () => {
    stubScreen(false);
    stubApi({ '/api/auth/me': signedInAs(adminUser) });
    openAppAt('/dashboard/pagina-que-nao-existe');
    await screen.findByRole('heading', { name: 'Página não encontrada' });
    expect(await skipsToContent()).toBe(document.activeElement);
  });

  it('lands on the landing page’s content', async () => {
    stubApi({});
    render(<LandingPage content={defaultSiteContent} user={null} onLogout={() => undefined} />);
    expect(await skipsToContent()).toBe(document.activeElement);
  });

  it('is on the public calendar too', async () => {
    stubApi({}, { escola: 'Escola', de: '2026-01-01', ate: '2026-12-31', itens: [] });
    renderAt(<PublicCalendarPage />);
    await screen.findByRole('heading', { name: 'Calendário Acadêmico' });
    expect(await skipsToContent()).toBe(document.activeElement);
  });
});
