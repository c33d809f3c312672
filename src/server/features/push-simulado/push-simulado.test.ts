/**
 * The simulated push service checks what a real one checks (RFC 8030/8291/8292): each request below is
 * what web-push would send, with one thing broken.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { startPushSimulator, type PushSimulator, type SimulatedSubscription } from './index.js';

let simulator: PushSimulator;
const keys = webPush.generateVAPIDKeys();
const otherKeys = webPush.generateVAPIDKeys();

beforeAll(async () => {
  simulator = await startPushSimulator();
});
afterAll(() => simulator.close());

function details(
  subscription: SimulatedSubscription,
  payload: string,
  options: { vapid?: typeof keys; subject?: string; aud?: string; expiration?: number } = {},
) {
  const vapid = options.vapid ?? keys;
  const made = webPush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: options.subject ?? 'mailto:escola@exemplo.com.br', ...vapid },
    TTL: 60,
    contentEncoding: 'aes128gcm',
  });
  if (options.aud || options.expiration) {
    const headers = webPush.getVapidHeaders(
      options.aud ?? simulator.origin,
      options.subject ?? 'mailto:escola@exemplo.com.br',
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      options.expiration,
    );
    made.headers.Authorization = headers.Authorization;
  }
  return made;
}

const now = () => Math.floor(Date.now() / 1000);

/** An ES256 JWT signed with `keys` (RFC 7515: the signature is r‖s, 64 bytes). */
function signJwt(claims: object): string {
  const raw = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${unsigned}.${signature.toString('base64url')}`;
}

function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(endpoint, { method: 'POST', headers, ca: simulator.caPem }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}

describe('push-simulado', () => {
  it('accepts a well-formed push and decrypts it as the browser would', async () => {
    const subscription = simulator.subscribe(keys.publicKey);
    const made = details(subscription, '{"titulo":"Oi","link":"/dashboard"}');
    expect(await post(subscription.endpoint, made.headers, made.body)).toBe(201);
    expect(simulator.received(subscription.endpoint)).toMatchObject([
      { text: '{"titulo":"Oi","link":"/dashboard"}', ttl: 60, vapid: { aud: simulator.origin } },
    ]);
  });

  it('refuses what a real push service refuses', async () => {
    const subscription = simulator.subscribe(keys.publicKey);
    const good = () => details(subscription, 'x');
    /** The good request's headers with a JWT signed by hand (web-push refuses to sign these claims). */
    const withJwt = (claims: object) => {
      const made = good();
      const full = {
        aud: simulator.origin,
        exp: now() + 3600,
        sub: 'mailto:escola@exemplo.com.br',
        ...claims,
      };
      return { ...made.headers, Authorization: `vapid t=${signJwt(full)}, k=${keys.publicKey}` };
    };
    const cases: [string, () => Promise<number>, number][] = [
      [
        'unknown subscription',
        () => post(`${simulator.origin}/push/nao-existe`, good().headers, good().body),
        404,
      ],
      [
        'no Authorization',
        () => {
          const made = good();
          delete made.headers.Authorization;
          return post(subscription.endpoint, made.headers, made.body);
        },
        401,
      ],
      [
        'signed by another key than the subscription’s',
        () => {
          const made = details(subscription, 'x', { vapid: otherKeys });
          return post(subscription.endpoint, made.headers, made.body);
        },
        403,
      ],
      [
        'k is not the key that signed',
        () => {
          const made = details(subscription, 'x', { vapid: otherKeys });
          made.headers.Authorization = String(made.headers.Authorization).replace(
            /k=[\w-]+/,
            `k=${keys.publicKey}`,
          );
          return post(subscription.endpoint, made.headers, made.body);
        },
        401,
      ],
      [
        'aud another origin',
        () => {
          const made = details(subscription, 'x', { aud: 'https://fcm.googleapis.com' });
          return post(subscription.endpoint, made.headers, made.body);
        },
        403,
      ],
      [
        'sub neither mailto: nor https:',
        () => post(subscription.endpoint, withJwt({ sub: 'ftp://escola.example' }), good().body),
        403,
      ],
      ['exp already past', () => post(subscription.endpoint, withJwt({ exp: now() - 10 }), good().body), 403],
      [
        'exp more than 24 hours away',
        () => post(subscription.endpoint, withJwt({ exp: now() + 25 * 3600 }), good().body),
        403,
      ],
      [
        'no TTL',
        () => {
          const made = good();
          delete made.headers.TTL;
          return post(subscription.endpoint, made.headers, made.body);
        },
        400,
      ],
      [
        'another content coding',
        () => {
          const made = good();
          made.headers['Content-Encoding'] = 'aesgcm';
          return post(subscription.endpoint, made.headers, made.body);
        },
        415,
      ],
      [
        'over 4096 bytes',
        () => {
          const made = details(subscription, 'x'.repeat(4000));
          const body = Buffer.concat([made.body, Buffer.alloc(200)]);
          made.headers['Content-Length'] = String(body.length);
          return post(subscription.endpoint, made.headers, body);
        },
        413,
      ],
      [
        'encrypted to another browser',
        () => {
          const other = simulator.subscribe(keys.publicKey);
          const made = details(other, 'x');
          return post(subscription.endpoint, made.headers, made.body);
        },
        400,
      ],
    ];
    for (const [name, run, status] of cases) expect(await run(), name).toBe(status);
    expect(simulator.received(subscription.endpoint)).toHaveLength(0);
  });

  it('answers 410 for a subscription it was told to expire', async () => {
    const subscription = simulator.subscribe(keys.publicKey);
    simulator.expire(subscription.endpoint);
    const made = details(subscription, 'x');
    expect(await post(subscription.endpoint, made.headers, made.body)).toBe(410);
  });
});
