import { isIP } from 'node:net';

/** Which peers may tell the client's address and protocol (X-Forwarded-For / -Proto). */
export type TrustProxy = false | number | string[];

const trustEveryone =
  'TRUST_PROXY=true confiaria em qualquer X-Forwarded-For: um cliente poderia trocar de IP a cada ' +
  'requisição, escapar dos limites de tentativas e forjar o IP da auditoria. Use o número de proxies ' +
  'à frente do servidor (ex.: TRUST_PROXY=1) ou os endereços deles (ex.: TRUST_PROXY=127.0.0.1,10.0.0.0/8).';

function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/`false` (direct connections), a hop count (`1`: one proxy in front) or a list of
 * proxy addresses and CIDRs. Returns the message to show when the value is refused.
 */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') return trustEveryone;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'TRUST_PROXY: número de proxies grande demais (use de 1 a 10).';
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    return (
      `TRUST_PROXY: "${invalid.join('", "')}" não é endereço IP nem faixa CIDR. ` +
      'Use o número de proxies (ex.: 1) ou uma lista como 127.0.0.1,10.0.0.0/8.'
    );
  }
  return entries;
}

/** Fastify's option (its typings lack the hop count, which is `(address, hop) => hop < n`). */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
