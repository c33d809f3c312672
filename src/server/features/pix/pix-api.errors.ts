import { PixApiError } from './pix-api.js';

/** What happened to one request before it failed (tells a refused certificate from a dead server). */
export interface Attempt {
  reusedSocket?: boolean;
  /** The TLS handshake completed (from this side). */
  secured?: boolean;
  /** Response headers arrived. */
  answered?: boolean;
  timedOut?: boolean;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);

/** The PSP's server certificate did not check out (this side refused it). */
const SERVER_CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const CLIENT_CERTIFICATE =
  'O banco recusou a conexão segura: confira o certificado e a chave privada que o banco emitiu para a escola (e se ainda estão válidos).';

/**
 * A network or TLS failure as a `PixApiError`. A reset before any answer is a certificate problem: with
 * TLS 1.3 a PSP that refuses the client certificate closes the connection right after the handshake, and
 * the standard's PSPs all require one (issue 33: "a TLS handshake reset is reported as a certificate problem").
 */
export function failureOf(error: unknown, attempt: Attempt): PixApiError {
  if (error instanceof PixApiError) return error;
  if (attempt.timedOut)
    return new PixApiError(
      'tempo',
      'O banco não respondeu a tempo. Nova tentativa em instantes; se continuar, confira a URL e a situação do banco.',
    );
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : '';
  if (UNREACHABLE.has(code))
    return new PixApiError(
      'inacessivel',
      'Não foi possível chegar ao banco: confira a URL da API e a do token (endereço e porta) e a conexão do servidor com a internet.',
    );
  if (SERVER_CERTIFICATE.has(code))
    return new PixApiError(
      'certificado',
      'O certificado do servidor do banco não é confiável para este sistema. Se o banco usa uma autoridade certificadora própria, informe-a no campo "CA do banco".',
    );
  if (/^ERR_SSL_|^ERR_TLS_/.test(code) || code === 'EPROTO' || /alert|handshake|certificate/i.test(message)) {
    if (/no start line|bad decrypt|key values mismatch|PEM|asn1|decoder/i.test(message))
      return new PixApiError(
        'certificado',
        'O certificado ou a chave privada cadastrados não puderam ser lidos (formato PEM, ou o par não combina).',
      );
    return new PixApiError('certificado', CLIENT_CERTIFICATE);
  }
  if ((code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message)) && !attempt.answered)
    return new PixApiError('certificado', CLIENT_CERTIFICATE);
  if (code === 'ECONNRESET' || /aborted/i.test(message))
    return new PixApiError(
      'indisponivel',
      'O banco interrompeu a resposta no meio. Nova tentativa em instantes.',
    );
  return new PixApiError(
    'inacessivel',
    `Falha ao falar com o banco (${/^[A-Z0-9_]{2,40}$/.test(code) ? code : 'erro de rede'}). Confira a URL e a conexão.`,
  );
}

interface Problem {
  title?: unknown;
  detail?: unknown;
  violacoes?: unknown;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A 4xx answer in words: the PSP's own explanation (RFC 7807 `detail`, the BCB's `violacoes` with
 * `razao` and `propriedade`), short, or the status alone when the body is not a problem document.
 */
export function problemMessage(status: number, body: string, where = ''): string {
  let problem: Problem = {};
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed === 'object' && parsed !== null) problem = parsed;
  } catch {
    // not JSON: the status alone says it
  }
  const parts: string[] = [];
  const detail =
    typeof problem.detail === 'string'
      ? problem.detail
      : typeof problem.title === 'string'
        ? problem.title
        : '';
  if (detail) parts.push(clip(detail.trim(), 300));
  if (Array.isArray(problem.violacoes)) {
    const violacoes = problem.violacoes
      .slice(0, 5)
      .map((item: unknown) => {
        if (typeof item !== 'object' || item === null) return '';
        const { razao, propriedade } = item as { razao?: unknown; propriedade?: unknown };
        const reason = typeof razao === 'string' ? razao : '';
        return typeof propriedade === 'string' && propriedade ? `${propriedade}: ${reason}` : reason;
      })
      .filter((text) => text !== '')
      .map((text) => clip(text, 160));
    if (violacoes.length > 0) parts.push(violacoes.join('; '));
  }
  const said = parts.length > 0 ? `: ${parts.join(' — ')}` : '';
  return `O banco recusou a operação${where} (HTTP ${String(status)})${said}.`.replace(/\.\.$/, '.');
}
