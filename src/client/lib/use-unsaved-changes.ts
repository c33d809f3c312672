import { useEffect } from 'react';

/**
 * Closing the tab or reloading while something on the screen is not saved yet: the browser asks first
 * (its own dialog; the text is the browser's). Inside the portal, `LeaveGuard` asks with the app's own.
 */
export function useBeforeUnloadWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
