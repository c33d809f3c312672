import { isIP } from 'node:net';

/**
 * The push services the server posts to (issue 35 §4): the four browsers' own, over https on the default
 * port, by exact host or a subdomain of the listed domain — and the origins an operator adds with
 * PUSH_ALLOWED_ORIGINS (tests, private push services). Anything else is refused: a subscription is an
 * address the browser hands over, and the server must not become a way to make requests elsewhere.
 */
const KNOWN_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const KNOWN_DOMAINS = ['.push.services.mozilla.com', '.notify.windows.com'];

export const ENDPOINT_REFUSED =
  'Serviço de notificações não aceito: use um navegador com notificações do Google, Mozilla, Apple ou Microsoft.';

function isKnownHost(hostname: string): boolean {
  return (
    KNOWN_HOSTS.includes(hostname) ||
    KNOWN_DOMAINS.some(
      (domain) => hostname.endsWith(domain) && /^[a-z0-9-]+$/.test(hostname.slice(0, -domain.length)),
    )
  );
}

/**
 * The endpoint in its normal form when the server may post to it, or null. Checked at subscription and
 * again at every send (PUSH_ALLOWED_ORIGINS may have changed since).
 */
export function allowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '') return null;
  if (allowedOrigins.includes(url.origin)) return url.href;
  if (url.protocol !== 'https:' || url.port !== '') return null;
  // An IP literal is never a known push service (URL keeps IPv6 ones in brackets).
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return null;
  return isKnownHost(url.hostname) ? url.href : null;
}
