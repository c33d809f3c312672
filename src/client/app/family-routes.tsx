import type { ReactNode } from 'react';
import { Navigate, useSearchParams, type RouteObject } from 'react-router';
import { paths } from '../../shared/routes';
import { useCurrentUser } from '../lib/current-user';
import { RequireAuth } from './guards';
import { isFamily } from './menu';

/**
 * One address, two screens: the family's own or the staff's (the calendar, the comunicados). With
 * `student`, a student's own account gets the family's screen too: the staff's calendar counts dias
 * letivos against the legal minimum, dates the periods' closing and says what is on the site.
 */
function ByAccount({
  family,
  staff,
  student = false,
}: {
  family: ReactNode;
  staff: ReactNode;
  student?: boolean;
}) {
  const { data: user } = useCurrentUser();
  return isFamily(user) || (student && user?.nivel === 'aluno') ? family : staff;
}

/**
 * A student's own account has its comunicados in the Portal do Aluno: the link of a comunicado's
 * notification (`/dashboard/comunicados?id=`, the same for every recipient) opens it there, not the
 * staff's screen that the student may not open.
 */
function StudentToPortal({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const [params] = useSearchParams();
  if (user?.nivel !== 'aluno') return children;
  const id = params.get('id');
  return (
    <Navigate
      to={`${paths.studentPortal}?aba=comunicados${id ? `&id=${encodeURIComponent(id)}` : ''}`}
      replace
    />
  );
}

/**
 * The family's own screens (issue 32 §1), under /dashboard/familia; the portal's frame (family-gate.ts)
 * shows them to a family's account only.
 */
export const familyRoutes: RouteObject[] = [
  {
    path: 'familia/aluno',
    handle: { title: 'Meu filho' },
    lazy: async () => {
      const { FamilyChildPage } = await import('../features/familia/family-child-page');
      return {
        Component: () => (
          <RequireAuth access="students.read">
            <FamilyChildPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'familia/boletim',
    handle: { title: 'Boletim' },
    lazy: async () => {
      const { FamilyBoletimPage } = await import('../features/familia/family-boletim-page');
      return {
        Component: () => (
          <RequireAuth access="academics.read">
            <FamilyBoletimPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'familia/tarefas',
    handle: { title: 'Tarefas e conteúdos' },
    lazy: async () => {
      const { FamilyTarefasPage } = await import('../features/familia/family-tarefas-page');
      return {
        Component: () => (
          <RequireAuth access="academics.read">
            <FamilyTarefasPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'familia/documentos',
    handle: { title: 'Documentos' },
    lazy: async () => {
      const { FamilyDocumentsPage } = await import('../features/familia/family-documents-page');
      return {
        Component: () => (
          <RequireAuth access="documents.issue">
            <FamilyDocumentsPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'comunicados',
    handle: { title: 'Comunicados' },
    lazy: async () => {
      const { ComunicadosPage } = await import('../features/comunicados/comunicados-page');
      const { FamilyComunicadosPage } = await import('../features/comunicados/family-comunicados-page');
      return {
        Component: () => (
          <StudentToPortal>
            <RequireAuth access="dashboard.read">
              <ByAccount family={<FamilyComunicadosPage />} staff={<ComunicadosPage />} />
            </RequireAuth>
          </StudentToPortal>
        ),
      };
    },
  },
  {
    path: 'calendario',
    handle: { title: 'Calendário' },
    lazy: async () => {
      const { CalendarPage } = await import('../features/calendar/calendar-page');
      const { FamilyCalendarPage } = await import('../features/calendar/family-calendar-page');
      return {
        Component: () => (
          <RequireAuth access="academics.read">
            <ByAccount family={<FamilyCalendarPage />} staff={<CalendarPage />} student />
          </RequireAuth>
        ),
      };
    },
  },
];
