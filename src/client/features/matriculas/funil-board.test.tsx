// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { interessado } from '../../test/interessados';
import { renderAt, stubApi } from '../../test/render';
import { FunilBoard } from './funil-board';

const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const familia = interessado;

describe('FunilBoard', () => {
  it('names every stage with its count above the board, and brings a column into view on a tap', async () => {
    stubApi({});
    renderAt(
      <FunilBoard
        familias={[
          familia(1, {}),
          familia(2, { etapa: 'contrato_assinado' }),
          familia(3, { etapa: 'contrato_assinado' }),
          familia(4, { etapa: 'matriculado' }),
        ]}
        onOpen={() => undefined}
      />,
    );
    const stages = screen.getByRole('navigation', { name: 'Etapas do funil' });
    expect(
      within(stages)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Interessado1',
      'Visita agendada0',
      'Pré-matrícula0',
      'Contrato enviado0',
      'Contrato assinado2',
      'Matriculado1',
      'Perdido0',
    ]);
    await userEvent.click(within(stages).getByRole('button', { name: /Contrato assinado/ }));
    expect(scrolled).toEqual([screen.getByRole('region', { name: /^Contrato assinado/ })]);
  });

  it('marks a visit already past, for the secretaria to record how it went', () => {
    stubApi({});
    const now = Date.now();
    renderAt(
      <FunilBoard
        familias={[
          familia(1, { etapa: 'visita', visita_em: new Date(now - 86_400_000).toISOString() }),
          familia(2, { etapa: 'visita', visita_em: new Date(now + 3 * 86_400_000).toISOString() }),
        ]}
        onOpen={() => undefined}
      />,
    );
    const column = screen.getByRole('region', { name: /^Visita agendada/ });
    const cards = within(column).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('já passou: registre como foi');
    expect(cards[1]).not.toHaveTextContent('já passou');
  });
  it("while a family's move is on its way, its 'Mover para…' keeps the focus, held, and sends no second move", async () => {
    const user = userEvent.setup();
    const patches: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') patches.push(url);
        // The move stays on its way.
        return new Promise<Response>(() => undefined);
      }),
    );
    renderAt(<FunilBoard familias={[familia(1, {}), familia(2, {})]} onOpen={() => undefined} />);
    const mover = screen.getByLabelText('Mover Criança 1 para outra etapa');
    const other = screen.getByLabelText('Mover Criança 2 para outra etapa');
    await user.selectOptions(mover, 'Pré-matrícula');
    expect(patches).toHaveLength(1);
    // Not disabled (the focus would drop to <body>): held, and a second choice is not sent.
    await vi.waitFor(() => expect(mover).toHaveAttribute('aria-disabled', 'true'));
    expect(mover).not.toBeDisabled();
    expect(mover).toHaveFocus();
    await user.selectOptions(mover, 'Contrato enviado');
    expect(mover).toHaveValue('');
    expect(mover).toHaveFocus();
    expect(patches).toHaveLength(1);
    // Another family's menu is free.
    expect(other).not.toHaveAttribute('aria-disabled');
  });
});
