import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertTriangle, WifiOff } from 'lucide-react';
import { Button, ButtonLink } from '../components/button';
import { NotFoundPage, PortalNotFound } from './not-found-page';

/**
 * A screen's code that could not be fetched: the browser's words for a failed `import()` (Chromium,
 * Firefox, Safari). It happens offline, and when the school's server was updated while the page stayed
 * open (the old screen files are gone).
 */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (/dynamically imported module|Importing a module script failed/i.test(message)) return true;
  // A loader may wrap it (`new Error(..., { cause })`).
  return error instanceof Error && error.cause !== undefined && isChunkLoadError(error.cause);
}

/** Where the error screen stands: the whole page, or inside the portal's frame (the menu stays). */
const places = {
  page: {
    Frame: 'main',
    className: 'flex min-h-screen items-center justify-center bg-gray-50 p-4',
    home: '/',
    homeLabel: 'Voltar ao Início',
    NotFound: NotFoundPage,
  },
  portal: {
    Frame: 'div',
    className: 'flex min-h-[50vh] items-center justify-center p-4',
    home: '/dashboard',
    homeLabel: 'Ir para o Início',
    NotFound: PortalNotFound,
  },
} as const;
type Where = keyof typeof places;

/** What the person reads when a screen fails to open: never React Router's developer page. */
function RouteErrorMessage({ where }: { where: Where }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const offline = chunk && typeof navigator !== 'undefined' && !navigator.onLine;
  useEffect(() => {
    document.title = 'Não foi possível abrir a tela';
    // Kept for whoever opens the console: the words of the failure, not shown on the screen.
    if (!chunk) console.error(error);
  }, [chunk, error]);
  const Icon = offline ? WifiOff : AlertTriangle;
  return (
    <div role="alert" className="mx-auto max-w-md text-center">
      <Icon className="mx-auto h-14 w-14 text-gray-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Não foi possível abrir esta tela</h1>
      <p className="mt-2 text-gray-600">
        {offline
          ? 'Você está sem internet e esta tela ainda não foi guardada no aparelho. Quando a conexão voltar, tente de novo.'
          : chunk
            ? 'O sistema pode ter sido atualizado enquanto a página estava aberta. Recarregue a página para continuar.'
            : 'Algo deu errado ao abrir esta tela. Recarregue a página; se continuar, avise a secretaria da escola.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
        <ButtonLink variant="secondary" to={places[where].home}>
          {places[where].homeLabel}
        </ButtonLink>
      </div>
    </div>
  );
}

function ErrorScreen({ where }: { where: Where }) {
  const error = useRouteError();
  const { Frame, className, NotFound } = places[where];
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Frame className={className}>
      <RouteErrorMessage where={where} />
    </Frame>
  );
}

/** The whole page's error screen (the site, the login, a screen outside the portal). */
export const RouteError = () => <ErrorScreen where="page" />;

/** A portal screen's error screen, inside the portal's frame: the menu stays to go elsewhere. */
export const PortalRouteError = () => <ErrorScreen where="portal" />;
