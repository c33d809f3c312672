import { request as httpRequest } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Db } from '../../db/client.js';
import type { AppConfig } from '../../env.js';
import { clock } from '../../lib/clock.js';
import type { EntregaRow } from '../../db/schema/notificacoes.js';
import { pushAssinaturas } from '../../db/schema/push.js';
import { allowedPushEndpoint } from './push-endpoint.js';
import type { VapidKeys } from './push-keys.js';

/** How long a push may wait in the push service when the device is off (RFC 8030 TTL): a day. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** One call to a push service: connect, send and answer. */
const PUSH_TIMEOUT_MS = 15_000;
/** Sockets open to one push service at once (the worker sends a few rows at a time anyway). */
const SOCKETS_PER_SERVICE = 8;

/** Why a push was not sent and will not be tried again (the row is closed). */
export class PushClosedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PushClosedError';
  }
}

/** A push service's refusal worth trying again later (5xx, 429, a VAPID problem the operator fixes). */
class PushRefusedError extends Error {
  readonly code: string;
  constructor(status: number) {
    super(`serviço de notificações respondeu ${String(status)}`);
    this.name = 'PushRefusedError';
    this.code = `HTTP_${String(status)}`;
  }
}

/**
 * At most `perSecond` pushes handed out per second by this instance: each send takes the next slot, and
 * a burst (a comunicado to 2,000 families) waits its turn in the queue instead of opening 2,000 sockets.
 */
class Pacer {
  private next = 0;
  constructor(private readonly perSecond: number) {}

  async take(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.next);
    this.next = slot + 1000 / this.perSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }
}

export interface PushSenderOptions {
  config: Pick<AppConfig, 'pushAllowedOrigins' | 'pushRatePerSecond' | 'pushCa'>;
  keys: VapidKeys;
  /** The VAPID `sub` claim, read at each send (the school may change its contact e-mail). */
  subject(): Promise<string>;
}

/**
 * Sends one `entregas` row of canal `push` (issue 35 §4, ADR 0054): the payload `{ titulo, link }`
 * encrypted by web-push (aes128gcm, RFC 8291) and signed with the installation's VAPID key (RFC 8292),
 * posted with a TTL, an urgency and a timeout. A 404/410 means the browser dropped the subscription: it
 * is deleted and the row closed. A subscription gone, moved to another person, or whose endpoint is no
 * longer allowed closes the row too; anything else is retried as the outbox does.
 */
export class PushSender {
  private readonly pacer: Pacer;
  private readonly agent: Agent;

  constructor(
    private readonly db: Db,
    private readonly options: PushSenderOptions,
  ) {
    this.pacer = new Pacer(options.config.pushRatePerSecond);
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: SOCKETS_PER_SERVICE,
      ...(options.config.pushCa ? { ca: [...rootCertificates, options.config.pushCa] } : {}),
    });
  }

  close(): void {
    this.agent.destroy();
  }

  async send(row: EntregaRow): Promise<void> {
    const [subscription] = await this.db
      .select()
      .from(pushAssinaturas)
      .where(eq(pushAssinaturas.id, row.destino));
    if (!subscription || subscription.usuarioId !== row.usuarioId)
      throw new PushClosedError('PUSH_SEM_ASSINATURA', 'o aparelho não recebe mais notificações');
    const endpoint = allowedPushEndpoint(subscription.endpoint, this.options.config.pushAllowedOrigins);
    if (!endpoint)
      throw new PushClosedError(
        'PUSH_RECUSADO',
        'serviço de notificações não permitido (PUSH_ALLOWED_ORIGINS)',
      );
    const details = webPush.generateRequestDetails(
      { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify({ titulo: row.assunto, link: row.texto }),
      {
        vapidDetails: {
          subject: await this.options.subject(),
          publicKey: this.options.keys.publicKey,
          privateKey: this.options.keys.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    await this.pacer.take();
    const status = await this.post(endpoint, details.headers, details.body);
    if (status === 404 || status === 410) {
      await this.db.delete(pushAssinaturas).where(eq(pushAssinaturas.id, subscription.id));
      throw new PushClosedError(`HTTP_${String(status)}`, 'assinatura expirada; aparelho removido');
    }
    if (status === 413) throw new PushClosedError('HTTP_413', 'mensagem grande demais');
    if (status < 200 || status > 299) throw new PushRefusedError(status);
    await this.db
      .update(pushAssinaturas)
      .set({ ultimoEnvioEm: clock.now() })
      .where(eq(pushAssinaturas.id, subscription.id));
  }

  /**
   * POSTs the encrypted message; resolves to the push service's status. A kept-alive socket the service
   * closed just as it was reused fails at once with ECONNRESET: that one is tried again on a new socket
   * (Node's documented pattern), any other failure is the outbox's to retry.
   */
  private async post(
    endpoint: string,
    headers: Record<string, string | number>,
    body: Buffer | null,
  ): Promise<number> {
    try {
      return await this.postOnce(endpoint, headers, body);
    } catch (error) {
      if ((error as { reusedSocket?: boolean }).reusedSocket !== true) throw error;
      return this.postOnce(endpoint, headers, body);
    }
  }

  private postOnce(
    endpoint: string,
    headers: Record<string, string | number>,
    body: Buffer | null,
  ): Promise<number> {
    const url = new URL(endpoint);
    const secure = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const outgoing = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers,
          timeout: PUSH_TIMEOUT_MS,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          ...(secure ? { agent: this.agent } : {}),
        },
        (response) => {
          // The answer's body is not needed (and may be large): read and dropped.
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () =>
        outgoing.destroy(Object.assign(new Error('tempo esgotado'), { code: 'PUSH_TEMPO' })),
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'ECONNRESET' && outgoing.reusedSocket
            ? Object.assign(error, { reusedSocket: true })
            : error,
        ),
      );
      outgoing.end(body ?? undefined);
    });
  }
}
