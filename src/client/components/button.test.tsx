// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, IconButton } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('keeps its own size unless the caller sets one (a later class does not beat the base in Tailwind)', () => {
    render(
      <>
        <Button>Salvar</Button>
        <Button className="min-h-9 px-2">Hoje</Button>
        <Button className="py-1">Mais</Button>
      </>,
    );
    const classes = (name: string) => screen.getByRole('button', { name }).className.split(/\s+/);
    expect(classes('Salvar')).toEqual(expect.arrayContaining(['min-h-10', 'px-4', 'py-2']));
    expect(classes('Hoje')).toEqual(expect.arrayContaining(['min-h-9', 'px-2', 'py-2']));
    expect(classes('Hoje')).not.toContain('px-4');
    expect(classes('Hoje')).not.toContain('min-h-10');
    expect(classes('Mais')).toEqual(expect.arrayContaining(['px-4', 'py-1']));
    expect(classes('Mais')).not.toContain('py-2');
  });

  it('keeps the focus while it saves: aria-disabled, not disabled, and a click does nothing', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Salvar</Button>);
    const button = screen.getByRole('button', { name: 'Salvar' });
    button.focus();
    rerender(
      <Button onClick={onClick} loading>
        Salvar
      </Button>,
    );
    // A disabled button drops the focus to <body> in the browser; this one stays focusable.
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });

  it('lets no form be sent twice while it saves, by a click or by Enter in a field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Senha" />
        <Button type="submit" loading>
          Entrar
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await user.type(screen.getByLabelText('Senha'), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('held by aria-disabled while something else saves: keeps the focus, ignores clicks and Enter, no spinner', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button variant="secondary" aria-disabled onClick={onClick}>
        Cancelar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Cancelar' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('aria-busy');
    button.focus();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });

  it('is disabled when told so, loading or not', () => {
    render(
      <Button disabled loading>
        Salvar
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });
});

describe('IconButton', () => {
  it('held by aria-disabled while something saves, as Button: keeps the focus, ignores clicks and Enter', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <IconButton label="Desmarcar Ana Lima" aria-disabled onClick={onClick}>
        x
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Desmarcar Ana Lima' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveFocus();

    rerender(
      <IconButton label="Desmarcar Ana Lima" aria-disabled={false} onClick={onClick}>
        x
      </IconButton>,
    );
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
