/**
 * Tests only: a plain node:https client for the simulated bank (not the product's adapter), so the
 * bank's own tests see exactly what it answers. Presents the client certificate unless told not to.
 */
import { request } from 'node:https';
import type { SimulatedBank } from './index.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Present the bank's client certificate (default true). */
  certificado?: boolean;
  timeoutMs?: number;
}

/** One HTTPS call (no keep-alive) to a full URL, mutual TLS with the bank's certificates. */
export function call(bank: SimulatedBank, url: string, options: CallOptions = {}): Promise<Answer> {
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        ca: bank.caPem,
        ...(options.certificado === false ? {} : { cert: bank.certificadoPem, key: bank.chavePrivadaPem }),
        agent: false,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text === '' ? undefined : (JSON.parse(text) as unknown);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A token by client credentials (Basic auth, form body), as the standard has it. */
export async function tokenOf(
  bank: SimulatedBank,
  scope?: string,
  secret: string = bank.clientSecret,
): Promise<Answer> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  return call(bank, bank.tokenUrl, {
    method: 'POST',
    body: form.toString(),
    headers: {
      authorization: `Basic ${Buffer.from(`${bank.clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
}

/** A client with a token: `api('PUT', '/cobv/…', body)` relative to the base URL. */
export async function clientOf(
  bank: SimulatedBank,
  scope?: string,
): Promise<(method: string, path: string, body?: unknown) => Promise<Answer>> {
  const token = await tokenOf(bank, scope);
  const accessToken = (token.body as { access_token: string }).access_token;
  return (method, path, body) =>
    call(bank, `${bank.baseUrl}${path}`, {
      method,
      body,
      headers: { authorization: `Bearer ${accessToken}` },
    });
}
