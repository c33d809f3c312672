import { pathOfThisSite, paths } from '../../shared/routes';

/** The addresses that need a signed-in person (the router's RequireAuth): the portal and its pages outside it. */
const signedInAreas: readonly string[] = [paths.dashboard, paths.contentManager, paths.reportPrint];

/** Whether `pathname` is a screen that needs a signed-in person (a session that ends there goes to the login). */
export function isSignedInPath(pathname: string): boolean {
  return signedInAreas.some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

/** The address to come back to after signing in again: the path with its query string (and anchor). */
export function returnAddressOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Where the login sends the person: `from` (remembered when the session ended) when it is a signed-in
 * screen of this site, with its query string; the portal's home otherwise. Never another site
 * (`pathOfThisSite`), so the login cannot be used to send someone elsewhere.
 */
export function returnPathAfterLogin(from: unknown): string {
  const url = pathOfThisSite(from);
  // The new e-mail's confirmation asks a guardian already using the portal to sign in first (security review, 2026-12-01).
  const comesBack = url !== null && (isSignedInPath(url.pathname) || url.pathname === paths.confirmEmail);
  return comesBack ? returnAddressOf(url) : paths.dashboard;
}
