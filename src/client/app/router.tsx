import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../../shared/routes';
import { readsReports } from '../../shared/permissions';
import { RequireAuth } from './guards';
import { NotFoundPage, PortalNotFound } from './not-found-page';
import { PortalRouteError, RouteError } from './route-error';
import { Spinner } from '../components/feedback';
import { agendaRoutes } from './agenda-routes';
import { portalRoutes } from './portal-routes';
import { matriculasPortalRoutes, matriculasPublicRoutes } from './matriculas-routes';
import { AppRoot } from './app-root';

/**
 * A student's own home (issue 31 §4, ADR 0029): the index of the portal sends a student's account here.
 * The page answers only a student's account (the server's /api/portal-aluno is theirs).
 */
const studentPortalRoute: RouteObject = {
  path: 'portal-aluno',
  handle: { title: 'Portal do Aluno' },
  lazy: async () => {
    const { PortalAlunoPage } = await import('../features/portal-aluno/portal-aluno-page');
    return {
      Component: () => (
        <RequireAuth access="academics.read">
          <PortalAlunoPage />
        </RequireAuth>
      ),
    };
  },
};

/**
 * The family's Frequência (issue 32 §1): the children's attendance and the absence justifications. A
 * guardian's /api/alunos and /api/frequencia answer only their own children.
 */
const familyAttendanceRoute: RouteObject = {
  path: paths.familyAttendance.slice(`${paths.dashboard}/`.length),
  handle: { title: 'Frequência' },
  lazy: async () => {
    const { FamilyAttendancePage } = await import('../features/attendance/family-attendance-page');
    return {
      Component: () => (
        <RequireAuth access="academics.read">
          <FamilyAttendancePage />
        </RequireAuth>
      ),
    };
  },
};

export const routes: RouteObject[] = [
  {
    path: paths.home,
    lazy: async () => ({ Component: (await import('../features/site/site-app')).SiteApp }),
  },
  {
    path: paths.publicCalendar,
    lazy: async () => ({
      Component: (await import('../features/site/public-calendar-page')).PublicCalendarPage,
    }),
  },
  ...matriculasPublicRoutes,
  {
    path: paths.login,
    lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  },
  {
    path: paths.forgotPassword,
    lazy: async () => ({
      Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
    }),
  },
  {
    path: paths.resetPassword,
    lazy: async () => ({
      Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
    }),
  },
  {
    path: paths.confirmEmail,
    lazy: async () => ({ Component: (await import('../features/auth/confirm-email-page')).ConfirmEmailPage }),
  },
  {
    path: paths.changePassword,
    lazy: async () => ({
      Component: (await import('../features/auth/change-password-page')).ChangePasswordPage,
    }),
  },
  {
    path: paths.contentManager,
    lazy: async () => {
      const { ContentManagerPage } = await import('../features/content/content-manager-page');
      return {
        Component: () => (
          <RequireAuth>
            <ContentManagerPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.reportPrint,
    lazy: async () => {
      const { ReportPrintPage } = await import('../features/reports/report-print-page');
      return {
        Component: () => (
          <RequireAuth access={readsReports}>
            <ReportPrintPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.dashboard,
    lazy: async () => {
      const { PortalLayout } = await import('./portal-layout');
      return {
        Component: () => (
          <RequireAuth>
            <PortalLayout />
          </RequireAuth>
        ),
      };
    },
    children: [
      {
        // A screen that fails to open (its code not fetched, an error while rendering) says so inside the
        // portal's frame, with the menu still there.
        ErrorBoundary: PortalRouteError,
        children: [
          ...portalRoutes,
          ...agendaRoutes,
          ...matriculasPortalRoutes,
          studentPortalRoute,
          familyAttendanceRoute,
          // An address under /dashboard that no screen answers: inside the portal's frame, the menu there.
          { path: '*', Component: PortalNotFound, handle: { title: 'Página não encontrada' } },
        ],
      },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

/** Shown while the first screen's code loads (every screen is lazy). */
function PageLoading() {
  return <Spinner label="Carregando..." />;
}

/** Above every route: the scroll kept per screen, the first screen's loading, and the error page. */
export const rootRoute = {
  Component: AppRoot,
  HydrateFallback: PageLoading,
  ErrorBoundary: RouteError,
} satisfies RouteObject;

export function createRouter() {
  return createBrowserRouter([{ ...rootRoute, children: routes }]);
}
