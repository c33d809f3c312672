import { z } from 'zod';

/** Contracts of Web Push (issue 35 §4): the server's VAPID key and the browser's subscription. */

export const pushChaveSchema = z.object({
  /** The VAPID public key (an uncompressed P-256 point, base64url): the browser's `applicationServerKey`. */
  publicKey: z.string(),
});
export type PushChave = z.infer<typeof pushChaveSchema>;

/** The bytes of a base64url text (no padding), or null when it is not one. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A push service's address: long (FCM's are ~180 characters), never unbounded. */
export const PUSH_ENDPOINT_MAX = 1024;
/** Devices one person may have notified at once (a new one past it replaces their oldest). */
export const PUSH_DEVICES_PER_PERSON = 10;

const endpointSchema = z
  .string()
  .trim()
  .min(1, 'Informe o endereço da assinatura.')
  .max(PUSH_ENDPOINT_MAX, 'Endereço da assinatura longo demais.');

/** The browser's `PushSubscription.toJSON()`: `{ endpoint, expirationTime, keys: { p256dh, auth } }`. */
export const pushAssinaturaInputSchema = z.strictObject({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().refine((value) => {
      const bytes = base64UrlBytes(value);
      return bytes?.length === 65 && bytes[0] === 4;
    }, 'Chave p256dh inválida: esperado um ponto P-256 não comprimido (65 bytes) em base64url.'),
    auth: z
      .string()
      .refine(
        (value) => base64UrlBytes(value)?.length === 16,
        'Segredo auth inválido: esperados 16 bytes em base64url.',
      ),
  }),
});
export type PushAssinaturaInput = z.infer<typeof pushAssinaturaInputSchema>;

export const pushCancelarInputSchema = z.strictObject({ endpoint: endpointSchema });

export const pushAssinaturaSchema = z.object({
  aparelho: z.string().nullable(),
  created_at: z.string(),
  /** How many devices of the person receive notifications now (this one included). */
  aparelhos: z.number().int(),
});
export type PushAssinatura = z.infer<typeof pushAssinaturaSchema>;

/** One of the person's devices that receive notifications (the endpoint tells this device apart). */
export const pushAparelhoSchema = z.object({
  endpoint: z.string(),
  aparelho: z.string().nullable(),
  created_at: z.string(),
  ultimo_envio_em: z.string().nullable(),
});
export type PushAparelho = z.infer<typeof pushAparelhoSchema>;
