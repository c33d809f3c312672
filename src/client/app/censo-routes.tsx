import type { RouteObject } from 'react-router';
import { RequireAuth } from './guards';

/** Relatórios → Censo Escolar (issue 37): only who manages the census (Direção, Secretaria). */
export const censoRoutes: RouteObject[] = [
  {
    path: 'relatorios/censo',
    handle: { title: 'Censo Escolar' },
    lazy: async () => {
      const { CensoPainelPage } = await import('../features/censo/painel-page');
      return {
        Component: () => (
          <RequireAuth access="censo.manage">
            <CensoPainelPage />
          </RequireAuth>
        ),
      };
    },
  },
];
