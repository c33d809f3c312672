import { useBlocker } from 'react-router';
import { useBeforeUnloadWarning } from '../lib/use-unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/**
 * While `when` holds (something typed or tapped is not saved yet), leaving asks first: another screen,
 * and also another address of the same screen — a class, a date or a lesson chosen in the query string,
 * a tab, the browser's back button — with the app's confirm dialog; closing or reloading the tab with
 * the browser's own. The cancel button stays with what is on the screen; the confirm button leaves.
 */
export function LeaveGuard({
  when,
  title,
  message,
  confirmLabel = 'Sair sem salvar',
  cancelLabel = 'Continuar editando',
}: {
  when: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  useBeforeUnloadWarning(when);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const blocked = blocker.state === 'blocked';
  return (
    <ConfirmDialog
      open={blocked}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
