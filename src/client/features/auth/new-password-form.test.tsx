// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewPasswordForm } from './new-password-form';

afterEach(cleanup);

describe("Trocar senha's form while it saves", () => {
  it('keeps the focus in the field (read-only, not disabled), keeps what was typed and sends once', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<NewPasswordForm withCurrent submitLabel="Salvar nova senha" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Senha atual'), 'antiga-123');
    await user.type(screen.getByLabelText('Nova senha'), 'Outra-senha-forte-9');
    const confirmacao = screen.getByLabelText('Confirmar nova senha');
    await user.type(confirmacao, 'Outra-senha-forte-9{Enter}');
    await screen.findByRole('button', { name: 'Salvando...' });
    expect(onSubmit).toHaveBeenCalledTimes(1);

    // A disabled field drops the focus to <body> in the browser; these are held instead.
    for (const label of ['Senha atual', 'Nova senha', 'Confirmar nova senha']) {
      const field = screen.getByLabelText(label);
      expect(field).not.toBeDisabled();
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveAttribute('aria-disabled', 'true');
    }
    expect(document.activeElement).toBe(confirmacao);

    // Typing and Enter again while it saves change nothing and send nothing more.
    await user.type(confirmacao, 'x{Enter}');
    expect(confirmacao).toHaveValue('Outra-senha-forte-9');
    expect(document.activeElement).toBe(confirmacao);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish();
    await screen.findByRole('button', { name: 'Salvar nova senha' });
    expect(confirmacao).not.toHaveAttribute('readonly');
    expect(confirmacao).not.toHaveAttribute('aria-disabled');
  });
});
