/**
 * Pix as a PSP reports them (BCB Pix API: `GET /pix` items and webhook bodies), for the received-Pix tests.
 */
import { randomBytes } from 'node:crypto';
import type { PixRecebidoWire } from '../../shared/pix-recebidos.schemas.js';
import { centavosToDecimal } from '../../shared/money.js';
import { webhookSegredoOf } from '../features/pix/pix-provedor.service.js';
import type { TestApp } from './test-app.js';

/** An end-to-end id as the SPI makes them: E + the payer's ISPB + yyyyMMddHHmm + 11 letters and digits. */
export function endToEndId(): string {
  const tail = randomBytes(16).toString('hex').toUpperCase().slice(0, 11);
  return `E18236120202606151430${tail}`;
}

/** The txid of a mensalidade's charge. */
export function txidOf(mensalidadeId: string): string {
  return mensalidadeId.replace(/-/g, '');
}

export function pixOf(options: {
  valor: number;
  txid?: string;
  horario?: string;
  endToEndId?: string;
  extra?: Partial<PixRecebidoWire>;
}): PixRecebidoWire {
  return {
    endToEndId: options.endToEndId ?? endToEndId(),
    ...(options.txid ? { txid: options.txid } : {}),
    valor: centavosToDecimal(options.valor),
    horario: options.horario ?? '2026-06-15T10:30:00.000-03:00',
    chave: 'financeiro@escola.com.br',
    infoPagador: 'Mensalidade',
    pagador: { cpf: '12345678909', nome: 'Carla Souza' },
    ...options.extra,
  };
}

let currentSecret = '';

/** The installation's webhook secret (made with the provider settings); later `postWebhook` calls use it. */
export async function setWebhookSecret(t: TestApp): Promise<string> {
  currentSecret = await webhookSegredoOf(t.app.ctx);
  return currentSecret;
}

/** Posts a webhook call as the PSP does (`<url>/pix`), to the app given (another instance, say). */
export function postWebhook(
  app: TestApp['app'],
  body: unknown,
  segredo = currentSecret,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/pix/webhook/${segredo}/pix`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
