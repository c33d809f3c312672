import type { RouteObject } from 'react-router';
import { RequireAuth } from './guards';

/** The daily agenda (issue 32 §3): the teacher's and coordination's screen, and the family's day. */
export const agendaRoutes: RouteObject[] = [
  {
    path: 'agenda',
    handle: { title: 'Agenda diária' },
    lazy: async () => {
      const { AgendaPage } = await import('../features/agenda/agenda-page');
      return {
        Component: () => (
          <RequireAuth access="academics.write">
            <AgendaPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'familia/agenda',
    handle: { title: 'Agenda do dia' },
    lazy: async () => {
      const { FamilyAgendaPage } = await import('../features/agenda/family-agenda-page');
      return {
        Component: () => (
          <RequireAuth access="academics.read">
            <FamilyAgendaPage />
          </RequireAuth>
        ),
      };
    },
  },
];
