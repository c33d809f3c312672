/** 'Pendências' on the staff's home: what to chase this week, each with the screen that settles it. */
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { usePendencias } from './dashboard.api';
import { Panel } from './dashboard-panel';
import { pendenciaItems } from './dashboard-pendencias.items';

export function PendenciasPanel() {
  const pendencias = usePendencias(true);
  return (
    <Panel title="Pendências">
      {/* A failed refresh keeps the last figures on the screen; only a first load that failed says so. */}
      {!pendencias.data && pendencias.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <ErrorBanner>Não foi possível carregar as pendências.</ErrorBanner>
          <Button
            variant="secondary"
            loading={pendencias.isFetching}
            onClick={() => void pendencias.refetch()}
          >
            Tentar de novo
          </Button>
        </div>
      ) : !pendencias.data ? (
        <Spinner label="Carregando pendências..." />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {pendenciaItems(pendencias.data).map(({ key, icon: Icon, done, text, detail, link }) => (
            <li
              key={key}
              className={`flex flex-col gap-1 rounded-lg border p-3 text-sm ${
                done ? 'border-gray-200 text-gray-600' : 'border-amber-200 bg-amber-50 text-gray-900'
              }`}
            >
              <p className="flex items-start gap-2 font-medium">
                {done ? (
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                ) : (
                  <Icon className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
                )}
                {text}
              </p>
              {detail && <p className="pl-6 text-xs text-gray-600">{detail}</p>}
              {!done && (
                <Link
                  to={link.to}
                  className="mt-auto inline-flex min-h-11 items-center pl-6 font-medium text-primary-strong underline-offset-2 hover:underline sm:min-h-0 sm:pt-1"
                >
                  {link.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
