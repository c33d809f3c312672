/**
 * The simulated bank's public face (issue 33 §5, ADR 0039): a PSP that serves the Banco Central's Pix API
 * over HTTPS with mutual TLS, for tests, the bench and the demo. It is "the bank": it uses nothing of the
 * product. `startSimulatedBank()` starts one on 127.0.0.1 with fresh certificates; the product talks to
 * it with `baseUrl`, `tokenUrl`, the client credentials and the certificate it issued, exactly as to a
 * real PSP; the test drives the payer's side with `pay`, `receive` and `refund`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import { clock } from '../../lib/clock.js';
import { Banco, type PayOptions, type ReceiveOptions } from './banco.js';
import { type TipoDeChave, makeTestPki } from './certificados.js';
import { RequestError, problema, send } from './respostas.js';
import { Api, ESCOPOS } from './servidor.js';
import type { Cobv, Devolucao, Pix } from './tipos.js';
import { ESCOPOS_REC, Recorrencias } from './recorrencias.js';
import { rotasDeDevolucao } from './devolucoes.js';
import type { Cobr, Rec } from './recorrencias.tipos.js';
import { type ValorDoDia, dataEmSaoPaulo, valorDoDia } from './valor-do-dia.js';

export { makeTestPki } from './certificados.js';
export type { OpcoesPki, TestPki, TipoDeChave } from './certificados.js';
export type { PayOptions, ReceiveOptions } from './banco.js';
export type { ValorDoDia } from './valor-do-dia.js';
export { paginaDePagamento } from './pagina.js';
export type { Cobv, CobvBody, Devolucao, Pix, PixWebhookBody } from './tipos.js';
export type * from './recorrencias.tipos.js';

export interface SimulatedBankOptions {
  /** The school's Pix key at this bank. Default a random EVP key (a UUID). */
  chave?: string;
  clientId?: string;
  clientSecret?: string;
  /**
   * Scopes the client may obtain. Default cobv.write cobv.read pix.read webhook.write webhook.read and
   * Pix Automático's (rec.*, cobr.*, webhookrec.*, webhookcobr.*).
   */
  scopes?: readonly string[];
  /**
   * Token lifetime. Default 3600 s, on the real clock (a test that pins `lib/clock` to another month does
   * not expire the product's cached token; charges and payments do follow the pinned clock).
   */
  tokenTtlSeconds?: number;
  /** Default `/oauth/token` (a provider quirk a test can vary). */
  tokenPath?: string;
  /** Default `/api/v2`. */
  basePath?: string;
  /** Default page size of `GET /pix` (`paginacao.itensPorPagina`). Default 100. */
  pageSize?: number;
  /** Accept an `http://` webhook URL (the product's tests listen on http://127.0.0.1). Default false: https only. */
  allowHttpWebhook?: boolean;
  /** Waits before the retries of a failed webhook delivery. Default [1000, 5000, 30000] ms. */
  webhookRetryDelaysMs?: number[];
  /** Also notify Pix without txid (the standard's webhook is for Pix with a txid). Default false. */
  webhookWithoutTxid?: boolean;
  /** Key type of the certificates. Default `ec` (P-256); `rsa` (2048) is what most PSPs issue. */
  keyType?: TipoDeChave;
  /** Default 0 (any free port). */
  port?: number;
  /** ISPB of the payers' bank in the endToEndIds. Default 99999008. */
  ispb?: string;
  /**
   * The name of the school's account at this bank, as a recurrence's payee (`recebedor.nome`, its QR's
   * field 59), asked at each `POST /rec`: the demo's school names itself (its Pix settings), as on the
   * codes of its charges. Default (or null) `RECEBEDOR.nome`.
   */
  nomeDoRecebedor?: () => Promise<string | null>;
  /**
   * When the SPI settles a devolução the school requests (`PUT /pix/{e2eid}/devolucao/{id}`): `immediate`
   * (the default: just after the bank answers EM_PROCESSAMENTO) or `manual` (the test calls `settleRefund`).
   */
  refundSettlement?: 'immediate' | 'manual';
}

export type FailureKind = 'erro500' | 'tempo' | 'tls';

export interface SimulatedBankStats {
  /** Requests per route template (`PUT /cobv/{txid}`), failed ones included. */
  requests: Record<string, number>;
  /** TCP connections open now and at most at once. */
  openConnections: number;
  peakConnections: number;
  /** Webhook POSTs made and those that failed (network error or non-2xx). */
  webhookAttempts: number;
  webhookFailures: number;
}

export interface SimulatedBank {
  /** `https://127.0.0.1:PORT/api/v2`. */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The client certificate the bank issued to the school, and its key (PEM). */
  certificadoPem: string;
  chavePrivadaPem: string;
  /** The CA of the bank's server certificate (and of the client certificate). */
  caPem: string;
  chave: string;
  /** A payer pays the charge (the amount of the day unless `valor`); the webhook's first attempt is awaited. */
  pay(txid: string, options?: PayOptions): Promise<Pix>;
  /** A Pix to the key with no txid or one no charge has. */
  receive(options: ReceiveOptions): Promise<Pix>;
  /** A devolução of part or all of a Pix; the webhook is posted again with `devolucoes`. */
  refund(endToEndId: string, valorCentavos: number): Promise<Devolucao>;
  /** The devoluções of a Pix as the bank holds them (copies), requested by the school or not; [] for none. */
  refunds(endToEndId: string): Devolucao[];
  /**
   * The SPI settles a requested devolução (with `refundSettlement: 'manual'`): DEVOLVIDO by default, or
   * NAO_REALIZADO with the reason; the webhook is posted again.
   */
  settleRefund(
    endToEndId: string,
    id: string,
    outcome?: { status: 'DEVOLVIDO' } | { status: 'NAO_REALIZADO'; motivo: string },
  ): Promise<Devolucao>;
  /** The stored charge (a copy), or undefined. */
  charge(txid: string): Cobv | undefined;
  /**
   * The charge a BR Code's location points to (`127.0.0.1:PORT/api/v2/qr/cobv/{id}`, as field 26.25
   * carries it, with or without `https://`), or undefined — what a payer's bank resolves.
   */
  chargeAt(location: string): Cobv | undefined;
  /** What the payer pays for a charge on a civil date (default today in São Paulo); null past its validity. */
  amountDue(txid: string, data?: string): ValorDoDia | null;
  /** The URL registered for a key (the bank posts to it + '/pix'), or undefined. */
  webhookUrl(chave: string): string | undefined;
  /** The next `times` (default 1) calls fail: 500, no answer at all, or the TLS handshake reset. */
  failNext(kind: FailureKind, times?: number): void;
  readonly stats: SimulatedBankStats;
  /** Pix Automático off: /rec, /cobr and their webhooks answer 404, as at a PSP without it. */
  semPixAutomatico: boolean;
  /** The stored recurrence / recurring charge (a copy), or undefined. */
  rec(idRec: string): Rec | undefined;
  cobr(txid: string): Cobr | undefined;
  /** The recurrence a journey-2 QR's location points to (as field 80.25 carries it), or undefined. */
  recAt(location: string): Rec | undefined;
  /** The payer's bank app: authorises, rejects or (once authorised) cancels the recurrence; webhook posted. */
  authorizeRec(idRec: string): Promise<Rec>;
  rejectRec(idRec: string): Promise<Rec>;
  cancelRecByPayer(idRec: string): Promise<Rec>;
  /** The due date's debit of a recurring charge: CONCLUIDA (or EXPIRADA without funds); webhook posted. */
  settleCobr(txid: string, options?: { saldoInsuficiente?: boolean }): Promise<Cobr>;
  close(): Promise<void>;
}

export async function startSimulatedBank(options: SimulatedBankOptions = {}): Promise<SimulatedBank> {
  const pki = await makeTestPki({ chave: options.keyType ?? 'ec' });
  const chave = options.chave ?? randomUUID();
  const basePath = options.basePath ?? '/api/v2';
  const tokenPath = options.tokenPath ?? '/oauth/token';
  const clientId = options.clientId ?? `escola-${randomBytes(6).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const pending: Record<FailureKind, number> = { erro500: 0, tempo: 0, tls: 0 };
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const requests: Record<string, number> = {};
  let peakConnections = 0;
  let locationBase = '';

  const server = createServer({
    key: pki.servidorChavePem,
    cert: pki.servidorPem,
    ca: pki.caPem,
    requestCert: true,
    rejectUnauthorized: true,
  });
  // Before the TLS handshake: count the connection, or reset it when told to fail that way.
  server.on('connection', (socket: Socket) => {
    if (pending.tls > 0) {
      pending.tls -= 1;
      socket.resetAndDestroy();
      return;
    }
    sockets.add(socket);
    peakConnections = Math.max(peakConnections, sockets.size);
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  locationBase = `127.0.0.1:${String(port)}${basePath}`;

  const banco = new Banco({
    chaves: [chave],
    ispb: options.ispb ?? '99999008',
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 5000, 30000],
    webhookSemTxid: options.webhookWithoutTxid ?? false,
    locationBase,
    liquidarDevolucoes: options.refundSettlement === 'manual' ? 'manual' : 'imediata',
  });
  const api = new Api(banco, {
    basePath,
    tokenPath,
    clientId,
    clientSecret,
    escopos: options.scopes ?? [...ESCOPOS, ...ESCOPOS_REC],
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    itensPorPagina: options.pageSize ?? 100,
    allowHttpWebhook: options.allowHttpWebhook ?? false,
    now: () => clock.now(),
  });

  const recorrencias = new Recorrencias({
    ispb: options.ispb ?? '99999008',
    locationBase,
    allowHttpWebhook: options.allowHttpWebhook ?? false,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 5000, 30000],
    nomeDoRecebedor: options.nomeDoRecebedor ?? (() => Promise.resolve(null)),
  });
  let semPixAutomatico = false;
  api.extensoes.push(rotasDeDevolucao(banco));
  api.extensoes.push((...args) => (semPixAutomatico ? undefined : recorrencias.rotas(...args)));

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', `https://${locationBase}`);
    const rota = api.rota(req.method ?? 'GET', url.pathname);
    requests[rota] = (requests[rota] ?? 0) + 1;
    if (pending.tempo > 0) {
      pending.tempo -= 1;
      hanging.add(res);
      res.once('close', () => hanging.delete(res));
      return;
    }
    if (pending.erro500 > 0) {
      pending.erro500 -= 1;
      send(
        res,
        problema(500, 'ErroInternoDoServidor', 'Erro interno do servidor.', 'Falha simulada do PSP.'),
      );
      return;
    }
    api.handle(req, url).then(
      (resposta) => send(res, resposta),
      (error: unknown) => {
        if (error instanceof RequestError) send(res, error.resposta);
        else send(res, problema(500, 'ErroInternoDoServidor', 'Erro interno do servidor.', String(error)));
      },
    );
  });

  const origin = `https://127.0.0.1:${String(port)}`;
  return {
    baseUrl: `${origin}${basePath}`,
    tokenUrl: `${origin}${tokenPath}`,
    clientId,
    clientSecret,
    certificadoPem: pki.clientePem,
    chavePrivadaPem: pki.clienteChavePem,
    caPem: pki.caPem,
    chave,
    pay: (txid, payOptions) => banco.pay(txid, payOptions),
    receive: (receiveOptions) => banco.receive(receiveOptions),
    refund: (endToEndId, valorCentavos) => banco.refund(endToEndId, valorCentavos),
    refunds: (endToEndId) => structuredClone(banco.pixPorE2e(endToEndId)?.devolucoes ?? []),
    settleRefund: (endToEndId, id, resultado) => banco.liquidarDevolucao(endToEndId, id, resultado),
    charge: (txid) => {
      const cobv = banco.cobv(txid);
      return cobv ? structuredClone(cobv) : undefined;
    },
    chargeAt: (location) => {
      const id = /\/qr\/cobv\/([0-9a-f]+)$/.exec(location.trim())?.[1];
      const txid = id === undefined ? undefined : banco.txidDaLocation(id);
      const cobv = txid === undefined ? undefined : banco.cobv(txid);
      return cobv ? structuredClone(cobv) : undefined;
    },
    amountDue: (txid, data) => {
      const cobv = banco.cobv(txid);
      return cobv ? valorDoDia(cobv, data ?? dataEmSaoPaulo(clock.now())) : null;
    },
    webhookUrl: (key) => banco.webhook(key)?.webhookUrl,
    failNext(kind, times = 1) {
      pending[kind] += times;
      // A keep-alive connection would skip the handshake the next call must fail in.
      if (kind === 'tls') server.closeIdleConnections();
    },
    get stats(): SimulatedBankStats {
      return {
        requests: { ...requests },
        openConnections: sockets.size,
        peakConnections,
        webhookAttempts: banco.webhookStats.tentativas,
        webhookFailures: banco.webhookStats.falhas,
      };
    },
    get semPixAutomatico() {
      return semPixAutomatico;
    },
    set semPixAutomatico(value: boolean) {
      semPixAutomatico = value;
    },
    rec: (idRec) => {
      const rec = recorrencias.rec(idRec);
      return rec ? structuredClone(rec) : undefined;
    },
    cobr: (txid) => {
      const cobr = recorrencias.cobr(txid);
      return cobr ? structuredClone(cobr) : undefined;
    },
    recAt: (location) => {
      const rec = recorrencias.recAt(location.trim().replace(/^https:\/\//, ''));
      return rec ? structuredClone(rec) : undefined;
    },
    authorizeRec: (idRec) => recorrencias.autorizar(idRec),
    rejectRec: (idRec) => recorrencias.rejeitar(idRec),
    cancelRecByPayer: (idRec) => recorrencias.cancelarPeloPagador(idRec),
    settleCobr: (txid, settleOptions) => recorrencias.liquidar(txid, settleOptions),
    async close() {
      banco.encerrar();
      recorrencias.encerrar();
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
