// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../../shared/routes';
import { calendarViewAnswer } from '../test/answers';
import { adminUser, pinDate, signedInAs, stubApi, stubScreen } from '../test/render';
import { createQueryClient, Providers } from './providers';
import { routes } from './router';

pinDate('2026-12-02T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const student = { ...adminUser, nome: 'Caio Moraes', nivel: 'aluno' as const, tipo: 'student' as const };

describe("a student's Calendário (the menu's only screen besides the Portal do Aluno)", () => {
  it("is the family's calendar, without the school's count of dias letivos, closing dates or site column", async () => {
    stubScreen(false);
    stubApi({
      '/api/auth/me': signedInAs(student),
      '/api/anos-letivos': [],
      '/api/calendario': calendarViewAnswer({
        de: '2026-12-01',
        ate: '2026-12-31',
        eventos: [
          {
            id: '00000000-0000-4000-8000-0000000000c1',
            tipo: 'prova',
            titulo: 'Semana de provas',
            descricao: null,
            inicio: '2026-12-07',
            fim: '2026-12-11',
            publico: true,
            version: 1,
          },
        ],
      }),
    });
    const router = createMemoryRouter(routes, { initialEntries: [paths.calendar] });
    render(
      <Providers client={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText('Semana de provas')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Calendário', level: 1 })).toBeVisible();
    expect(screen.queryByText('Calendário Escolar')).toBeNull();
    expect(screen.queryByText(/dias letivos/)).toBeNull();
    expect(screen.queryByText(/Fecha em/)).toBeNull();
    expect(screen.queryByText('Site')).toBeNull();
  });
});
