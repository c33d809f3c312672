/**
 * The simulated bank's HTTPS API (issue 33 §5): the BCB Pix API over mutual TLS, as a PSP serves it —
 * OAuth2 client credentials at the token URL, a Bearer token with scopes on every call, the standard's
 * problem JSON on every refusal. Routes are relative to the base path (`/api/v2`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Banco, RECEBEDOR } from './banco.js';
import type { Cobv, CobvBody } from './tipos.js';
import { type Resposta, isObject, problema, readBody, readJson } from './respostas.js';
import { TXID_COBV, type Violacao, dataValida, validarCobv } from './validacao.js';
import { dataEmSaoPaulo, reais, valorDoDia } from './valor-do-dia.js';

export const ESCOPOS = [
  'cobv.write',
  'cobv.read',
  'pix.read',
  'pix.write',
  'webhook.write',
  'webhook.read',
] as const;

export interface ServidorConfig {
  basePath: string;
  tokenPath: string;
  clientId: string;
  clientSecret: string;
  /** What the client may ask for. */
  escopos: readonly string[];
  tokenTtlSeconds: number;
  itensPorPagina: number;
  allowHttpWebhook: boolean;
  now: () => Date;
}

const cobvInvalida = (violacoes: Violacao[]): Resposta =>
  problema(
    400,
    'CobVOperacaoInvalida',
    'Cobrança inválida.',
    'A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o schema ou está semanticamente errada.',
    violacoes,
  );

const cobvNaoEncontrada = (): Resposta =>
  problema(
    404,
    'CobVNaoEncontrada',
    'Cobrança não encontrada.',
    'Nenhuma cobrança encontrada para o txid informado.',
  );

/**
 * JSON merge (RFC 7396) of a PATCH into a stored object: objects merge, `null` removes the member (a
 * charge's `desconto` the school no longer gives), anything else replaces.
 */
function merge(base: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out = new Map<string, unknown>(isObject(base) ? Object.entries(base) : []);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) out.delete(key);
    else out.set(key, merge(out.get(key), value));
  }
  return Object.fromEntries(out);
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type Extensao = (
  method: string,
  segments: string[],
  req: IncomingMessage,
  comEscopo: (escopo: string, route: () => Resposta | Promise<Resposta>) => Promise<Resposta>,
) => Promise<Resposta> | undefined;

interface Token {
  escopos: Set<string>;
  expira: number;
}

export class Api {
  private readonly tokens = new Map<string, Token>();
  /** More routes under the base path (Pix Automático, `recorrencias.ts`): an answer, or undefined. */
  readonly extensoes: Extensao[] = [];

  constructor(
    private readonly banco: Banco,
    private readonly config: ServidorConfig,
  ) {}

  /** The route template of a request, for the stats (`PUT /cobv/{txid}`). */
  rota(method: string, pathname: string): string {
    if (pathname === this.config.tokenPath) return `${method} ${this.config.tokenPath}`;
    const relative = pathname.startsWith(this.config.basePath)
      ? pathname.slice(this.config.basePath.length)
      : pathname;
    const template = relative
      .replace(/^\/cobv\/[^/]+$/, '/cobv/{txid}')
      .replace(/^\/pix\/[^/]+$/, '/pix/{e2eid}')
      .replace(/^\/pix\/[^/]+\/devolucao\/[^/]+$/, '/pix/{e2eid}/devolucao/{id}')
      .replace(/^\/webhook\/[^/]+$/, '/webhook/{chave}')
      .replace(/^\/qr\/cobv\/[^/]+$/, '/qr/cobv/{id}')
      .replace(
        /^\/(rec|cobr)\/[^/]+$/,
        (_, recurso: string) => `/${recurso}/{${recurso === 'rec' ? 'idRec' : 'txid'}}`,
      );
    return `${method} ${template}`;
  }

  async handle(req: IncomingMessage, url: URL): Promise<Resposta> {
    const method = req.method ?? 'GET';
    if (url.pathname === this.config.tokenPath) {
      if (method !== 'POST') return problema(405, 'RequisicaoInvalida', 'Método não permitido.', 'Use POST.');
      return this.token(req);
    }
    if (!url.pathname.startsWith(`${this.config.basePath}/`)) return this.naoEncontrado();
    const segments = url.pathname
      .slice(this.config.basePath.length + 1)
      .split('/')
      .map(decodeURIComponent);
    const [recurso, id, ...resto] = segments;
    if (recurso === 'qr' && id === 'cobv' && resto.length === 1 && method === 'GET')
      return this.payload(resto[0] ?? '', url);
    for (const extensao of this.extensoes) {
      const resposta = extensao(method, segments, req, (escopo, route) => this.comEscopo(req, escopo, route));
      if (resposta) return resposta;
    }
    if (resto.length > 0) return this.naoEncontrado();
    if (recurso === 'cobv' && id !== undefined) {
      if (method === 'PUT') return this.comEscopo(req, 'cobv.write', () => this.putCobv(req, id));
      if (method === 'PATCH') return this.comEscopo(req, 'cobv.write', () => this.patchCobv(req, id));
      if (method === 'GET') return this.comEscopo(req, 'cobv.read', () => this.getCobv(id));
    }
    if (recurso === 'pix' && method === 'GET') {
      if (id === undefined) return this.comEscopo(req, 'pix.read', () => this.listPix(url));
      return this.comEscopo(req, 'pix.read', () => this.getPix(id));
    }
    if (recurso === 'webhook' && id !== undefined) {
      if (method === 'PUT') return this.comEscopo(req, 'webhook.write', () => this.putWebhook(req, id));
      if (method === 'GET') return this.comEscopo(req, 'webhook.read', () => this.getWebhook(id));
      if (method === 'DELETE') return this.comEscopo(req, 'webhook.write', () => this.deleteWebhook(id));
    }
    return this.naoEncontrado();
  }

  /** `GET /qr/cobv/{id}` (below the base path, no token): the charge as the payer's bank reads it. */
  payload(id: string, url: URL): Resposta {
    const txid = this.banco.txidDaLocation(id);
    const cobv = txid === undefined ? undefined : this.banco.cobv(txid);
    if (!cobv || cobv.status !== 'ATIVA')
      return problema(
        404,
        'CobPayloadNaoEncontrado',
        'Cobrança inexistente.',
        'A cobrança em questão não foi encontrada para a location requisitada.',
      );
    const dpp = url.searchParams.get('DPP');
    const dia = dpp !== null && dataValida(dpp) ? dpp : dataEmSaoPaulo(this.config.now());
    const devido = valorDoDia(cobv, dia);
    if (!devido)
      return problema(
        404,
        'CobPayloadNaoEncontrado',
        'Cobrança vencida.',
        'A cobrança não aceita mais pagamento.',
      );
    return {
      status: 200,
      body: {
        txid: cobv.txid,
        revisao: cobv.revisao,
        calendario: { ...cobv.calendario, apresentacao: this.config.now().toISOString() },
        devedor: cobv.devedor,
        recebedor: RECEBEDOR,
        valor: { ...cobv.valor, final: reais(devido.final) },
        chave: cobv.chave,
        status: cobv.status,
        ...(cobv.solicitacaoPagador ? { solicitacaoPagador: cobv.solicitacaoPagador } : {}),
      },
    };
  }

  private naoEncontrado(): Resposta {
    return problema(404, 'NaoEncontrado', 'Não encontrado.', 'Recurso inexistente nesta API.');
  }

  private async token(req: IncomingMessage): Promise<Resposta> {
    const text = await readBody(req);
    const form: Record<string, string> = {};
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      try {
        const parsed = JSON.parse(text) as unknown;
        if (isObject(parsed))
          for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') form[k] = v;
      } catch {
        return { status: 400, body: { error: 'invalid_request', error_description: 'JSON inválido.' } };
      }
    } else for (const [k, v] of new URLSearchParams(text)) form[k] = v;

    let id = form.client_id;
    let secret = form.client_secret;
    const auth = req.headers.authorization ?? '';
    if (auth.startsWith('Basic ')) {
      const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
    if (id !== this.config.clientId || secret === undefined || !sameSecret(secret, this.config.clientSecret))
      return {
        status: 401,
        headers: { 'www-authenticate': 'Basic realm="pix"' },
        body: { error: 'invalid_client', error_description: 'Credenciais do cliente inválidas.' },
      };
    if (form.grant_type !== 'client_credentials')
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Use grant_type=client_credentials.' },
      };
    const pedidos = form.scope?.split(/\s+/).filter(Boolean) ?? [...this.config.escopos];
    const negados = pedidos.filter((escopo) => !this.config.escopos.includes(escopo));
    if (negados.length > 0)
      return {
        status: 400,
        body: { error: 'invalid_scope', error_description: `Escopos não concedidos: ${negados.join(' ')}.` },
      };
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, {
      escopos: new Set(pedidos),
      expira: Date.now() + this.config.tokenTtlSeconds * 1000,
    });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: this.config.tokenTtlSeconds,
        scope: pedidos.join(' '),
      },
    };
  }

  private async comEscopo(
    req: IncomingMessage,
    escopo: string,
    route: () => Resposta | Promise<Resposta>,
  ): Promise<Resposta> {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? this.tokens.get(auth.slice(7).trim()) : undefined;
    if (!token || token.expira <= Date.now()) {
      const resposta = problema(
        401,
        'NaoAutorizado',
        'Não autorizado.',
        token ? 'O token de acesso expirou.' : 'Requisição sem token de acesso válido.',
      );
      return { ...resposta, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } };
    }
    if (!token.escopos.has(escopo))
      return problema(
        403,
        'AcessoNegado',
        'Acesso negado.',
        `O token não tem o escopo ${escopo}, exigido por esta operação.`,
      );
    return route();
  }

  private async putCobv(req: IncomingMessage, txid: string): Promise<Resposta> {
    const body = await readJson(req);
    if (!TXID_COBV.test(txid))
      return cobvInvalida([
        { propriedade: 'cobv.txid', razao: 'O txid deve ter de 26 a 35 letras e dígitos.', valor: txid },
      ]);
    if (this.banco.cobv(txid))
      return cobvInvalida([
        {
          propriedade: 'cobv.txid',
          razao: 'O txid informado já foi utilizado em outra cobrança.',
          valor: txid,
        },
      ]);
    const checked = validarCobv(body, this.banco.chaves);
    if (!checked.ok) return cobvInvalida(checked.violacoes);
    return { status: 201, body: this.banco.criarCobv(txid, checked.cobv) };
  }

  private getCobv(txid: string): Resposta {
    const cobv = this.banco.cobv(txid);
    return cobv ? { status: 200, body: cobv } : cobvNaoEncontrada();
  }

  private async patchCobv(req: IncomingMessage, txid: string): Promise<Resposta> {
    const patch = await readJson(req);
    const atual = this.banco.cobv(txid);
    if (!atual) return cobvNaoEncontrada();
    if (!isObject(patch))
      return cobvInvalida([{ propriedade: 'cobv', razao: 'O corpo deve ser um objeto JSON.' }]);
    if (atual.status !== 'ATIVA')
      return cobvInvalida([
        {
          propriedade: 'cobv.status',
          razao: `A cobrança está ${atual.status} e não pode mais ser alterada.`,
          valor: atual.status,
        },
      ]);
    const { status, ...campos } = patch;
    if (status !== undefined && status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
      return cobvInvalida([
        {
          propriedade: 'cobv.status',
          razao: 'O único status aceito é REMOVIDA_PELO_USUARIO_RECEBEDOR.',
          valor: JSON.stringify(status),
        },
      ]);
    const stored: CobvBody = {
      calendario: {
        dataDeVencimento: atual.calendario.dataDeVencimento,
        validadeAposVencimento: atual.calendario.validadeAposVencimento,
      },
      devedor: atual.devedor,
      valor: atual.valor,
      chave: atual.chave,
      ...(atual.solicitacaoPagador !== undefined ? { solicitacaoPagador: atual.solicitacaoPagador } : {}),
      ...(atual.infoAdicionais !== undefined ? { infoAdicionais: atual.infoAdicionais } : {}),
    };
    const checked = validarCobv(merge(stored, campos), this.banco.chaves);
    if (!checked.ok) return cobvInvalida(checked.violacoes);
    const revisada: Cobv = this.banco.revisarCobv(txid, checked.cobv, status !== undefined);
    return { status: 200, body: revisada };
  }

  private listPix(url: URL): Resposta {
    const params = url.searchParams;
    const violacoes: Violacao[] = [];
    const instante = (name: string): number => {
      const value = params.get(name);
      const time = value !== null && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(time))
        violacoes.push({
          propriedade: name,
          razao: 'Obrigatório, data e hora RFC 3339.',
          ...(value !== null ? { valor: value } : {}),
        });
      return time;
    };
    const inicio = instante('inicio');
    const fim = instante('fim');
    const inteiro = (name: string, fallback: number, min: number, max: number): number => {
      const value = params.get(name);
      if (value === null) return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) {
        violacoes.push({
          propriedade: name,
          razao: `Inteiro de ${String(min)} a ${String(max)}.`,
          valor: value,
        });
        return fallback;
      }
      return n;
    };
    const pagina = inteiro('paginacao.paginaAtual', 0, 0, 1_000_000);
    const porPagina = inteiro('paginacao.itensPorPagina', this.config.itensPorPagina, 1, 1000);
    if (violacoes.length === 0 && fim < inicio)
      violacoes.push({ propriedade: 'fim', razao: 'O fim do período não pode ser anterior ao início.' });
    if (violacoes.length > 0)
      return problema(
        400,
        'RequisicaoInvalida',
        'Consulta inválida.',
        'Os parâmetros da consulta não respeitam o schema.',
        violacoes,
      );
    const txid = params.get('txid');
    const cpf = params.get('cpf');
    const cnpj = params.get('cnpj');
    const found = this.banco.todosOsPix().filter((pix) => {
      const time = Date.parse(pix.horario);
      return (
        time >= inicio &&
        time <= fim &&
        (txid === null || pix.txid === txid) &&
        (cpf === null || pix.pagador?.cpf === cpf) &&
        (cnpj === null || pix.pagador?.cnpj === cnpj) &&
        (params.get('txIdPresente') === null ||
          (pix.txid !== undefined) === (params.get('txIdPresente') === 'true')) &&
        (params.get('devolucaoPresente') === null ||
          (pix.devolucoes !== undefined) === (params.get('devolucaoPresente') === 'true'))
      );
    });
    return {
      status: 200,
      body: {
        parametros: {
          inicio: new Date(inicio).toISOString(),
          fim: new Date(fim).toISOString(),
          paginacao: {
            paginaAtual: pagina,
            itensPorPagina: porPagina,
            quantidadeDePaginas: Math.ceil(found.length / porPagina),
            quantidadeTotalDeItens: found.length,
          },
        },
        pix: found.slice(pagina * porPagina, (pagina + 1) * porPagina),
      },
    };
  }

  private getPix(endToEndId: string): Resposta {
    const pix = this.banco.pixPorE2e(endToEndId);
    return pix
      ? { status: 200, body: pix }
      : problema(404, 'PixNaoEncontrado', 'Pix não encontrado.', 'Nenhum Pix recebido com este endToEndId.');
  }

  private async putWebhook(req: IncomingMessage, chave: string): Promise<Resposta> {
    const body = await readJson(req);
    const invalido = (razao: string, propriedade: string, valor?: string): Resposta =>
      problema(
        400,
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
        'A requisição que busca configurar o webhook não respeita o schema ou está semanticamente errada.',
        [{ razao, propriedade, ...(valor !== undefined ? { valor } : {}) }],
      );
    if (!this.banco.chaves.includes(chave))
      return invalido('A chave não pertence a uma conta do usuário recebedor neste PSP.', 'chave', chave);
    const webhookUrl = isObject(body) ? body.webhookUrl : undefined;
    let parsed: URL | null = null;
    try {
      parsed = typeof webhookUrl === 'string' ? new URL(webhookUrl) : null;
    } catch {
      parsed = null;
    }
    if (!parsed || typeof webhookUrl !== 'string')
      return invalido(
        'Informe uma URL válida.',
        'webhookUrl',
        typeof webhookUrl === 'string' ? webhookUrl : undefined,
      );
    if (parsed.protocol !== 'https:' && !(this.config.allowHttpWebhook && parsed.protocol === 'http:'))
      return invalido('A URL do webhook deve usar https.', 'webhookUrl', webhookUrl);
    return { status: 200, body: this.banco.registrarWebhook(chave, webhookUrl) };
  }

  private getWebhook(chave: string): Resposta {
    const webhook = this.banco.webhook(chave);
    return webhook
      ? { status: 200, body: webhook }
      : problema(
          404,
          'WebhookNaoEncontrado',
          'Webhook não encontrado.',
          'Não há webhook registrado para esta chave.',
        );
  }

  private deleteWebhook(chave: string): Resposta {
    return this.banco.removerWebhook(chave)
      ? { status: 204 }
      : problema(
          404,
          'WebhookNaoEncontrado',
          'Webhook não encontrado.',
          'Não há webhook registrado para esta chave.',
        );
  }
}
