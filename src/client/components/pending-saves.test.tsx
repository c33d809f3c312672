// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueEntry } from '../lib/offline/fila';
import type { FilaState } from '../lib/offline/use-fila';
import { expectHeld } from '../test/held';
import { renderAt } from '../test/render';
import { SignOutWithPending } from './pending-saves';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const roll: QueueEntry = {
  id: 'e1',
  idempotencyKey: 'k1',
  method: 'PUT',
  url: '/api/frequencia/chamada',
  body: {},
  kind: 'chamada',
  group: 'turma-1',
  label: 'Chamada 7º A — 28/11',
  link: '/dashboard/frequencia',
  createdAt: 0,
  attempts: 0,
  status: 'pendente',
  detail: null,
};

describe('SignOutWithPending', () => {
  it("while 'Enviar agora' sends, Cancelar and 'Sair e descartar' wait held (focusable, aria-disabled) and do nothing", async () => {
    const user = userEvent.setup();
    // The sending stays on its way.
    const syncNow = vi.fn(() => new Promise<void>(() => undefined));
    const fila: FilaState = {
      userId: 'u1',
      entries: [roll],
      pending: 1,
      conflicts: 0,
      refused: 0,
      sessionEnded: false,
      syncNow,
    };
    const onCancel = vi.fn();
    const onLeave = vi.fn();
    renderAt(<SignOutWithPending fila={fila} open onCancel={onCancel} onLeave={onLeave} />);
    const dialog = await screen.findByRole('dialog', { name: '1 chamada ainda não enviada' });
    const enviar = within(dialog).getByRole('button', { name: 'Enviar agora' });
    await user.click(enviar);
    expect(enviar).toHaveAttribute('aria-busy', 'true');
    await expectHeld(dialog, ['Cancelar', 'Sair e descartar']);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onLeave).not.toHaveBeenCalled();
    expect(syncNow).toHaveBeenCalledOnce();
  });
});
