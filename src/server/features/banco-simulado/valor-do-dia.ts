/**
 * The amount of the day of a `cobv`, as the BCB Pix API defines it (what the payer's bank shows when it
 * reads the charge): original − abatimento − desconto (until the due date) + multa + juros (after it).
 * Amounts in centavos; each part rounded half up to the centavo. Dates are civil dates (YYYY-MM-DD) in
 * São Paulo (UTC−3, no daylight saving since 2019).
 */
import { addDays, daysBetween, eachDay, lastDayWithoutCharges, weekdayOf } from '../../../shared/calendar.js';
import type { CobvBody, ValorCobv } from './tipos.js';

/** "123.45" → 12345. */
export function centavos(valor: string): number {
  const [inteiro = '0', fracao = '00'] = valor.split('.');
  return Number(inteiro) * 100 + Number(fracao.padEnd(2, '0').slice(0, 2));
}

/** 12345 → "123.45". */
export function reais(valor: number): string {
  return `${String(Math.trunc(valor / 100))}.${String(valor % 100).padStart(2, '0')}`;
}

/** "2.00" (a percent or an amount with two decimals) → 200 hundredths. */
function centesimos(valorPerc: string): bigint {
  return BigInt(centavos(valorPerc));
}

function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** The civil date in São Paulo of an instant. */
export function dataEmSaoPaulo(instante: Date): string {
  return new Date(instante.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Calendar days from `de` to `ate` (negative when `ate` comes first). */
export const diasCorridos = daysBetween;

/** Business days (Monday to Friday; holidays are not simulated) after `de` up to and including `ate`. */
export function diasUteis(de: string, ate: string): number {
  return eachDay(addDays(de, 1), ate).filter((dia) => weekdayOf(dia) !== 0 && weekdayOf(dia) !== 6).length;
}

export interface ValorDoDia {
  original: number;
  abatimento: number;
  desconto: number;
  multa: number;
  juros: number;
  /** What the payer pays on that day. */
  final: number;
}

function abatimentoDe(valor: ValorCobv, original: number): number {
  const { abatimento } = valor;
  if (!abatimento) return 0;
  const amount =
    abatimento.modalidade === 1
      ? centavos(abatimento.valorPerc)
      : divideHalfUp(BigInt(original) * centesimos(abatimento.valorPerc), 10000n);
  return Math.min(amount, original);
}

function descontoDe(valor: ValorCobv, base: number, vencimento: string, pagamento: string): number {
  const { desconto } = valor;
  if (!desconto) return 0;
  let amount = 0;
  if (desconto.modalidade === 1 || desconto.modalidade === 2) {
    // The first fixed date not yet passed gives the discount (the standard lists up to three, in order).
    const faixa = [...(desconto.descontoDataFixa ?? [])]
      .sort((a, b) => a.data.localeCompare(b.data))
      .find((item) => item.data >= pagamento);
    if (faixa)
      amount =
        desconto.modalidade === 1
          ? centavos(faixa.valorPerc)
          : divideHalfUp(BigInt(base) * centesimos(faixa.valorPerc), 10000n);
  } else if (desconto.valorPerc !== undefined) {
    // 3/4: an amount per calendar/business day paid early; 5/6: a percent per calendar/business day.
    const dias =
      desconto.modalidade === 3 || desconto.modalidade === 5
        ? diasCorridos(pagamento, vencimento)
        : diasUteis(pagamento, vencimento);
    if (dias > 0)
      amount =
        desconto.modalidade <= 4
          ? centavos(desconto.valorPerc) * dias
          : divideHalfUp(BigInt(base) * centesimos(desconto.valorPerc) * BigInt(dias), 10000n);
  }
  return Math.min(amount, base);
}

function multaDe(valor: ValorCobv, base: number): number {
  const { multa } = valor;
  if (!multa) return 0;
  return multa.modalidade === 1
    ? centavos(multa.valorPerc)
    : divideHalfUp(BigInt(base) * centesimos(multa.valorPerc), 10000n);
}

/**
 * Juros by modality: 1 an amount a day, 2 percent a day, 3 percent a month (30 days), 4 percent a year
 * (365 days), over calendar days after the due date; 5–8 the same over business days.
 */
function jurosDe(valor: ValorCobv, base: number, vencimento: string, pagamento: string): number {
  const { juros } = valor;
  if (!juros) return 0;
  const dias = BigInt(
    juros.modalidade <= 4 ? diasCorridos(vencimento, pagamento) : diasUteis(vencimento, pagamento),
  );
  const rate = centesimos(juros.valorPerc);
  switch (((juros.modalidade - 1) % 4) + 1) {
    case 1:
      return Number(rate * dias);
    case 2:
      return divideHalfUp(BigInt(base) * rate * dias, 10000n);
    case 3:
      return divideHalfUp(BigInt(base) * rate * dias, 10000n * 30n);
    default:
      return divideHalfUp(BigInt(base) * rate * dias, 10000n * 365n);
  }
}

/** Days a cobv can be paid after its due date when the body does not say (the standard's default). */
export const VALIDADE_PADRAO = 30;

/**
 * The amount of the day, or `null` when the charge can no longer be paid (more than
 * `validadeAposVencimento` calendar days after the due date).
 */
export function valorDoDia(
  cobv: Pick<CobvBody, 'calendario' | 'valor'>,
  pagamento: string,
): ValorDoDia | null {
  const vencimento = cobv.calendario.dataDeVencimento;
  const atraso = diasCorridos(vencimento, pagamento);
  if (atraso > (cobv.calendario.validadeAposVencimento ?? VALIDADE_PADRAO)) return null;
  const original = centavos(cobv.valor.original);
  const abatimento = abatimentoDe(cobv.valor, original);
  const base = original - abatimento;
  const desconto = atraso <= 0 ? descontoDe(cobv.valor, base, vencimento, pagamento) : 0;
  // A due date on a Saturday, Sunday or holiday is paid on the next business day without multa or juros
  // (Lei 7.089/1983), as a PSP's amount of the day has it.
  const late = atraso > 0 && pagamento > lastDayWithoutCharges(vencimento);
  const multa = late ? multaDe(cobv.valor, base) : 0;
  const juros = late ? jurosDe(cobv.valor, base, vencimento, pagamento) : 0;
  return { original, abatimento, desconto, multa, juros, final: base - desconto + multa + juros };
}
