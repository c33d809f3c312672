/**
 * The HTTP plumbing of the simulated bank: answers as status + JSON, the standard's problem JSON for
 * refusals, and request bodies read with a size limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Problema } from './tipos.js';
import type { Violacao } from './validacao.js';

/** A route's answer: status and JSON body (none for 204). */
export interface Resposta {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const ERRO = 'https://pix.bcb.gov.br/api/v2/error/';
const MAX_BODY = 1024 * 1024;

export function problema(
  status: number,
  tipo: string,
  title: string,
  detail: string,
  violacoes?: Violacao[],
): Resposta {
  const body: Problema = {
    type: `${ERRO}${tipo}`,
    title,
    status,
    detail,
    ...(violacoes ? { violacoes } : {}),
  };
  return { status, body };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class RequestError extends Error {
  constructor(readonly resposta: Resposta) {
    super('request');
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY)
      throw new RequestError(
        problema(413, 'RequisicaoInvalida', 'Requisição muito grande.', 'O corpo excede 1 MB.'),
      );
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RequestError(
      problema(
        400,
        'RequisicaoInvalida',
        'Requisição inválida.',
        'O corpo da requisição não é um JSON válido.',
      ),
    );
  }
}

export function send(res: ServerResponse, resposta: Resposta): void {
  const json = resposta.body === undefined ? undefined : JSON.stringify(resposta.body);
  const isProblem =
    isObject(resposta.body) && typeof resposta.body.type === 'string' && resposta.status >= 400;
  res.writeHead(resposta.status, {
    ...(json !== undefined
      ? {
          'content-type': isProblem
            ? 'application/problem+json; charset=utf-8'
            : 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(json)),
        }
      : {}),
    ...resposta.headers,
  });
  res.end(json);
}
