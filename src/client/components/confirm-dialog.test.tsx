// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreen } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';

/** How the screens ask before a destructive action: a row's button opens the question. */
function Screen({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Excluir aluno</button>
      <ConfirmDialog
        open={open}
        title="Excluir aluno?"
        message="A ficha de Ana Lima sai da lista."
        confirmLabel="Excluir"
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConfirmDialog', () => {
  it.each([
    ['a mouse and keyboard', true],
    ['a touch screen', false],
  ])('opens on Cancelar (the answer that changes nothing), not on the X, with %s', async (_screen, wide) => {
    stubScreen(wide);
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Screen onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Excluir aluno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir aluno?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    // A reflex Enter keeps the student.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes with Escape and gives the focus back to the button that opened it', async () => {
    stubScreen(true);
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Screen onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Excluir aluno' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Excluir aluno?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Excluir aluno?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
