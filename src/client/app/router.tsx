import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../../shared/routes';
import { RequireAuth } from './guards';
import { NotFoundPage } from './not-found-page';

/** Portal screens load on demand so the public page does not carry the portal's code. */
const portalRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Dashboard' },
    lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }),
  },
  {
    path: 'usuarios',
    handle: { title: 'Gestão de Usuários' },
    lazy: async () => {
      const { UsersPage } = await import('../features/users/users-page');
      return {
        Component: () => (
          <RequireAuth access="users.manage">
            <UsersPage />
          </RequireAuth>
        ),
      };
    },
  },
];

export const routes: RouteObject[] = [
  {
    path: paths.home,
    lazy: async () => ({ Component: (await import('../features/site/site-app')).SiteApp }),
  },
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
    children: portalRoutes,
  },
  { path: '*', Component: NotFoundPage },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
