// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSiteContent } from '../../../shared/content.defaults';
import { SiteHeader } from './site-header';

afterEach(cleanup);

function renderHeader() {
  render(
    <SiteHeader
      settings={defaultSiteContent.configuracoes}
      user={{ nome: 'Maria' }}
      onLogout={() => undefined}
      shown={new Set(['sobre', 'galeria', 'matricula', 'contato'])}
    />,
  );
  const summary = screen.getByText('Abrir menu').closest('summary')!;
  const details = summary.closest('details')!;
  return { summary, details };
}

describe("the public site's phone menu", () => {
  it('closes on Escape and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    const { summary, details } = renderHeader();
    await user.click(summary);
    expect(details.open).toBe(true);
    const menu = screen.getByRole('navigation', { name: 'Menu móvel' });
    const first = menu.querySelector('a')!;
    first.focus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it('closes once a link in it is chosen', async () => {
    const user = userEvent.setup();
    const { summary, details } = renderHeader();
    await user.click(summary);
    const menu = screen.getByRole('navigation', { name: 'Menu móvel' });
    const link = [...menu.querySelectorAll('a')].find((a) => a.textContent === 'Galeria')!;
    // The link's own navigation is the browser's; here only the menu's answer to the click matters.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(details.open).toBe(false);
  });
});
