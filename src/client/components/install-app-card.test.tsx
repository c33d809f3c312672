// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureInstallPrompt } from '../lib/offline/install-prompt';
import { InstallAppCard } from './install-app-card';

captureInstallPrompt();

afterEach(() => {
  cleanup();
  // Back to jsdom's own (the prototype's getter).
  Reflect.deleteProperty(navigator, 'userAgent');
  localStorage.clear();
});

/** Chrome's `beforeinstallprompt`, answering `outcome` when shown. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('Instale o app da escola', () => {
  it('says nothing where the browser offers no install and it is not an iPhone', () => {
    render(<InstallAppCard />);
    expect(screen.queryByRole('region', { name: 'Instale o app da escola' })).toBeNull();
  });

  it('opens the browser’s own install dialog when Chrome offers it, and goes once installed', async () => {
    render(<InstallAppCard />);
    const { prompt, event } = offerInstall('accepted');
    // Chrome's own mini-bar is kept back: the school's card offers it.
    expect(event.defaultPrevented).toBe(true);
    const card = await screen.findByRole('region', { name: 'Instale o app da escola' });
    await userEvent.click(screen.getByRole('button', { name: 'Instalar' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(card).not.toBeInTheDocument();
  });

  it('tells an iPhone the two taps, and “Agora não” keeps it away on this device', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: iphone, configurable: true });
    const first = render(<InstallAppCard />);
    const card = screen.getByRole('region', { name: 'Instale o app da escola' });
    expect(card).toHaveTextContent('toque em Compartilhar e depois em “Adicionar à Tela de Início”');
    expect(screen.queryByRole('button', { name: 'Instalar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Agora não' }));
    expect(card).not.toBeInTheDocument();
    first.unmount();
    render(<InstallAppCard />);
    expect(screen.queryByRole('region', { name: 'Instale o app da escola' })).toBeNull();
  });
});
