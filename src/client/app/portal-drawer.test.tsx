// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, signedInAs, stubApi, stubScreen } from '../test/render';
import { openAppAt } from '../test/open-app-at';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A page of the portal on a phone, its menu opened with 'Abrir menu': the user and that button. */
async function openPhoneMenu() {
  const user = userEvent.setup();
  stubScreen(false);
  stubApi({ '/api/auth/me': signedInAs(adminUser) });
  openAppAt('/dashboard/pagina-que-nao-existe');
  await screen.findByRole('heading', { name: 'Página não encontrada' });
  const opener = screen.getByRole('button', { name: 'Abrir menu' });
  await user.click(opener);
  return { user, opener };
}

describe("the portal's phone menu", () => {
  it('takes the focus in, keeps Tab inside, and gives it back to the opener on Escape', async () => {
    const { user, opener } = await openPhoneMenu();
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    // Round the whole drawer and a little more: the focus never reaches the page behind the overlay.
    const stops = drawer.querySelectorAll('a[href], button:not([disabled])').length;
    for (let i = 0; i < stops + 2; i++) {
      await user.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("gives the focus back to the opener when closed with 'Fechar menu'", async () => {
    const { user, opener } = await openPhoneMenu();
    await user.click(await screen.findByRole('button', { name: 'Fechar menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe("the portal menu's Sair", () => {
  it('while it logs out, keeps the focus, held (aria-disabled, not disabled), and asks the server once', async () => {
    const user = userEvent.setup();
    stubScreen(true);
    const answers = stubApi({ '/api/auth/me': signedInAs(adminUser) });
    const posts: string[] = [];
    // The logout's request stays on its way.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') return answers(url, init);
      posts.push(url);
      return new Promise<Response>(() => undefined);
    });
    openAppAt('/dashboard/pagina-que-nao-existe');
    await screen.findByRole('heading', { name: 'Página não encontrada' });
    const sair = screen.getByRole('button', { name: 'Sair' });
    await user.click(sair);
    expect(posts).toEqual(['/api/auth/logout']);
    expect(sair).toHaveFocus();
    expect(sair).not.toBeDisabled();
    expect(sair).toHaveAttribute('aria-disabled', 'true');
    await user.click(sair);
    await user.keyboard('{Enter}');
    expect(posts).toEqual(['/api/auth/logout']);
  });
});
