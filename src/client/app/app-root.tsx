import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

/** How long an address's '#anchor' is waited for while its screen loads (the user, the screen's data). */
const ANCHOR_WAIT_MS = 10_000;

/**
 * An address with '#anchor' opened before its screen is drawn (a pasted link: the portal still asks who
 * is signed in, the screen still loads): ScrollRestoration finds no element then, so the page scrolls to
 * the anchor once it appears — unless the person scrolls or types first, or another address opens.
 */
function useScrollToLateAnchor() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    // Already there: ScrollRestoration scrolled to it.
    if (document.getElementById(id)) return;
    const observer = new MutationObserver(() => {
      const target = document.getElementById(id);
      if (!target) return;
      stop();
      target.scrollIntoView();
    });
    const timer = window.setTimeout(stop, ANCHOR_WAIT_MS);
    const userMoved = ['wheel', 'touchstart', 'keydown'] as const;
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const event of userMoved) window.removeEventListener(event, stop);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    for (const event of userMoved) window.addEventListener(event, stop, { passive: true });
    return stop;
  }, [hash, key]);
}

/**
 * The root of every page the router draws (the public pages, the login, the portal, the print pages):
 * another screen opens at its top and Back returns to where the person was (`preventScrollReset` keeps
 * the place when only a filter, a page or a tab changes); an '#anchor' in the address is scrolled to.
 */
export function AppRoot() {
  useScrollToLateAnchor();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
