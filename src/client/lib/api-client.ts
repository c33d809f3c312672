import toast from 'react-hot-toast';
import { z } from 'zod';
import { messages, type ApiFailure, type ErrorCode, type FieldError } from '../../shared/api';

/** Every non-2xx answer becomes an ApiError carrying the server's Portuguese message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'TIMEOUT' | 'NETWORK',
    message: string,
    readonly details: FieldError[] = [],
    readonly headers?: Headers,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TIMEOUT_MS = 10_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Show the spec's global toast for this failure (default true; forms show their own errors). */
  globalErrors?: boolean;
  signal?: AbortSignal;
  /** How long to wait for the answer (10 s unless told: a long import waits longer). */
  timeoutMs?: number;
}

let onUnauthenticated: (() => void) | undefined;
/** The app registers what a 401 on a signed-in screen does (back to /login). */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler;
}

let signingOut = false;
/**
 * While the person signs out, a 401 to a query still in flight (one refetched as the connection came
 * back) is the sign-out itself: it must not send the page to /login instead of where leaving goes.
 */
export function setSigningOut(value: boolean) {
  signingOut = value;
}

function globalToast(error: ApiError) {
  const text =
    error.status >= 500
      ? messages.internal
      : error.code === 'TIMEOUT'
        ? messages.timeout
        : error.code === 'NETWORK'
          ? messages.network
          : error.status === 403
            ? error.message || messages.forbidden
            : error.status === 404
              ? messages.notFound
              : null;
  if (text) toast.error(text, { id: `api-${error.status}-${error.code}` });
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (controller.signal.aborted) throw new ApiError(0, 'TIMEOUT', messages.timeout);
    throw new ApiError(0, 'NETWORK', messages.network);
  } finally {
    clearTimeout(timer);
  }
}

/** Returns the response's raw body for downloads (CSV, PDF, backup). */
export async function apiFetch(url: string, options: RequestOptions = {}): Promise<Response> {
  const globalErrors = options.globalErrors ?? true;
  let response: Response;
  try {
    response = await send(url, options);
  } catch (error) {
    if (error instanceof ApiError && globalErrors) globalToast(error);
    throw error;
  }
  if (response.ok || response.status === 304) return response;
  let payload: Partial<ApiFailure> = {};
  try {
    payload = (await response.json()) as Partial<ApiFailure>;
  } catch {
    payload = {};
  }
  const error = new ApiError(
    response.status,
    payload.code ?? (response.status >= 500 ? 'INTERNAL' : 'VALIDATION'),
    payload.message ?? (response.status >= 500 ? messages.internal : messages.validation),
    payload.details ?? [],
    response.headers,
  );
  if (response.status === 401 && !url.startsWith('/api/auth/') && !signingOut) onUnauthenticated?.();
  if (globalErrors) globalToast(error);
  throw error;
}

/**
 * An answer whose `data` does not match the shared schema the call named: the server and the client
 * disagree on the contract (a renamed field, a new required one). Raised in development and in tests only.
 */
export class ContractError extends Error {
  constructor(
    readonly url: string,
    readonly issues: z.core.$ZodIssue[],
    pretty: string,
  ) {
    super(
      `A resposta de ${url} não segue o contrato de src/shared (mudou o servidor ou o cliente?):\n${pretty}`,
    );
    this.name = 'ContractError';
  }
}

/** In development and in tests (Vitest's mode), answers are checked against the shared schemas. */
const checkContracts = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** A call that names the shared schema of its answer's `data` (e.g. `reportCardSchema`). */
export interface JsonOptions<T> extends RequestOptions {
  /**
   * Parsed against the answer in development and tests, where a drift throws `ContractError`; in
   * production nothing is parsed (the cost is the user's). The answer is returned as it came either
   * way, so both behave the same.
   */
  schema?: z.ZodType<T>;
}

function checkContract<T>(url: string, data: unknown, schema: z.ZodType<T> | undefined) {
  if (!checkContracts || schema === undefined) return;
  const result = schema.safeParse(data);
  if (result.success) return;
  const error = new ContractError(url, result.error.issues, z.prettifyError(result.error));
  // A query keeps its error to itself (the screen shows only 'Erro ao carregar'): say it where a
  // developer looks.
  console.error(error.message);
  throw error;
}

/** JSON call: resolves to the envelope's `data`. */
export async function api<T>(url: string, options: JsonOptions<T> = {}): Promise<T> {
  const response = await apiFetch(url, options);
  const payload = (await response.json()) as { data: T };
  checkContract(url, payload.data, options.schema);
  return payload.data;
}

/** JSON call that also returns the envelope's message (for success toasts). */
export async function apiWithMessage<T>(
  url: string,
  options: JsonOptions<T> = {},
): Promise<{ data: T; message?: string }> {
  const response = await apiFetch(url, options);
  const payload = (await response.json()) as { data: T; message?: string };
  checkContract(url, payload.data, options.schema);
  return payload;
}

export function toQuery(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Saves a downloaded file with the name the server gave it. */
export async function downloadFile(
  url: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<void> {
  const response = await apiFetch(url, options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
