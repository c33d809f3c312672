// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextEditor } from './field-editors';

afterEach(cleanup);

describe('TextEditor', () => {
  it('gives the focus back to its Editar button after Confirmar, Cancelar or Esc', async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    render(<TextEditor label="Título" value="Educação que transforma vidas" onSave={save} />);
    const edit = () => screen.getByRole('button', { name: 'Editar Título' });

    await user.click(edit());
    await user.clear(screen.getByRole('textbox', { name: 'Título' }));
    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'Bem-vindos');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(edit()).toHaveFocus());
    expect(save).toHaveBeenCalledWith('Bem-vindos');

    await user.click(edit());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(edit()).toHaveFocus());

    await user.click(edit());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(edit()).toHaveFocus());
  });
});
