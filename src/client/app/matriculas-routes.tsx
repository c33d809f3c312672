import type { RouteObject } from 'react-router';
import { paths, tokenPaths } from '../../shared/routes';
import { RequireAuth } from './guards';

/**
 * Matrícula online (issue 34). The staff's screens live in the portal; the family's form, the signer's
 * page and the Lei 9.870 publication are public pages outside it (a token or nothing at all).
 */
export const matriculasPortalRoutes: RouteObject[] = [
  {
    path: paths.matriculas.slice(`${paths.dashboard}/`.length),
    handle: { title: 'Matrículas' },
    lazy: async () => {
      const { FunilPage } = await import('../features/matriculas/funil-page');
      return {
        Component: () => (
          <RequireAuth access="matriculas.manage">
            <FunilPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.rematriculaOnline.slice(`${paths.dashboard}/`.length),
    handle: { title: 'Rematrícula online' },
    lazy: async () => {
      const { RematriculaOnlinePage } = await import('../features/matriculas/rematricula-online-page');
      return {
        Component: () => (
          <RequireAuth access="matriculas.manage">
            <RematriculaOnlinePage />
          </RequireAuth>
        ),
      };
    },
  },
];

export const matriculasPublicRoutes: RouteObject[] = [
  {
    path: `${tokenPaths.preMatricula}/:token`,
    lazy: async () => ({
      Component: (await import('../features/matriculas/pre-matricula-page')).PreMatriculaPage,
    }),
  },
  {
    path: `${tokenPaths.assinatura}/:token`,
    lazy: async () => ({
      Component: (await import('../features/matriculas/assinatura-page')).AssinaturaPage,
    }),
  },
  {
    path: paths.publicacaoMatriculas,
    lazy: async () => ({
      Component: (await import('../features/matriculas/publicacao-page')).PublicacaoMatriculasPage,
    }),
  },
];
