// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassMonth } from '../../../shared/attendance.schemas';
import { rollClassAnswer } from '../../test/answers';
import { colourOf, contrast } from '../../test/contrast';
import { pinDate, renderAt, signedInAs, stubApi } from '../../test/render';
import { ClassMonthTab } from './class-month-tab';

pinDate('2026-12-07T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const month: ClassMonth = {
  turma: { id: 't1', nome: '1º Ano A', frequencia_modo: 'diaria', frequencia_minima: 75 },
  mes: '2026-12',
  dias: [
    { data: '2026-12-04', tipo: 'letivo', letivo: true, chamadas: 1 },
    { data: '2026-12-05', tipo: 'fim_de_semana', letivo: false, chamadas: 0 },
  ],
  alunos: [
    {
      id: 'a1',
      nome: 'Cecília Andrade Carvalho',
      matricula: '20260253',
      faltas: [1, null],
      aulas_dadas: 1,
      total_faltas: 1,
      frequencia: 0,
      abaixo_minimo: true,
    },
  ],
};

function stubMonth() {
  stubApi({
    '/api/auth/me': signedInAs({ nivel: 'professor' }),
    '/api/frequencia/turmas': [
      rollClassAnswer({
        id: 't1',
        nome: '1º Ano A',
        dia: { data: '2026-12-07', tipo: 'letivo', letivo: true, descricao: null },
      }),
    ],
    '/api/frequencia/turmas/t1/mes': month,
  });
}

describe("the class's month on a phone", () => {
  it('lets a keyboard reach the days that scroll past the edge', async () => {
    // jsdom lays nothing out: the grid is as wide as a month is on a 390 px phone.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(358);
    stubMonth();
    renderAt(<ClassMonthTab />);
    // The grid scrolls sideways on a phone; it was a plain div no key could reach (axe: scrollable-region-focusable).
    const grid = await screen.findByRole('region', { name: 'Frequência de 1º Ano A no mês' });
    await userEvent.click(screen.getByLabelText('Turma'));
    await userEvent.tab();
    await userEvent.tab();
    expect(grid).toHaveFocus();
  });

  it('reads the number of a day that is not a school day on its grey (WCAG 1.4.3, 4.5:1)', async () => {
    stubMonth();
    renderAt(<ClassMonthTab />);
    const weekend = await screen.findByRole('columnheader', { name: '5' });
    const classes = weekend.className;
    // gray-500 on gray-200 measured 3.9:1.
    expect(contrast(colourOf(classes, 'text-'), colourOf(classes, 'bg-'))).toBeGreaterThanOrEqual(4.5);
  });
});
