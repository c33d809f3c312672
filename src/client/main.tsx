import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { toast, useToasterStore } from 'react-hot-toast';
import { useEffect } from 'react';
import '../shared/zod-setup';
import './styles.css';
import { createQueryClient, Providers } from './app/providers';
import { createRouter } from './app/router';
import { setUnauthenticatedHandler } from './lib/api-client';
import { currentUserKey } from './lib/current-user';
import { forgetSessionCopy } from './lib/offline/session-copy';
import { registerServiceWorker } from './lib/offline/service-worker';
import { captureInstallPrompt } from './lib/offline/install-prompt';
import { watchConnection } from './lib/offline/online';
import { startReadingCopy } from './lib/offline/reading-copy';
import { UpdatePrompt } from './components/update-prompt';
import { paths } from '../shared/routes';
import { isSignedInPath, returnAddressOf } from './lib/return-path';
import { PortalBranding } from './features/site/portal-branding';

const MAX_TOASTS = 20;

/** The spec's limit of 20 toasts at once. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(MAX_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);
  return null;
}

const queryClient = createQueryClient();
const router = createRouter();

setUnauthenticatedHandler(() => {
  queryClient.setQueryData(currentUserKey, null);
  // The session ended: the copy read offline goes (the saves waiting stay for the same person).
  void forgetSessionCopy().catch(() => undefined);
  // Back to the same address after signing in again: a list's filters and page are in its query string.
  if (isSignedInPath(window.location.pathname)) {
    void router.navigate(paths.login, { replace: true, state: { from: returnAddressOf(window.location) } });
  }
});

registerServiceWorker();
// Chrome offers installing once, early: kept for the homes' 'Instale o app da escola'.
captureInstallPrompt();
// Offline (issue 35): queries wait for the connection, and the copy kept on the device is read back.
watchConnection(queryClient);
startReadingCopy(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
      <ToastLimit />
      <PortalBranding />
      <UpdatePrompt />
    </Providers>
  </StrictMode>,
);
