// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificacaoTipos, type Preferencias } from '../../../shared/notificacoes.schemas';
import { renderAt, stubApi } from '../../test/render';
import { PreferencesModal } from './preferences-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every kind on every channel (no row saved yet: the server's default), SMS as the school has it. */
const preferences = (sms_disponivel: boolean): Preferencias => ({
  itens: notificacaoTipos.map((tipo) => ({ tipo, email: true, sms: true, push: true })),
  email_disponivel: true,
  sms_disponivel,
});

describe('Preferências de notificação', () => {
  it('shows no SMS column where the school sends no SMS, and names the push column in Portuguese', async () => {
    stubApi({ '/api/notificacoes/preferencias': preferences(false) });
    renderAt(<PreferencesModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Preferências de notificação' });
    await within(dialog).findByRole('table');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Assunto', 'E-mail', 'No celular']);
    expect(within(dialog).queryByRole('checkbox', { name: /por SMS/ })).toBeNull();
    expect(within(dialog).queryByText(/Push/)).toBeNull();
    expect(dialog).toHaveTextContent('A escola não envia notificações por SMS.');
    expect(dialog).toHaveTextContent('Escolha o que também chega por e-mail ou como notificação no celular.');
  });

  it('where the school sends SMS, it is a column like the others; each box is inside its 44 px label', async () => {
    stubApi({ '/api/notificacoes/preferencias': preferences(true) });
    renderAt(<PreferencesModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Preferências de notificação' });
    const sms = await within(dialog).findByRole('checkbox', { name: 'Comunicados por SMS' });
    expect(sms).toBeChecked();
    expect(sms).toBeEnabled();
    const push = within(dialog).getByRole('checkbox', { name: 'Comunicados por notificação no celular' });
    // The label around the box is the tap target: a tap on it (not on the box) changes the box.
    const label = push.closest('label')!;
    expect(label).toHaveClass('min-h-11', 'min-w-11');
    await userEvent.click(label);
    expect(push).not.toBeChecked();
  });
});
