import { computeJuros, descontoPontualidade, type ChargeRates } from '../../../shared/money.js';
import type { BoletoRow } from '../../db/schema/boletos.js';

/** What the bank is told to charge or give on a boleto: read by the remessa, the retorno and the PDF. */
export interface EncargosDoBoleto {
  /** Juros per day of delay after the due date (centavos). */
  jurosDia: number;
  /** The pontualidade discount offered to the bank, if any. */
  desconto: ReturnType<typeof descontoPontualidade>;
  /** Multa after the due date (basis points; never above 2 %). */
  multaBp: number;
}

/**
 * The bank's instructions for after the due date. A boleto issued in time: multa and juros per day on its
 * value (the open principal), and the pontualidade discount. One issued after the tuition's due date
 * (ADR 0131) already carries the multa and the juros up to its own due date: no multa again, juros per
 * day on the principal only, no discount (the tuition is late).
 */
export function encargosDoBoleto(
  boleto: Pick<BoletoRow, 'valor' | 'vencimento' | 'multa' | 'juros' | 'vencimentoMensalidade'>,
  rates: ChargeRates,
): EncargosDoBoleto {
  if (boleto.vencimentoMensalidade !== null)
    return {
      jurosDia: computeJuros(boleto.valor - boleto.multa - boleto.juros, 1, rates),
      desconto: null,
      multaBp: 0,
    };
  return {
    jurosDia: computeJuros(boleto.valor, 1, rates),
    desconto: descontoPontualidade(boleto.valor, boleto.vencimento, rates),
    multaBp: Math.min(rates.multaBp, 200),
  };
}
