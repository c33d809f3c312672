// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivacyStatus } from '../../../shared/privacy.schemas';
import { renderAt, stubApi } from '../../test/render';
import { PrivacyGate } from './privacy-gate';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pending: PrivacyStatus = {
  pendente: true,
  privacidade: { versao: 1, titulo: 'Aviso de Privacidade', texto: 'Como a escola trata os dados.' },
  termos: { versao: 1, titulo: 'Termos de Uso', texto: 'O acesso é pessoal.' },
  ultimo_aceite: null,
};

/** A guardian who has not accepted the notice yet, at the gate in front of the portal. */
async function openPendingGate() {
  stubApi({ '/api/privacidade': pending });
  renderAt(
    <PrivacyGate nivel="responsavel">
      <p>portal</p>
    </PrivacyGate>,
  );
  await screen.findByRole('heading', { name: 'Antes de começar' });
}

describe('PrivacyGate: a guardian’s first sign-in', () => {
  it('links the notice and the terms by their titles, not by bare addresses', async () => {
    await openPendingGate();
    expect(screen.getByRole('link', { name: 'Aviso de Privacidade' }).getAttribute('href')).toBe(
      '/privacidade',
    );
    expect(screen.getByRole('link', { name: 'Termos de Uso' }).getAttribute('href')).toBe('/termos');
    expect(screen.queryByRole('link', { name: '/privacidade' })).toBeNull();
    expect(screen.queryByText('portal')).toBeNull();
  });

  it('the texts scroll in their boxes, and a keyboard reaches each box to scroll it (axe: scrollable-region-focusable)', async () => {
    const user = userEvent.setup();
    await openPendingGate();
    await user.tab(); // the link to the notice
    await user.tab(); // the link to the terms
    await user.tab();
    expect(screen.getByRole('region', { name: 'Aviso de Privacidade (versão 1)' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('region', { name: 'Termos de Uso (versão 1)' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: /Li e aceito/ })).toHaveFocus();
  });
});
