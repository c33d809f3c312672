import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Cobv, CobvBody, CobvPatch, Pix, PixApi } from './pix-api.js';
import { nullWhenNotFound, PixApiError } from './pix-api.js';
import { failureOf, problemMessage, type Attempt } from './pix-api.errors.js';

/**
 * The one adapter for the Banco Central's Pix API (issue 33, ADR 0040): any PSP that follows the standard.
 * OAuth2 client credentials and every call over mutual TLS with the certificate the PSP issued; a token
 * cached until shortly before it expires; a few keep-alive connections at most (5,000 charges do not open
 * 5,000 sockets); every failure a `PixApiError` in words a secretaria can act on. It logs nothing: no
 * secret can reach a log through it.
 */
export interface PixApiConfig {
  /** The API root; may carry a path (`https://psp.example/api/v2`). */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The client certificate and its key (RSA or EC), PEM. */
  certificadoPem?: string | undefined;
  chavePrivadaPem?: string | undefined;
  /** Or the same as a PKCS#12 (`.p12`/`.pfx`) with its password. */
  pfx?: Buffer | undefined;
  pfxSenha?: string | undefined;
  /** The PSP's server CA when it is not a public one (added to the public roots). */
  caPem?: string | null | undefined;
  /** OAuth2 scopes asked for (the standard's four by default). */
  scopes?: string;
  /** Per request, from sending to the whole answer read (default 20 s). */
  timeoutMs?: number;
  /** Connections open at once to the PSP (default 4). */
  maxSockets?: number;
  /** `paginacao.itensPorPagina` asked for in `GET /pix` (default 100; the PSP may answer fewer). */
  pageSize?: number;
}

export interface PixApiClient extends PixApi {
  deleteWebhook(chave: string): Promise<void>;
  /** Ends the open connections (the settings changed, the app stops). */
  close(): void;
  /**
   * One authenticated call relative to the base URL, its JSON answer (errors as for the operations): how
   * an extension of the standard (Pix Automático, `pix-automatico.client.ts`) reuses the token, mutual
   * TLS and error words without a copy of them.
   */
  request(method: string, path: string, body?: unknown): Promise<unknown>;
}

export const PIX_SCOPES = 'cobv.write cobv.read pix.read webhook.write';
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_SOCKETS = 4;
/** A token is renewed this long before the PSP says it expires (clock skew, a slow request). */
const TOKEN_MARGIN_MS = 60_000;
/** The most a PSP may answer in one response (a page of /pix is far smaller). */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Pages of /pix asked for at once, and the most followed (a runaway `quantidadeDePaginas`). */
const PAGE_SIZE = 100;
const MAX_PAGES = 10_000;

interface Answer {
  status: number;
  body: string;
}

interface Token {
  value: string;
  expiresAt: number;
}

/** `base` + `path`, keeping the base's own path (`/api/v2` + `/cobv/x` → `/api/v2/cobv/x`). */
export function joinUrl(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${withoutTrailingSlashes(url.pathname)}${path}`;
  return url;
}

function parseJson(answer: Answer): unknown {
  try {
    return answer.body === '' ? {} : (JSON.parse(answer.body) as unknown);
  } catch {
    throw new PixApiError(
      'indisponivel',
      `O banco respondeu algo que não é JSON (HTTP ${String(answer.status)}). Tente de novo mais tarde.`,
      answer.status,
    );
  }
}

export function createPixApi(config: PixApiConfig): PixApiClient {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: config.maxSockets ?? DEFAULT_MAX_SOCKETS,
    maxFreeSockets: config.maxSockets ?? DEFAULT_MAX_SOCKETS,
    ...(config.pfx
      ? { pfx: config.pfx, passphrase: config.pfxSenha ?? '' }
      : { cert: config.certificadoPem, key: config.chavePrivadaPem }),
    ...(config.caPem ? { ca: [...rootCertificates, config.caPem] } : {}),
  });
  const basic = Buffer.from(
    `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`,
  ).toString('base64');
  /** The agent's sockets whose TLS handshake completed: every later request on one reuses it. */
  const handshaken = new WeakSet<object>();
  let token: Token | null = null;
  let pendingToken: Promise<Token> | null = null;

  function send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
    attempt: Attempt,
  ): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const fail = (error: unknown) => finish(() => reject(failureOf(error, attempt)));
      const request = https.request(url, {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      });
      const timer = setTimeout(() => {
        attempt.timedOut = true;
        request.destroy(new Error('timeout'));
      }, timeoutMs);
      request.on('socket', (socket) => {
        // A queued request handed a socket another request freed has `reusedSocket` false (Node's agent
        // sets it only for a socket free when asked for), so that flag alone would add a 'secureConnect'
        // listener to an open socket per request — never fired, piling up (MaxListenersExceededWarning).
        const reused = request.reusedSocket || handshaken.has(socket);
        attempt.reusedSocket = reused;
        if (reused) attempt.secured = true;
        else
          socket.once('secureConnect', () => {
            handshaken.add(socket);
            attempt.secured = true;
          });
      });
      request.on('error', fail);
      request.on('response', (response) => {
        attempt.answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) request.destroy(new Error('resposta grande demais'));
          else chunks.push(chunk);
        });
        response.on('end', () =>
          finish(() =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          ),
        );
        response.on('error', fail);
        response.on('close', () => fail(new Error('aborted')));
      });
      request.end(body);
    });
  }

  /** One request; once more on a kept-alive socket the PSP had already closed (Node's documented race). */
  async function exchange(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    const first: Attempt = {};
    try {
      return await send(method, url, headers, body, first);
    } catch (error) {
      if (!first.reusedSocket || first.answered || first.timedOut) throw error;
      return send(method, url, headers, body, {});
    }
  }

  async function fetchToken(): Promise<Token> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: config.scopes ?? PIX_SCOPES,
    });
    // Real time, not lib/clock: a token lives in the PSP's real time, whatever day a test pins.
    const started = Date.now();
    const answer = await exchange(
      'POST',
      new URL(config.tokenUrl),
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    if (
      answer.status === 401 ||
      answer.status === 403 ||
      (answer.status === 400 && /invalid_client|unauthorized_client/.test(answer.body))
    )
      throw new PixApiError(
        'credenciais',
        'O banco recusou as credenciais (client id ou client secret errados, ou a aplicação sem os escopos cobv e pix). Confira os dados que o banco forneceu.',
        answer.status,
      );
    if (answer.status === 400 && /invalid_scope/.test(answer.body))
      throw new PixApiError(
        'credenciais',
        `O banco não liberou os escopos pedidos (${config.scopes ?? PIX_SCOPES}) para esta aplicação. Peça ao banco que os habilite.`,
        answer.status,
      );
    if (answer.status >= 400) throw statusFailure(answer, 'ao pedir o token de acesso');
    const json = parseJson(answer) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== 'string' || json.access_token === '')
      throw new PixApiError(
        'indisponivel',
        'O banco não devolveu um token de acesso. Confira a URL do token.',
        answer.status,
      );
    const seconds = typeof json.expires_in === 'number' ? json.expires_in : Number(json.expires_in ?? 300);
    const lifetime = (Number.isFinite(seconds) && seconds > 0 ? seconds : 300) * 1000;
    return {
      value: json.access_token,
      expiresAt: started + Math.max(lifetime - TOKEN_MARGIN_MS, lifetime / 2),
    };
  }

  /** The cached token, or one fetched (a single request however many callers wait for it). */
  function currentToken(fresh = false): Promise<Token> {
    if (!fresh && token && token.expiresAt > Date.now()) return Promise.resolve(token);
    if (!fresh && pendingToken) return pendingToken;
    const pending = fetchToken().then(
      (got) => {
        token = got;
        if (pendingToken === pending) pendingToken = null;
        return got;
      },
      (error: unknown) => {
        if (pendingToken === pending) pendingToken = null;
        throw error;
      },
    );
    pendingToken = pending;
    return pending;
  }

  async function call(
    method: string,
    path: string,
    body?: unknown,
    query?: URLSearchParams,
  ): Promise<Answer> {
    const url = joinUrl(config.baseUrl, path);
    if (query) url.search = query.toString();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = (bearer: Token): Record<string, string> => ({
      authorization: `Bearer ${bearer.value}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    });
    let answer = await exchange(method, url, headers(await currentToken()), payload);
    // A token the PSP revoked before its time: one more try with a new one.
    if (answer.status === 401) {
      token = null;
      answer = await exchange(method, url, headers(await currentToken(true)), payload);
    }
    if (answer.status === 401)
      throw new PixApiError(
        'credenciais',
        'O banco recusou o token de acesso que ele mesmo emitiu. Confira as credenciais e os escopos da aplicação no banco.',
        401,
      );
    if (answer.status >= 400) throw statusFailure(answer);
    return answer;
  }

  async function listPage(inicio: string, fim: string, pagina: number, itens: number) {
    const query = new URLSearchParams({
      inicio,
      fim,
      'paginacao.paginaAtual': String(pagina),
      'paginacao.itensPorPagina': String(itens),
    });
    const json = parseJson(await call('GET', '/pix', undefined, query)) as {
      pix?: Pix[];
      parametros?: { paginacao?: { paginaAtual?: number; quantidadeDePaginas?: number } };
    };
    return { pix: json.pix ?? [], paginas: json.parametros?.paginacao?.quantidadeDePaginas ?? 1 };
  }

  return {
    async testConnection() {
      await currentToken(true);
      const fim = new Date();
      const inicio = new Date(fim.getTime() - 24 * 3600 * 1000);
      await listPage(inicio.toISOString(), fim.toISOString(), 0, 1);
    },
    async putCobv(txid: string, body: CobvBody) {
      return parseJson(await call('PUT', `/cobv/${encodeURIComponent(txid)}`, body)) as Cobv;
    },
    async getCobv(txid: string) {
      return parseJson(await call('GET', `/cobv/${encodeURIComponent(txid)}`)) as Cobv;
    },
    async patchCobv(txid: string, patch: CobvPatch) {
      return parseJson(await call('PATCH', `/cobv/${encodeURIComponent(txid)}`, patch)) as Cobv;
    },
    async listPix(inicio: string, fim: string) {
      const all: Pix[] = [];
      let paginas = 1;
      for (let pagina = 0; pagina < paginas && pagina < MAX_PAGES; pagina++) {
        const page = await listPage(inicio, fim, pagina, config.pageSize ?? PAGE_SIZE);
        all.push(...page.pix);
        paginas = page.paginas;
      }
      return all;
    },
    async getPix(endToEndId: string) {
      const answer = await call('GET', `/pix/${encodeURIComponent(endToEndId)}`).catch(nullWhenNotFound);
      return answer === null ? null : (parseJson(answer) as Pix);
    },
    async putWebhook(chave: string, url: string) {
      await call('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl: url });
    },
    async deleteWebhook(chave: string) {
      // Nothing registered for the key (404): what was asked for is already so.
      await call('DELETE', `/webhook/${encodeURIComponent(chave)}`).catch(nullWhenNotFound);
    },
    close() {
      agent.destroy();
    },
    async request(method: string, path: string, body?: unknown) {
      return parseJson(await call(method, path, body));
    },
  };
}

/** An HTTP error answer as the secretaria reads it. */
function statusFailure(answer: Answer, during?: string): PixApiError {
  const where = during ? ` ${during}` : '';
  if (answer.status === 429)
    return new PixApiError(
      'indisponivel',
      `O banco pediu para esperar (muitas chamadas)${where}. Nova tentativa em instantes.`,
      answer.status,
    );
  if (answer.status >= 500)
    return new PixApiError(
      'indisponivel',
      `O banco está fora do ar ou com erro interno (HTTP ${String(answer.status)})${where}. Nova tentativa mais tarde.`,
      answer.status,
    );
  if (answer.status === 404 && during)
    return new PixApiError(
      'recusado',
      `O endereço${where} não existe no banco (HTTP 404). Confira a URL do token.`,
      answer.status,
    );
  return new PixApiError('recusado', problemMessage(answer.status, answer.body, where), answer.status);
}

/** `text` without the slashes at its end (a base URL's path), in one pass without a pattern. */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}
