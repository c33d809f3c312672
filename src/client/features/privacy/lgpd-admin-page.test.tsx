// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, searchOf, stubApi } from '../../test/render';
import { LgpdAdminPage } from './lgpd-admin-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LgpdAdminPage', () => {
  it('each tab controls a panel that exists, and the tab chosen is in the address', async () => {
    stubApi({ '/api/solicitacoes': [], '/api/turmas': [] });
    const router = renderAt(<LgpdAdminPage />);

    // A screen reader goes from the tab to its panel through aria-controls: the panel must be there,
    // and be a tabpanel named by its tab.
    const requests = screen.getByRole('tab', { name: 'Solicitações LGPD', selected: true });
    const panel = screen.getByRole('tabpanel', { name: 'Solicitações LGPD' });
    expect(requests.getAttribute('aria-controls')).toBe(panel.id);

    await userEvent.click(screen.getByRole('tab', { name: 'Consentimentos por turma' }));
    const consents = screen.getByRole('tab', { name: 'Consentimentos por turma', selected: true });
    expect(screen.getByRole('tabpanel', { name: 'Consentimentos por turma' }).id).toBe(
      consents.getAttribute('aria-controls'),
    );
    expect(searchOf(router)).toEqual({ aba: 'consentimentos' });
  });

  it('opens on the tab the address names', () => {
    stubApi({ '/api/solicitacoes': [], '/api/turmas': [] });
    renderAt(<LgpdAdminPage />, '/lista?aba=registro');
    expect(screen.getByRole('tab', { name: 'Registro das operações', selected: true })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Registro das operações' })).toBeTruthy();
  });
});
