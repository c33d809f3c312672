/**
 * A push service for tests, the bench and the demo (issue 35 §4, ADR 0054), like the simulated bank is
 * for Pix: RFC 8030 over real HTTPS with throwaway certificates, checking what a real one checks — the
 * VAPID header (RFC 8292: an ES256 JWT valid for the key `k`, `aud` this origin, `exp` in the future and
 * at most 24 h away, `sub` mailto: or https:), and, when the subscription was made with an
 * applicationServerKey, that `k` is that key; a `TTL`; `Content-Encoding: aes128gcm`; at most 4096
 * bytes; an unknown subscription is 404, an expired one 410. It also plays the browser: `subscribe` makes
 * a subscription with its own P-256 key pair and auth secret (the PushSubscription JSON a browser hands
 * the page), and every message accepted is decrypted (RFC 8291, rfc8291.ts) and kept, so a test reads
 * what the device would show. It uses nothing of the product.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { makeTestPki } from '../banco-simulado/index.js';
import { DecryptionError, decryptPushMessage, newUserAgentKeys, type UserAgentKeys } from './rfc8291.js';
import { checkVapid, VapidError, type VapidClaims } from './vapid.js';

export { decryptPushMessage, newUserAgentKeys } from './rfc8291.js';
export type { UserAgentKeys } from './rfc8291.js';

/** RFC 8030 §5: a push message's body (the encrypted payload) is at most 4096 bytes. */
const MAX_BODY = 4096;

export interface SimulatedSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, as the service worker's `event.data.text()` would read it. */
  text: string;
  ttl: number;
  urgency: string | null;
  vapid: VapidClaims;
  at: Date;
}

export interface PushRefusal {
  endpoint: string;
  status: number;
  reason: string;
}

export interface PushSimulator {
  /** `https://127.0.0.1:PORT`: what PUSH_ALLOWED_ORIGINS lists. */
  origin: string;
  /** The throwaway CA its certificate is signed by (NODE_EXTRA_CA_CERTS for a server in another process). */
  caPem: string;
  /** A new subscription, as a browser's `pushManager.subscribe({ applicationServerKey })` returns it. */
  subscribe(applicationServerKey?: string): SimulatedSubscription;
  /** Messages accepted (and decrypted), all or one subscription's, oldest first. */
  received(endpoint?: string): ReceivedPush[];
  /** Messages refused, with the status given and why. */
  refusals(): PushRefusal[];
  /** From now on the subscription answers 410 Gone (the browser dropped it). */
  expire(endpoint: string): void;
  /** Requests being answered now, and at most at once since the start (or `resetStats`). */
  stats(): { inFlight: number; peakInFlight: number; accepted: number; openConnections: number };
  resetStats(): void;
  close(): Promise<void>;
}

interface Subscription {
  keys: UserAgentKeys;
  applicationServerKey: string | null;
  expired: boolean;
  endpoint: string;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The body, or null when it passed MAX_BODY (the rest is read and dropped, never kept). */
function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= MAX_BODY ? Buffer.concat(chunks) : null));
    request.on('error', reject);
  });
}

const URGENCIES = ['very-low', 'low', 'normal', 'high'];

export async function startPushSimulator(options: { port?: number } = {}): Promise<PushSimulator> {
  const pki = await makeTestPki();
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refused: PushRefusal[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let peakInFlight = 0;
  let origin = '';

  async function accept(request: IncomingMessage, id: string): Promise<void> {
    const endpoint = `${origin}/push/${id}`;
    const subscription = subscriptions.get(id);
    const body = await readBody(request);
    if (!subscription) throw new Refused(404, 'assinatura desconhecida');
    if (subscription.expired) throw new Refused(410, 'assinatura expirada');
    let vapid: { key: string; claims: VapidClaims };
    try {
      vapid = checkVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
    } catch (error) {
      if (error instanceof VapidError) throw new Refused(error.status, error.message);
      throw error;
    }
    if (subscription.applicationServerKey && vapid.key !== subscription.applicationServerKey)
      throw new Refused(403, 'k não é a applicationServerKey da assinatura');
    const ttl = request.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Refused(400, 'cabeçalho TTL ausente');
    const header = request.headers.urgency;
    const urgency = typeof header === 'string' ? header : null;
    if (header !== undefined && (urgency === null || !URGENCIES.includes(urgency)))
      throw new Refused(400, 'Urgency inválido');
    if (request.headers['content-encoding'] !== 'aes128gcm')
      throw new Refused(415, 'Content-Encoding deve ser aes128gcm');
    if (body === null) throw new Refused(413, 'mensagem maior que 4096 bytes');
    let text: string;
    try {
      text = decryptPushMessage(body, subscription.keys).toString('utf8');
    } catch (error) {
      if (error instanceof DecryptionError) throw new Refused(400, `não decifra: ${error.message}`);
      throw error;
    }
    received.push({ endpoint, text, ttl: Number(ttl), urgency, vapid: vapid.claims, at: new Date() });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || !id) {
      request.resume();
      response.writeHead(404).end();
      return;
    }
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    try {
      await accept(request, id);
      response.writeHead(201, { location: `${origin}/mensagens/${randomUUID()}` }).end();
    } catch (error) {
      const status = error instanceof Refused ? error.status : 500;
      const reason = error instanceof Error ? error.message : 'erro';
      refused.push({ endpoint: `${origin}/push/${id}`, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(reason);
    } finally {
      inFlight--;
    }
  }

  const server = createServer({ key: pki.servidorChavePem, cert: pki.servidorPem }, (request, response) => {
    void handle(request, response);
  });
  // Push services keep connections open a long while (the sender reuses them); Node's default is 5 s.
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    origin,
    caPem: pki.caPem,
    subscribe(applicationServerKey) {
      const id = randomUUID();
      const keys = newUserAgentKeys();
      const endpoint = `${origin}/push/${id}`;
      subscriptions.set(id, {
        keys,
        applicationServerKey: applicationServerKey ?? null,
        expired: false,
        endpoint,
      });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') },
      };
    },
    received: (endpoint) => received.filter((item) => endpoint === undefined || item.endpoint === endpoint),
    refusals: () => [...refused],
    expire(endpoint) {
      const subscription = [...subscriptions.values()].find((item) => item.endpoint === endpoint);
      if (!subscription) throw new Error('assinatura desconhecida no simulador');
      subscription.expired = true;
    },
    stats: () => ({ inFlight, peakInFlight, accepted: received.length, openConnections: sockets.size }),
    resetStats() {
      peakInFlight = inFlight;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
