/**
 * What a push service checks of the sender (RFC 8292): `Authorization: vapid t=<JWT>, k=<key>`, the JWT
 * signed ES256 by `k`, for this service (`aud`), not expired and for at most 24 hours (`exp`), with a
 * contact (`sub`, `mailto:` or `https:`).
 */
import { createPublicKey, verify } from 'node:crypto';

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** The answer to a refused sender: the status a push service gives and why. */
export class VapidError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'VapidError';
  }
}

const MAX_LIFETIME_SECONDS = 24 * 3600;

function jsonPart(part: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new VapidError(401, 'JWT malformado');
}

/** Checks the header against the service's origin; returns the sender's key (base64url) and claims. */
export function checkVapid(
  authorization: string | undefined,
  audience: string,
  nowSeconds: number,
): { key: string; claims: VapidClaims } {
  const value = authorization?.trim() ?? '';
  if (!/^vapid\s/i.test(value)) throw new VapidError(401, 'Authorization: vapid ausente');
  const params = new Map<string, string>();
  for (const part of value.slice('vapid'.length).split(',')) {
    const at = part.indexOf('=');
    if (at > 0) params.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new VapidError(401, 'vapid sem t= ou k=');
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new VapidError(401, 'k não é uma chave P-256 não comprimida');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const parts = token.split('.');
  if (parts.length !== 3) throw new VapidError(401, 'JWT malformado');
  const header = jsonPart(parts[0]);
  if (header.alg !== 'ES256') throw new VapidError(401, 'JWT deve ser ES256');
  const signature = Buffer.from(parts[2]!, 'base64url');
  const signed = verify(
    'sha256',
    Buffer.from(`${parts[0]!}.${parts[1]!}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!signed) throw new VapidError(401, 'assinatura do JWT inválida para k');
  const claims = jsonPart(parts[1]);
  if (claims.aud !== audience) throw new VapidError(403, `aud deve ser ${audience}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)
    throw new VapidError(403, 'JWT expirado (exp)');
  if (claims.exp > nowSeconds + MAX_LIFETIME_SECONDS) throw new VapidError(403, 'exp além de 24 horas');
  if (typeof claims.sub !== 'string' || !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(claims.sub))
    throw new VapidError(403, 'sub deve ser mailto: ou https:');
  return { key, claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub } };
}
