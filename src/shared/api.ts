/** The response envelope every `/api` route answers with (docs/architecture.md, Envelope de resposta). */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PRECONDITION_REQUIRED',
  /** The request is well formed but cannot be taken as it is (an idempotency key reused with another body). */
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'MAINTENANCE',
  /** The server is at a capacity of its own (open event streams, images being processed): try later. */
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const statusByErrorCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PRECONDITION_REQUIRED: 428,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MAINTENANCE: 503,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface FieldError {
  path: string;
  message: string;
}

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ApiFailure {
  success: false;
  message: string;
  code: ErrorCode;
  details?: FieldError[];
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Sent by a screen's periodic refresh (the admin's Sessões every 30 s, the delivery queue every 15 s) to
 * a route declared `background: 'poll'`: that request does not count as use of the session, so a page
 * left open does not keep it alive. The screen's first load, without it, counts.
 */
export const BACKGROUND_POLL_HEADER = 'x-background-poll';

/** The spec's catalogue of global messages (section 8). */
export const messages = {
  internal: 'Erro interno do servidor. Tente novamente mais tarde.',
  notFound: 'Recurso não encontrado.',
  forbidden: 'Acesso negado.',
  timeout: 'Tempo limite de conexão excedido.',
  network: 'Erro de conexão. Verifique sua internet.',
  unauthenticated: 'Sessão expirada. Faça login novamente.',
  invalidCredentials: 'Credenciais inválidas',
  validation: 'Dados inválidos. Verifique os campos destacados.',
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  invalidUrl: 'Endereço inválido.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado. Envie JSON.',
  payloadTooLarge: 'O conteúdo enviado é grande demais.',
  rateLimited: 'Muitas tentativas. Aguarde alguns instantes e tente novamente.',
  crossSite: 'Requisição de outra origem recusada.',
  staleVersion: 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.',
  versionRequired: 'Envie a versão do registro (If-Match) para salvar.',
  maintenance: 'Sistema em manutenção. Tente novamente mais tarde.',
} as const;
