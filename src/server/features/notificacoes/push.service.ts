import { createPublicKey } from 'node:crypto';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { NotificacaoTipo } from '../../../shared/notificacoes.schemas.js';
import {
  PUSH_DEVICES_PER_PERSON,
  type PushAparelho,
  type PushAssinatura,
  type PushAssinaturaInput,
} from '../../../shared/push.schemas.js';
import type { AppContext } from '../../context.js';
import type { AppConfig } from '../../env.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { pushAssinaturas } from '../../db/schema/push.js';
import { allowedPushEndpoint, ENDPOINT_REFUSED } from './push-endpoint.js';

/**
 * What a push says (issue 35 §4): a short title per kind, the same for everyone — never the bell's own
 * title or text, which can carry a child's name, a grade or an amount. The screen the link opens loads
 * the rest after sign-in.
 */
export const PUSH_TITULOS: Record<NotificacaoTipo, string> = {
  comunicado: 'Novo comunicado da escola',
  mensagem: 'Nova mensagem',
  boletim: 'Nota publicada',
  falta: 'Registro de falta',
  mensalidade: 'Mensalidade',
  seguranca: 'Aviso de segurança da sua conta',
  matricula: 'Matrícula online',
  retificacao: 'Retificação de nota decidida',
};

/** 'Android · Chrome': enough to tell one's devices apart, nothing more of the User-Agent is kept. */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iPhone/iPad'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const label = [system, browser].filter(Boolean).join(' · ');
  return label === '' ? null : label;
}

/** Whether the bytes are a point on P-256 (the browser's key the payload is encrypted to). */
function isCurvePoint(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  try {
    // OpenSSL refuses a point that is not on the curve.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

function refused(message: string, path: string): AppError {
  return new AppError('VALIDATION', message, [{ path, message }]);
}

/**
 * Turns push on for this device and person: the same endpoint registered again (a shared phone where
 * another person signed in) moves to the caller; past PUSH_DEVICES_PER_PERSON the person's oldest
 * devices stop being notified.
 */
export async function subscribePush(
  ctx: AppContext,
  usuarioId: string,
  input: PushAssinaturaInput,
  userAgent: string | undefined,
): Promise<PushAssinatura> {
  const endpoint = allowedPushEndpoint(input.endpoint, ctx.config.pushAllowedOrigins);
  if (!endpoint) throw refused(ENDPOINT_REFUSED, 'endpoint');
  if (!isCurvePoint(input.keys.p256dh))
    throw refused('Chave p256dh inválida: não é um ponto da curva P-256.', 'keys.p256dh');
  const now = clock.now();
  const aparelho = deviceLabel(userAgent);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushAssinaturas)
      .values({ usuarioId, endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, aparelho })
      .onConflictDoUpdate({
        target: pushAssinaturas.endpoint,
        set: {
          usuarioId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          aparelho,
          createdAt: now,
          updatedAt: now,
        },
      })
      .returning();
    const kept = await tx
      .select({ id: pushAssinaturas.id })
      .from(pushAssinaturas)
      .where(eq(pushAssinaturas.usuarioId, usuarioId))
      .orderBy(desc(pushAssinaturas.createdAt), desc(pushAssinaturas.id))
      .limit(PUSH_DEVICES_PER_PERSON);
    await tx.delete(pushAssinaturas).where(
      and(
        eq(pushAssinaturas.usuarioId, usuarioId),
        notInArray(
          pushAssinaturas.id,
          kept.map((item) => item.id),
        ),
      ),
    );
    return {
      aparelho: row!.aparelho,
      created_at: row!.createdAt.toISOString(),
      aparelhos: kept.length,
    };
  });
}

/**
 * An account deactivated (or a student's account disabled): its devices stop being notified at once —
 * the deliveries already waiting find no subscription at send time and close — and nothing of it stays
 * registered for a phone someone else may hold now. Reactivated, the person turns push on again.
 */
export async function forgetPushDevices(tx: DbOrTx, usuarioId: string): Promise<void> {
  await tx.delete(pushAssinaturas).where(eq(pushAssinaturas.usuarioId, usuarioId));
}

/** Turns push off for one of the caller's devices (someone else's endpoint is left alone). */
export async function unsubscribePush(ctx: AppContext, usuarioId: string, endpoint: string): Promise<number> {
  const forms = [...new Set([endpoint, allowedPushEndpoint(endpoint, ctx.config.pushAllowedOrigins)])];
  const removed = await ctx.db
    .delete(pushAssinaturas)
    .where(
      and(
        eq(pushAssinaturas.usuarioId, usuarioId),
        inArray(
          pushAssinaturas.endpoint,
          forms.filter((form): form is string => form !== null),
        ),
      ),
    )
    .returning({ id: pushAssinaturas.id });
  return removed.length;
}

/** The person's devices that receive notifications, newest first. */
export async function listDevices(ctx: AppContext, usuarioId: string): Promise<PushAparelho[]> {
  const rows = await ctx.db
    .select()
    .from(pushAssinaturas)
    .where(eq(pushAssinaturas.usuarioId, usuarioId))
    .orderBy(desc(pushAssinaturas.createdAt));
  return rows.map((row) => ({
    endpoint: row.endpoint,
    aparelho: row.aparelho,
    created_at: row.createdAt.toISOString(),
    ultimo_envio_em: row.ultimoEnvioEm?.toISOString() ?? null,
  }));
}

/**
 * The VAPID `sub` claim (RFC 8292; Apple refuses a push without it): the school's contact e-mail
 * (Conteúdo → Contato, else the footer's), else the address e-mails are sent from (MAIL_FROM).
 */
export async function vapidSubject(
  content: { getState(): Promise<{ content: { contato: { email: string }; footer: { email: string } } }> },
  config: Pick<AppConfig, 'mailFrom'>,
): Promise<string> {
  try {
    const state = await content.getState();
    const email = state.content.contato.email || state.content.footer.email;
    if (email) return `mailto:${email}`;
  } catch {
    // The content could not be read: the sender's address still identifies the school.
  }
  // 'Escola <nao-responda@escola.local>' or a bare address.
  const from = config.mailFrom.trim();
  const open = from.lastIndexOf('<');
  const address = open >= 0 && from.endsWith('>') ? from.slice(open + 1, -1) : from;
  return `mailto:${address}`;
}
