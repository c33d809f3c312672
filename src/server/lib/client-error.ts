import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { messages, type ErrorCode } from '../../shared/api.js';
import { failure } from '../plugins/error-funnel.js';

/** The status, code and message for what Node's parser refused, by the error's code. */
function answerFor(code: string | undefined): [number, ErrorCode, string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'PAYLOAD_TOO_LARGE', 'Os cabeçalhos da requisição são grandes demais.'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'VALIDATION', messages.timeout];
  if (code === 'HPE_INVALID_URL') return [400, 'VALIDATION', messages.invalidUrl];
  return [400, 'VALIDATION', 'Requisição inválida.'];
}

/**
 * What Node's HTTP parser refuses before any route runs — a raw non-ASCII byte in the address, a
 * malformed request line or header, headers too large, a request too slow — answered with the API's
 * error envelope (design §4) instead of Fastify's own `{"error":"Bad Request","message":"Client Error"}`.
 * Fastify's `clientErrorHandler`: a raw socket, so the response is written by hand and the connection
 * closed (the parser cannot go on with it).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = answerFor(error.code);
  const body = JSON.stringify(failure(message, code));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${String(status)} ${http.STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${String(Buffer.byteLength(body))}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      // No request was parsed (so no id to keep and no log line): still an id, as every answer has.
      `X-Request-Id: ${randomUUID()}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
