/**
 * Pix Automático in the simulated bank (BCB Pix API v2.8+, issue 33 §3): the school's recurrences
 * (`POST /rec`, `GET|PATCH /rec/{idRec}`), each month's charge under an authorised one (`PUT|GET|PATCH
 * /cobr/{txid}`, sent 2 to 10 days before its due date), and the status webhooks (`PUT|GET|DELETE
 * /webhookrec` and `/webhookcobr`; the bank posts `{"recs":[…]}` to `<url>/rec` and `{"cobsr":[…]}` to
 * `<url>/cobr`). The payer's side — their bank app authorising, rejecting or cancelling, the debit on the
 * due date — is the test hooks `autorizar`, `rejeitar`, `cancelarPeloPagador` and `liquidar`.
 */
import { WebhookSender } from './webhook-envio.js';
import type { IncomingMessage } from 'node:http';
import { clock } from '../../lib/clock.js';
import { RECEBEDOR } from './banco.js';
import { alnum, brCodeDaRecorrencia, validarCobr, validarRec } from './recorrencias.validacao.js';
import { type Resposta, isObject, problema, readJson } from './respostas.js';
import type { Cobr, CobrBody, Rec, StatusCobr, StatusRec } from './recorrencias.tipos.js';
import { TXID_COBV, type Violacao } from './validacao.js';
import { dataEmSaoPaulo } from './valor-do-dia.js';

export const ESCOPOS_REC = [
  'rec.write',
  'rec.read',
  'cobr.write',
  'cobr.read',
  'webhookrec.write',
  'webhookrec.read',
  'webhookcobr.write',
  'webhookcobr.read',
] as const;

export type ComEscopo = (escopo: string, route: () => Resposta | Promise<Resposta>) => Promise<Resposta>;

export interface RecorrenciasConfig {
  ispb: string;
  /** `host:port/base` of the payload locations. */
  locationBase: string;
  allowHttpWebhook: boolean;
  webhookRetryDelaysMs: number[];
  /** The name of the school's account at this bank, asked at each `POST /rec`; null: `RECEBEDOR.nome`. */
  nomeDoRecebedor: () => Promise<string | null>;
}

export { brCodeDaRecorrencia } from './recorrencias.validacao.js';

const invalida = (tipo: 'RecOperacaoInvalida' | 'CobROperacaoInvalida', violacoes: Violacao[]): Resposta =>
  problema(
    400,
    tipo,
    tipo === 'RecOperacaoInvalida' ? 'Recorrência inválida.' : 'Cobrança recorrente inválida.',
    'A requisição não respeita o schema ou está semanticamente errada.',
    violacoes,
  );

const recNaoEncontrada = (): Resposta =>
  problema(
    404,
    'RecNaoEncontrada',
    'Recorrência não encontrada.',
    'Nenhuma recorrência com o idRec informado.',
  );
const cobrNaoEncontrada = (): Resposta =>
  problema(
    404,
    'CobRNaoEncontrada',
    'Cobrança não encontrada.',
    'Nenhuma cobrança recorrente com este txid.',
  );

export class Recorrencias {
  private readonly recs = new Map<string, Rec>();
  private readonly cobrs = new Map<string, Cobr>();
  private readonly webhooks = new Map<'rec' | 'cobr', string>();
  private nextLocId = 1;

  private readonly sender: WebhookSender;

  constructor(private readonly config: RecorrenciasConfig) {
    this.sender = new WebhookSender(config.webhookRetryDelaysMs);
  }

  rec(idRec: string): Rec | undefined {
    return this.recs.get(idRec);
  }

  cobr(txid: string): Cobr | undefined {
    return this.cobrs.get(txid);
  }

  recAt(location: string): Rec | undefined {
    for (const rec of this.recs.values()) if (rec.loc.location === location) return rec;
    return undefined;
  }

  webhookUrl(tipo: 'rec' | 'cobr'): string | undefined {
    return this.webhooks.get(tipo);
  }

  /** The routes of Pix Automático under the base path, or undefined for any other path. */
  rotas = (
    method: string,
    segments: string[],
    req: IncomingMessage,
    comEscopo: ComEscopo,
  ): Promise<Resposta> | undefined => {
    const [recurso, id, ...resto] = segments;
    if (resto.length > 0) return undefined;
    if (recurso === 'rec') {
      if (id === undefined && method === 'POST') return comEscopo('rec.write', () => this.postRec(req));
      if (id !== undefined && method === 'GET') return comEscopo('rec.read', () => this.getRec(id));
      if (id !== undefined && method === 'PATCH') return comEscopo('rec.write', () => this.patchRec(req, id));
    }
    if (recurso === 'cobr' && id !== undefined) {
      if (method === 'PUT') return comEscopo('cobr.write', () => this.putCobr(req, id));
      if (method === 'GET') return comEscopo('cobr.read', () => this.getCobr(id));
      if (method === 'PATCH') return comEscopo('cobr.write', () => this.patchCobr(req, id));
    }
    if ((recurso === 'webhookrec' || recurso === 'webhookcobr') && id === undefined) {
      const tipo = recurso === 'webhookrec' ? 'rec' : 'cobr';
      if (method === 'PUT') return comEscopo(`${recurso}.write`, () => this.putWebhook(req, tipo));
      if (method === 'GET') return comEscopo(`${recurso}.read`, () => this.getWebhook(tipo));
      if (method === 'DELETE')
        return comEscopo(`${recurso}.write`, () => {
          const had = this.webhooks.delete(tipo);
          return had
            ? { status: 204 }
            : problema(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.', 'Nenhum webhook registrado.');
        });
    }
    return undefined;
  };

  private async postRec(req: IncomingMessage): Promise<Resposta> {
    const checked = validarRec(await readJson(req), dataEmSaoPaulo(clock.now()));
    if (!checked.ok) return invalida('RecOperacaoInvalida', checked.violacoes);
    const body = checked.rec;
    const agora = clock.now().toISOString();
    const retentativa = body.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N';
    const idRec = `R${retentativa}${this.config.ispb}${agora.slice(0, 10).replaceAll('-', '')}${alnum(11)}`;
    const location = `${this.config.locationBase}/rec/${alnum(32)}`;
    // The payee the payer's bank names is the school's account here, as on its Pix charges' codes.
    const nome = (await this.config.nomeDoRecebedor())?.trim() || RECEBEDOR.nome;
    const rec: Rec = {
      idRec,
      vinculo: body.vinculo,
      calendario: body.calendario,
      ...(body.valor ? { valor: body.valor } : {}),
      politicaRetentativa: body.politicaRetentativa,
      status: 'CRIADA',
      recebedor: { cnpj: RECEBEDOR.cnpj, nome, ispbParticipante: this.config.ispb },
      loc: { id: this.nextLocId++, location, criacao: agora, idRec },
      dadosQR: { jornada: 'JORNADA_2', pixCopiaECola: brCodeDaRecorrencia(location, nome) },
      atualizacao: [{ status: 'CRIADA', data: agora }],
    };
    this.recs.set(idRec, rec);
    return { status: 201, body: rec };
  }

  private getRec(idRec: string): Resposta {
    const rec = this.recs.get(idRec);
    return rec ? { status: 200, body: rec } : recNaoEncontrada();
  }

  private async patchRec(req: IncomingMessage, idRec: string): Promise<Resposta> {
    const patch = await readJson(req);
    const rec = this.recs.get(idRec);
    if (!rec) return recNaoEncontrada();
    if (!isObject(patch) || patch.status !== 'CANCELADA' || Object.keys(patch).length !== 1)
      return invalida('RecOperacaoInvalida', [
        { propriedade: 'rec.status', razao: 'Este PSP aceita apenas {"status":"CANCELADA"} na revisão.' },
      ]);
    if (rec.status !== 'CRIADA' && rec.status !== 'APROVADA')
      return invalida('RecOperacaoInvalida', [
        {
          propriedade: 'rec.status',
          razao: `A recorrência está ${rec.status} e não pode ser cancelada.`,
          valor: rec.status,
        },
      ]);
    await this.cancelarRec(rec, 'USUARIO_RECEBEDOR', 'Cancelada pelo recebedor.', false);
    return { status: 200, body: rec };
  }

  private async putCobr(req: IncomingMessage, txid: string): Promise<Resposta> {
    const body = await readJson(req);
    if (!TXID_COBV.test(txid))
      return invalida('CobROperacaoInvalida', [
        { propriedade: 'cobr.txid', razao: 'O txid deve ter de 26 a 35 letras e dígitos.', valor: txid },
      ]);
    if (this.cobrs.has(txid))
      return invalida('CobROperacaoInvalida', [
        { propriedade: 'cobr.txid', razao: 'O txid informado já foi utilizado.', valor: txid },
      ]);
    const idRec = isObject(body) && typeof body.idRec === 'string' ? body.idRec : '';
    const rec = this.recs.get(idRec);
    const daRec = [...this.cobrs.values()].filter((cobr) => cobr.idRec === idRec);
    const violacoes = validarCobr(body, rec, dataEmSaoPaulo(clock.now()), daRec);
    if (violacoes.length > 0 || !rec) return invalida('CobROperacaoInvalida', violacoes);
    const pedido = body as CobrBody;
    const agora = clock.now().toISOString();
    const cobr: Cobr = {
      ...pedido,
      txid,
      status: 'ATIVA',
      politicaRetentativa: rec.politicaRetentativa,
      calendario: { criacao: agora, dataDeVencimento: pedido.calendario.dataDeVencimento },
      atualizacao: [
        { status: 'CRIADA', data: agora },
        { status: 'ATIVA', data: agora },
      ],
      tentativas: [
        {
          dataLiquidacao: pedido.calendario.dataDeVencimento,
          tipo: 'AGND',
          status: 'AGENDADA',
          endToEndId: this.e2e(),
        },
      ],
    };
    this.cobrs.set(txid, cobr);
    return { status: 201, body: cobr };
  }

  private getCobr(txid: string): Resposta {
    const cobr = this.cobrs.get(txid);
    return cobr ? { status: 200, body: cobr } : cobrNaoEncontrada();
  }

  private async patchCobr(req: IncomingMessage, txid: string): Promise<Resposta> {
    const patch = await readJson(req);
    const cobr = this.cobrs.get(txid);
    if (!cobr) return cobrNaoEncontrada();
    if (!isObject(patch) || patch.status !== 'CANCELADA')
      return invalida('CobROperacaoInvalida', [
        { propriedade: 'cobr.status', razao: 'Este PSP aceita apenas {"status":"CANCELADA"} na revisão.' },
      ]);
    if (cobr.status !== 'ATIVA' && cobr.status !== 'CRIADA')
      return invalida('CobROperacaoInvalida', [
        {
          propriedade: 'cobr.status',
          razao: `A cobrança está ${cobr.status} e não pode ser cancelada.`,
          valor: cobr.status,
        },
      ]);
    // The receiver withdraws a charge until 22h (São Paulo) of the eve of its date; the payer, until 23h59.
    const prazo = new Date(clock.now().getTime() + 2 * 60 * 60 * 1000);
    if (dataEmSaoPaulo(prazo) >= cobr.calendario.dataDeVencimento)
      return invalida('CobROperacaoInvalida', [
        {
          propriedade: 'cobr.status',
          razao: 'O recebedor só cancela até as 22h da véspera do vencimento.',
        },
      ]);
    this.mudarCobr(cobr, 'CANCELADA', 'USUARIO_RECEBEDOR');
    return { status: 200, body: cobr };
  }

  private async putWebhook(req: IncomingMessage, tipo: 'rec' | 'cobr'): Promise<Resposta> {
    const body = await readJson(req);
    const url = isObject(body) ? body.webhookUrl : undefined;
    let parsed: URL | null = null;
    try {
      parsed = typeof url === 'string' ? new URL(url) : null;
    } catch {
      parsed = null;
    }
    const https =
      parsed?.protocol === 'https:' || (this.config.allowHttpWebhook && parsed?.protocol === 'http:');
    if (!parsed || typeof url !== 'string' || !https)
      return problema(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', 'Informe uma URL https válida.', [
        {
          propriedade: 'webhookUrl',
          razao: 'Informe uma URL https válida.',
          ...(typeof url === 'string' ? { valor: url } : {}),
        },
      ]);
    this.webhooks.set(tipo, url);
    return { status: 200, body: { webhookUrl: url, criacao: clock.now().toISOString() } };
  }

  private getWebhook(tipo: 'rec' | 'cobr'): Resposta {
    const url = this.webhooks.get(tipo);
    return url
      ? { status: 200, body: { webhookUrl: url } }
      : problema(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.', 'Nenhum webhook registrado.');
  }

  private e2e(): string {
    const minuto = clock.now().toISOString().replace(/[-T:]/g, '').slice(0, 12);
    return `E${this.config.ispb}${minuto}${alnum(11)}`;
  }

  private mudarRec(rec: Rec, status: StatusRec): void {
    rec.status = status;
    rec.atualizacao.push({ status, data: clock.now().toISOString() });
  }

  private mudarCobr(cobr: Cobr, status: StatusCobr, solicitante?: string): void {
    cobr.status = status;
    cobr.atualizacao.push({ status, data: clock.now().toISOString() });
    if (status === 'CANCELADA' && solicitante) {
      cobr.encerramento = { cancelamento: { solicitante, codigo: 'SLCR', descricao: 'Cobrança cancelada.' } };
      for (const tentativa of cobr.tentativas)
        if (tentativa.status === 'AGENDADA') tentativa.status = 'CANCELADA';
    }
  }

  private async cancelarRec(
    rec: Rec,
    solicitante: string,
    descricao: string,
    notificarRec: boolean,
  ): Promise<void> {
    this.mudarRec(rec, 'CANCELADA');
    rec.encerramento = { cancelamento: { solicitante, codigo: 'SLCR', descricao } };
    // A cancelled recurrence takes its scheduled charges with it.
    for (const cobr of this.cobrs.values())
      if (cobr.idRec === rec.idRec && cobr.status === 'ATIVA') {
        this.mudarCobr(cobr, 'CANCELADA', solicitante);
        await this.notificar('cobr', cobr);
      }
    if (notificarRec) await this.notificar('rec', rec);
  }

  // ---------------------------------------------------------------- the payer's side (test hooks)

  private recPendente(idRec: string): Rec {
    const rec = this.recs.get(idRec);
    if (!rec) throw new Error(`Banco simulado: não há recorrência ${idRec}.`);
    if (rec.status !== 'CRIADA')
      throw new Error(`Banco simulado: a recorrência ${idRec} está ${rec.status}, não aguarda autorização.`);
    return rec;
  }

  /** The payer authorises the recurrence in their bank app (read the QR, confirmed). */
  async autorizar(idRec: string): Promise<Rec> {
    const rec = this.recPendente(idRec);
    this.mudarRec(rec, 'APROVADA');
    const { cpf, cnpj } = rec.vinculo.devedor;
    rec.pagador = { ...(cpf ? { cpf } : { cnpj }), ispbParticipante: '99999009' };
    await this.notificar('rec', rec);
    return structuredClone(rec);
  }

  /** The payer refuses it in their bank app. */
  async rejeitar(idRec: string): Promise<Rec> {
    const rec = this.recPendente(idRec);
    this.mudarRec(rec, 'REJEITADA');
    rec.encerramento = { rejeicao: { codigo: 'AP13', descricao: 'Rejeitada pelo usuário pagador.' } };
    await this.notificar('rec', rec);
    return structuredClone(rec);
  }

  /** The payer cancels an authorised recurrence in their bank app. */
  async cancelarPeloPagador(idRec: string): Promise<Rec> {
    const rec = this.recs.get(idRec);
    if (!rec || rec.status !== 'APROVADA')
      throw new Error(`Banco simulado: a recorrência ${idRec} não está aprovada.`);
    await this.cancelarRec(rec, 'USUARIO_PAGADOR', 'Cancelada pelo usuário pagador.', true);
    return structuredClone(rec);
  }

  /** The debit on the due date: the charge is settled (or fails for lack of funds) and notified. */
  async liquidar(txid: string, options: { saldoInsuficiente?: boolean } = {}): Promise<Cobr> {
    const cobr = this.cobrs.get(txid);
    if (!cobr || cobr.status !== 'ATIVA')
      throw new Error(`Banco simulado: a cobrança recorrente ${txid} não está ativa.`);
    const tentativa = cobr.tentativas.find((item) => item.status === 'AGENDADA');
    if (tentativa) tentativa.status = options.saldoInsuficiente ? 'REJEITADA' : 'LIQUIDADA';
    this.mudarCobr(cobr, options.saldoInsuficiente ? 'EXPIRADA' : 'CONCLUIDA');
    await this.notificar('cobr', cobr);
    return structuredClone(cobr);
  }

  /** Posts to the webhook of `tipo` + `/rec` or `/cobr`; the first attempt is awaited, retries are not. */
  private async notificar(tipo: 'rec', item: Rec): Promise<void>;
  private async notificar(tipo: 'cobr', item: Cobr): Promise<void>;
  private async notificar(tipo: 'rec' | 'cobr', item: Rec | Cobr): Promise<void> {
    const url = this.webhooks.get(tipo);
    if (!url) return;
    const body = JSON.stringify(tipo === 'rec' ? { recs: [item] } : { cobsr: [item] });
    await this.sender.post(`${url}/${tipo}`, body);
  }

  encerrar(): void {
    this.sender.stop();
  }
}
