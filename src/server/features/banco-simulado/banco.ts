/**
 * The simulated bank's books (issue 33 §5): the school's account and keys, the `cobv` charges, the Pix
 * received and their devoluções, the webhooks registered and their delivery. No HTTP here — `servidor.ts`
 * serves this over the BCB Pix API; tests and the demo call `pay`, `receive` and `refund` directly, as a
 * payer's bank would.
 */
import { WebhookSender } from './webhook-envio.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { clock } from '../../lib/clock.js';
import type { Cobv, CobvBody, ComponentesValor, Devolucao, Pix } from './tipos.js';
import { VALIDADE_PADRAO, centavos, dataEmSaoPaulo, reais, valorDoDia } from './valor-do-dia.js';

export interface PayOptions {
  /** Amount paid in centavos; default the amount of the day. A different amount is still accepted. */
  valor?: number;
  pagador?: { cpf?: string; cnpj?: string; nome?: string };
  /** When the payment happens; default now (`lib/clock`). */
  horario?: Date | string;
  infoPagador?: string;
}

export interface ReceiveOptions {
  /** Amount in centavos. */
  valor: number;
  /** A txid no charge of this bank has (a Pix without txid when absent). */
  txid?: string;
  pagador?: { cpf?: string; cnpj?: string; nome?: string };
  horario?: Date | string;
  infoPagador?: string;
}

export interface Webhook {
  webhookUrl: string;
  chave: string;
  criacao: string;
}

export interface BancoConfig {
  chaves: string[];
  ispb: string;
  /** Wait before each retry of a failed webhook delivery. */
  webhookRetryDelaysMs: number[];
  /** Post the webhook also for a Pix without txid (the standard notifies only Pix with a txid). */
  webhookSemTxid: boolean;
  /** `host:port/base` of the payload locations. */
  locationBase: string;
  /**
   * When the SPI settles a devolução the school requested: `imediata` (just after the request is answered)
   * or `manual` (a test calls `liquidarDevolucao`).
   */
  liquidarDevolucoes: 'imediata' | 'manual';
}

export interface WebhookStats {
  tentativas: number;
  falhas: number;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function alnum(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ALNUM[byte % ALNUM.length]).join('');
}

/** yyyyMMddHHmm in UTC, as the endToEndId carries it. */
function minuto(instante: Date): string {
  return instante.toISOString().replace(/[-T:]/g, '').slice(0, 12);
}

function instanteDe(horario: Date | string | undefined): Date {
  const instante = horario === undefined ? clock.now() : new Date(horario);
  if (Number.isNaN(instante.getTime())) throw new Error(`Horário inválido: ${String(horario)}`);
  return instante;
}

/** A valid CNPJ (11.222.333/0001-81) for the receiving school. */
export const RECEBEDOR = {
  nome: 'Escola Simulada Ltda',
  cnpj: '11222333000181',
  logradouro: 'Rua das Escolas, 100',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01001000',
};

/** A body without `loc` (the bank assigns the location; a `loc.id` was already refused). */
function semLoc(body: CobvBody): Omit<CobvBody, 'loc'> {
  const copy = { ...body };
  delete copy.loc;
  return copy;
}

export class Banco {
  private readonly cobvs = new Map<string, Cobv>();
  private readonly locations = new Map<string, string>();
  private readonly pix: Pix[] = [];
  private readonly webhooks = new Map<string, Webhook>();
  private nextLocId = 1;
  readonly webhookStats: WebhookStats = { tentativas: 0, falhas: 0 };

  private readonly sender: WebhookSender;

  constructor(private readonly config: BancoConfig) {
    this.sender = new WebhookSender(config.webhookRetryDelaysMs, {
      attempt: () => (this.webhookStats.tentativas += 1),
      failure: () => (this.webhookStats.falhas += 1),
    });
  }

  get chaves(): readonly string[] {
    return this.config.chaves;
  }

  cobv(txid: string): Cobv | undefined {
    return this.cobvs.get(txid);
  }

  /** The txid whose payload is served at a location's path id. */
  txidDaLocation(id: string): string | undefined {
    return this.locations.get(id);
  }

  criarCobv(txid: string, body: CobvBody): Cobv {
    const agora = clock.now().toISOString();
    const uuid = randomUUID().replaceAll('-', '');
    this.locations.set(uuid, txid);
    const { calendario, ...rest } = semLoc(body);
    const cobv: Cobv = {
      ...rest,
      calendario: {
        criacao: agora,
        dataDeVencimento: calendario.dataDeVencimento,
        validadeAposVencimento: calendario.validadeAposVencimento ?? VALIDADE_PADRAO,
      },
      txid,
      revisao: 0,
      loc: {
        id: this.nextLocId++,
        location: `${this.config.locationBase}/qr/cobv/${uuid}`,
        tipoCob: 'cobv',
        criacao: agora,
      },
      status: 'ATIVA',
      recebedor: RECEBEDOR,
    };
    this.cobvs.set(txid, cobv);
    return cobv;
  }

  /** Replaces a charge's body (already merged and checked) or removes it; bumps the revision. */
  revisarCobv(txid: string, body: CobvBody, remover: boolean): Cobv {
    const atual = this.cobvs.get(txid);
    if (!atual) throw new Error(`Cobrança ${txid} inexistente.`);
    const { calendario, ...rest } = semLoc(body);
    const revisada: Cobv = {
      ...atual,
      ...rest,
      calendario: {
        criacao: atual.calendario.criacao,
        dataDeVencimento: calendario.dataDeVencimento,
        validadeAposVencimento: calendario.validadeAposVencimento ?? VALIDADE_PADRAO,
      },
      revisao: atual.revisao + 1,
      status: remover ? 'REMOVIDA_PELO_USUARIO_RECEBEDOR' : atual.status,
    };
    this.cobvs.set(txid, revisada);
    return revisada;
  }

  /** The Pix received, oldest first. */
  todosOsPix(): readonly Pix[] {
    return this.pix;
  }

  pixPorE2e(endToEndId: string): Pix | undefined {
    return this.pix.find((item) => item.endToEndId === endToEndId);
  }

  registrarWebhook(chave: string, webhookUrl: string): Webhook {
    const webhook = { webhookUrl, chave, criacao: clock.now().toISOString() };
    this.webhooks.set(chave, webhook);
    return webhook;
  }

  webhook(chave: string): Webhook | undefined {
    return this.webhooks.get(chave);
  }

  removerWebhook(chave: string): boolean {
    return this.webhooks.delete(chave);
  }

  private endToEndId(prefixo: 'E' | 'D', instante: Date): string {
    return `${prefixo}${this.config.ispb}${minuto(instante)}${alnum(11)}`;
  }

  async pay(txid: string, options: PayOptions = {}): Promise<Pix> {
    const cobv = this.cobvs.get(txid);
    if (!cobv) throw new Error(`Banco simulado: não há cobrança com o txid ${txid}.`);
    if (cobv.status !== 'ATIVA')
      throw new Error(`Banco simulado: a cobrança ${txid} não pode ser paga (${cobv.status}).`);
    const instante = instanteDe(options.horario);
    const devido = valorDoDia(cobv, dataEmSaoPaulo(instante));
    if (!devido)
      throw new Error(
        `Banco simulado: a cobrança ${txid} venceu há mais de ${String(cobv.calendario.validadeAposVencimento)} dias e não aceita mais pagamento.`,
      );
    const valor = options.valor ?? devido.final;
    if (!Number.isInteger(valor) || valor <= 0)
      throw new Error(`Banco simulado: valor inválido (${String(valor)}).`);
    const componentesValor: ComponentesValor = { original: { valor: reais(devido.original) } };
    if (devido.multa > 0) componentesValor.multa = { valor: reais(devido.multa) };
    if (devido.juros > 0) componentesValor.juros = { valor: reais(devido.juros) };
    if (devido.abatimento > 0) componentesValor.abatimento = { valor: reais(devido.abatimento) };
    if (devido.desconto > 0) componentesValor.desconto = { valor: reais(devido.desconto) };
    const pix: Pix = {
      endToEndId: this.endToEndId('E', instante),
      txid,
      valor: reais(valor),
      chave: cobv.chave,
      horario: instante.toISOString(),
      pagador: options.pagador ?? {
        ...(cobv.devedor.cpf ? { cpf: cobv.devedor.cpf } : { cnpj: cobv.devedor.cnpj }),
        nome: cobv.devedor.nome,
      },
      ...(options.infoPagador ? { infoPagador: options.infoPagador } : {}),
      // The split is the PSP's only when the payer paid the amount of the day.
      ...(valor === devido.final ? { componentesValor } : {}),
    };
    this.pix.push(pix);
    cobv.status = 'CONCLUIDA';
    cobv.pix = [pix];
    await this.notificar(pix);
    return structuredClone(pix);
  }

  async receive(options: ReceiveOptions): Promise<Pix> {
    if (options.txid !== undefined && this.cobvs.has(options.txid))
      throw new Error(`Banco simulado: o txid ${options.txid} é de uma cobrança; use pay().`);
    if (!Number.isInteger(options.valor) || options.valor <= 0)
      throw new Error(`Banco simulado: valor inválido (${String(options.valor)}).`);
    const instante = instanteDe(options.horario);
    const pix: Pix = {
      endToEndId: this.endToEndId('E', instante),
      ...(options.txid !== undefined ? { txid: options.txid } : {}),
      valor: reais(options.valor),
      chave: this.config.chaves[0],
      horario: instante.toISOString(),
      ...(options.pagador ? { pagador: options.pagador } : {}),
      ...(options.infoPagador ? { infoPagador: options.infoPagador } : {}),
    };
    this.pix.push(pix);
    await this.notificar(pix);
    return structuredClone(pix);
  }

  async refund(endToEndId: string, valorCentavos: number): Promise<Devolucao> {
    const pix = this.pixPorE2e(endToEndId);
    if (!pix) throw new Error(`Banco simulado: não há Pix ${endToEndId}.`);
    const devolvido = (pix.devolucoes ?? []).reduce((sum, item) => sum + centavos(item.valor), 0);
    if (
      !Number.isInteger(valorCentavos) ||
      valorCentavos <= 0 ||
      devolvido + valorCentavos > centavos(pix.valor)
    )
      throw new Error(
        `Banco simulado: devolução de ${String(valorCentavos)} centavos excede o valor do Pix.`,
      );
    const instante = clock.now();
    const devolucao: Devolucao = {
      id: alnum(20),
      rtrId: this.endToEndId('D', instante),
      valor: reais(valorCentavos),
      horario: { solicitacao: instante.toISOString(), liquidacao: instante.toISOString() },
      status: 'DEVOLVIDO',
      natureza: 'ORIGINAL',
    };
    pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
    await this.notificar(pix);
    return structuredClone(devolucao);
  }

  /** A devolução the school requested (or the bank made), as the bank holds it. */
  devolucao(endToEndId: string, id: string): Devolucao | undefined {
    const found = this.pixPorE2e(endToEndId)?.devolucoes?.find((item) => item.id === id);
    return found ? structuredClone(found) : undefined;
  }

  /**
   * A devolução the school requested (`PUT /pix/{e2eid}/devolucao/{id}`, already checked): EM_PROCESSAMENTO
   * until the SPI settles it.
   */
  solicitarDevolucao(endToEndId: string, id: string, valorCentavos: number, descricao?: string): Devolucao {
    const pix = this.pixPorE2e(endToEndId);
    if (!pix) throw new Error(`Banco simulado: não há Pix ${endToEndId}.`);
    const instante = clock.now();
    const devolucao: Devolucao = {
      id,
      rtrId: this.endToEndId('D', instante),
      valor: reais(valorCentavos),
      horario: { solicitacao: instante.toISOString() },
      status: 'EM_PROCESSAMENTO',
      natureza: 'ORIGINAL',
      ...(descricao ? { descricao } : {}),
    };
    pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
    if (this.config.liquidarDevolucoes === 'imediata')
      setImmediate(() => void this.liquidarDevolucao(endToEndId, id).catch(() => undefined));
    return structuredClone(devolucao);
  }

  /** The SPI settles a devolução still EM_PROCESSAMENTO: returned, or not (with the reason); the webhook again. */
  async liquidarDevolucao(
    endToEndId: string,
    id: string,
    resultado: { status: 'DEVOLVIDO' } | { status: 'NAO_REALIZADO'; motivo: string } = {
      status: 'DEVOLVIDO',
    },
  ): Promise<Devolucao> {
    const pix = this.pixPorE2e(endToEndId);
    const devolucao = pix?.devolucoes?.find((item) => item.id === id);
    if (!pix || !devolucao) throw new Error(`Banco simulado: não há devolução ${id} do Pix ${endToEndId}.`);
    if (devolucao.status !== 'EM_PROCESSAMENTO')
      throw new Error(`Banco simulado: a devolução ${id} já foi liquidada (${devolucao.status}).`);
    devolucao.status = resultado.status;
    if (resultado.status === 'DEVOLVIDO') devolucao.horario.liquidacao = clock.now().toISOString();
    else devolucao.motivo = resultado.motivo;
    await this.notificar(pix);
    return structuredClone(devolucao);
  }

  /** Posts `{"pix":[…]}` to the key's webhook + '/pix'; the first attempt is awaited, retries are not. */
  private async notificar(pix: Pix): Promise<void> {
    if (!pix.chave) return;
    const webhook = this.webhooks.get(pix.chave);
    if (!webhook || (pix.txid === undefined && !this.config.webhookSemTxid)) return;
    await this.sender.post(`${webhook.webhookUrl}/pix`, JSON.stringify({ pix: [pix] }));
  }

  /** Stops the pending webhook retries. */
  encerrar(): void {
    this.sender.stop();
  }
}
