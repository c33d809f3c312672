// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { AdjustModal } from './adjust-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdjustModal', () => {
  it('opens on the discount; cancelling the mensalidade is a choice the secretaria makes on purpose', async () => {
    stubApi({ '/api/auth/me': signedInAs() });
    renderAt(
      <AdjustModal mensalidade={mensalidadeAnswer({ principal_pago: 0 })} onClose={() => undefined} />,
    );
    const action = await screen.findByLabelText('Ação');
    expect(action).toHaveDisplayValue('Conceder desconto');
    expect(screen.getByRole('button', { name: 'Aplicar desconto' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancelar mensalidade' })).toBeNull();

    await userEvent.selectOptions(action, 'cancelar');
    expect(screen.getByRole('button', { name: 'Cancelar mensalidade' })).toBeVisible();
    expect(screen.queryByLabelText(/Desconto total/)).toBeNull();
  });
});
