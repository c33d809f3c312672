/**
 * The `cobv` (a Pix charge with a due date, BCB Pix API) for one mensalidade, as a pure function of the
 * tuition, its principal guardian and the school's settings (issue 33 §1, ADR 0041). Amounts follow the
 * product's own rules (`src/shared/money.ts`), so the PSP's amount of the day is the product's to the
 * centavo: multa modalidade 2 (percent, once) and juros modalidade 3 (percent a month, calendar days,
 * on a 30-day month) with the school's rates, on the principal still open.
 *
 * The school's desconto de pontualidade (ADR 0046) is `desconto` modalidade 1 (a fixed amount until a
 * date) with one `descontoDataFixa`: the product computes the amount (`descontoPontualidade`, the same
 * function as every amount of the day) and the PSP only subtracts it, so the two agree to the centavo.
 * Bolsa and per-student discounts already lowered `valor`.
 */
import {
  cobrancaNaFrase,
  descricaoCobranca,
  type TipoCobranca,
} from '../../../shared/mensalidades.schemas.js';
import {
  centavosToDecimal,
  descontoPontualidade,
  MAX_MULTA_BP,
  type DescontoPontualidade,
} from '../../../shared/money.js';
import { isValidCpf } from '../../../shared/validators.js';
import type { CobvBody } from './pix-api.js';

export interface CobvSource {
  mensalidadeId: string;
  /** YYYY-MM */
  mesReferencia: string;
  /** A month's tuition unless told (ADR 0094: the fee is named 'Taxa de matrícula 2027'). */
  tipo?: TipoCobranca;
  anuidadeAno?: number | null;
  /** YYYY-MM-DD */
  dataVencimento: string;
  /** Centavos owed after bolsa and discounts. */
  valor: number;
  /** Centavos of principal already paid (a partial payment by hand). */
  principalPago: number;
  alunoNome: string;
  /** The student's principal guardian (responsável financeiro); null when there is none. */
  devedor: { nome: string; cpf: string | null } | null;
}

export interface CobvSettings {
  /** Basis points (200 = 2 %), clamped to the legal 2 %. */
  multaBp: number;
  /** Basis points a month (100 = 1 % a.m.). */
  jurosMensalBp: number;
  /** The school's key as the DICT holds it. */
  chave: string;
  validadeAposVencimento: number;
  /** The school's desconto de pontualidade; absent or null: none. */
  pontualidade?: DescontoPontualidade | null | undefined;
  /** Today (YYYY-MM-DD): a discount whose last day has passed is not sent. Absent: always sent. */
  hoje?: string | undefined;
}

export type CobvBodyResult = { ok: true; body: CobvBody } | { ok: false; erro: string };

/** A percentage in basis points as the API's two-decimal string: 200 → "2.00", 33 → "0.33". */
const percentOf = (bp: number) => centavosToDecimal(bp);

/** The principal still open, in centavos: what the charge asks for (before multa and juros). */
export function openPrincipalOf(source: Pick<CobvSource, 'valor' | 'principalPago'>): number {
  return Math.max(0, source.valor - source.principalPago);
}

/**
 * A txid per mensalidade, derived from its id (32 hex digits, within the 26–35 the BCB allows), stable so
 * a repeated PUT is the same charge. `geracao` > 0 only when the PSP needs a new charge for the same
 * tuition (the old one was removed): `<hex>v<n>`, at most 35 characters.
 */
export function txidOf(mensalidadeId: string, geracao = 0): string {
  const hex = mensalidadeId.replace(/-/g, '').toLowerCase();
  if (geracao === 0) return hex;
  if (geracao > 99) throw new RangeError('geracao > 99');
  return `${hex}v${geracao}`;
}

/**
 * 'Mensalidade 03/2026 — Ana' or 'Taxa de matrícula 2027 — Ana': what the payer's bank shows; the
 * charge and the child's first name only.
 */
export function solicitacaoOf(
  mesReferencia: string,
  alunoNome: string,
  tipo: TipoCobranca = 'mensalidade',
  anuidadeAno: number | null = null,
): string {
  const [ano, mes] = mesReferencia.split('-');
  const firstName = alunoNome.trim().split(/\s+/)[0] ?? '';
  const cobranca =
    tipo === 'taxa_matricula'
      ? descricaoCobranca({ tipo, mes_referencia: mesReferencia, anuidade_ano: anuidadeAno })
      : `Mensalidade ${mes ?? ''}/${ano ?? ''}`;
  return `${cobranca} — ${firstName}`.slice(0, 140);
}

export function buildCobvBody(source: CobvSource, settings: CobvSettings): CobvBodyResult {
  const cobranca = cobrancaNaFrase({
    tipo: source.tipo ?? 'mensalidade',
    mes_referencia: source.mesReferencia,
    anuidade_ano: source.anuidadeAno ?? null,
  });
  if (source.devedor === null) {
    return {
      ok: false,
      erro: `${source.alunoNome} não tem responsável financeiro cadastrado; o banco exige o nome e o CPF de quem paga a ${cobranca}.`,
    };
  }
  const cpf = source.devedor.cpf?.replace(/\D/g, '') ?? '';
  if (cpf === '' || !isValidCpf(cpf)) {
    return {
      ok: false,
      erro: `O responsável financeiro de ${source.alunoNome} (${source.devedor.nome}) não tem CPF válido no cadastro; o banco exige o CPF de quem paga. Cadastre o CPF e a cobrança é criada.`,
    };
  }
  const principal = openPrincipalOf(source);
  if (principal <= 0) return { ok: false, erro: 'Nada em aberto nesta mensalidade.' };
  const multaBp = Math.min(Math.max(0, settings.multaBp), MAX_MULTA_BP);
  const jurosBp = Math.max(0, settings.jurosMensalBp);
  const oferta = descontoPontualidade(principal, source.dataVencimento, {
    multaBp,
    jurosMensalBp: jurosBp,
    pontualidade: settings.pontualidade,
  });
  const desconto =
    oferta && (settings.hoje === undefined || oferta.ate >= settings.hoje)
      ? {
          desconto: {
            modalidade: 1,
            descontoDataFixa: [{ data: oferta.ate, valorPerc: centavosToDecimal(oferta.valor) }],
          },
        }
      : {};
  return {
    ok: true,
    body: {
      calendario: {
        dataDeVencimento: source.dataVencimento,
        validadeAposVencimento: settings.validadeAposVencimento,
      },
      devedor: { cpf, nome: source.devedor.nome.trim().slice(0, 200) },
      valor: {
        original: centavosToDecimal(principal),
        ...(multaBp > 0 ? { multa: { modalidade: 2, valorPerc: percentOf(multaBp) } } : {}),
        ...(jurosBp > 0 ? { juros: { modalidade: 3, valorPerc: percentOf(jurosBp) } } : {}),
        ...desconto,
      },
      chave: settings.chave,
      solicitacaoPagador: solicitacaoOf(
        source.mesReferencia,
        source.alunoNome,
        source.tipo,
        source.anuidadeAno ?? null,
      ),
    },
  };
}
