// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from './button';

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
});
