import { Wrench } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { configureDisplay, displayKey } from '../../../shared/format';
import type { Nivel } from '../../../shared/permissions';
import { Spinner } from '../../components/feedback';
import { usePublicSettings } from '../../lib/public-settings';
import { useApplyTheme } from './theme';

export function MaintenancePage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-4">
      <div className="max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <Wrench className="mx-auto h-14 w-14 text-amber-500" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-bold text-gray-900">Sistema em manutenção</h1>
        <p className="mt-2 text-gray-700">
          O portal está temporariamente indisponível para manutenção. Tente novamente em alguns minutos.
        </p>
      </div>
    </div>
  );
}

/**
 * Wraps the portal's pages: non-administrators see 'Sistema em manutenção' while it is on,
 * administrators keep working under a banner. Also applies the theme and the display formats.
 */
export function MaintenanceGate({ nivel, children }: { nivel: Nivel | undefined; children: ReactNode }) {
  const { data, isLoading } = usePublicSettings();
  useApplyTheme(data?.tema);
  // Idempotent: switches the shared formatters to the school's idioma, fuso horário and moeda; the
  // key re-renders the page when an administrator changes them.
  const formatKey = data ? configureDisplay(data) : displayKey();
  // Non-administrators wait for the flag, so pages do not fire calls that maintenance would refuse.
  if (isLoading && nivel !== 'administrador') return <Spinner />;
  const on = data?.manutencao === true;
  if (on && nivel !== 'administrador') return <MaintenancePage />;
  // The same tree with or without the banner, so turning maintenance on does not remount the page.
  return (
    <>
      {on && (
        <div
          role="status"
          className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <Wrench className="h-4 w-4 shrink-0" aria-hidden="true" />
          Modo de manutenção ativo: apenas administradores conseguem usar o portal.
        </div>
      )}
      <Fragment key={formatKey}>{children}</Fragment>
    </>
  );
}
