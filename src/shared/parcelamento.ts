/**
 * The arithmetic of a payment plan (Lei 9.870/1999; ADRs 0050, 0094): the standard plan's split with
 * its rounding remainder on the first instalment, how every screen and the contract state it, and a
 * plan as an enrolment on a given day is charged (within the ano letivo, proportional when late).
 * Re-exported by anuidades.schemas.ts, which would otherwise pass the 500-line limit.
 */
/**
 * The standard plan's instalment (ADR 0050, amended by 0094): the anuidade less the fee, divided equally
 * and rounded DOWN to the centavo; the remainder (under one centavo per instalment) is not forgone but
 * added to the FIRST instalment (`parcelasDoPlano`), so the plan adds up to the anuidade exactly.
 */
export function parcelaPadrao(valorAnual: number, taxa: number, parcelas: number): number {
  return Math.floor(Math.max(0, valorAnual - taxa) / parcelas);
}

/** `valor` in `parcelas` instalments: equal ones rounded down, the remainder on the first (ADR 0094). */
export function dividirEmParcelas(valor: number, parcelas: number): { primeira: number; demais: number } {
  const demais = Math.floor(valor / Math.max(1, parcelas));
  return { primeira: valor - demais * (Math.max(1, parcelas) - 1), demais };
}

interface PlanoValores {
  parcelas: number;
  valor_parcela_centavos: number;
  taxa_matricula_centavos?: number;
  padrao?: boolean;
}

/** A plan's instalments as charged and stated everywhere (public page, plan step, contract, charges). */
export interface Parcelamento {
  taxa: number;
  parcelas: number;
  /** The first instalment: the others' value plus the rounding remainder (ADR 0094). */
  primeira: number;
  demais: number;
  /** What the instalments come to (without the fee). */
  parcelado: number;
  /** Fee plus instalments: the standard plan's is exactly the anuidade. */
  total: number;
}

/**
 * The one place a plan's split is computed (ADR 0094). The standard plan divides the anuidade less
 * the fee: equal instalments of `valor_parcela` (`parcelaPadrao`) and the remainder on the first, so
 * fee + instalments is exactly the anuidade. An alternative plan is its own equal instalments.
 */
export function parcelasDoPlano(plano: PlanoValores, valorAnual: number): Parcelamento {
  const taxa = plano.taxa_matricula_centavos ?? 0;
  const demais = plano.valor_parcela_centavos;
  // Only a standard plan's own remainder (under one centavo per instalment: the plan is the anuidade's
  // equal split, as the editor enforces) goes on the first; any other plan is its stored values.
  const resto = valorAnual - taxa - plano.parcelas * demais;
  const primeira = plano.padrao && resto > 0 && resto < plano.parcelas ? demais + resto : demais;
  const parcelado = primeira + demais * (plano.parcelas - 1);
  return { taxa, parcelas: plano.parcelas, primeira, demais, parcelado, total: taxa + parcelado };
}

/** Fee plus instalments (the standard plan's needs the anuidade: it is exactly the anuidade). */
export const totalDoPlano = (plano: PlanoValores, valorAnual?: number) =>
  plano.padrao && valorAnual !== undefined
    ? parcelasDoPlano(plano, valorAnual).total
    : plano.parcelas * plano.valor_parcela_centavos + (plano.taxa_matricula_centavos ?? 0);

/**
 * '12× de R$ 1.320,00', or with a remainder '1ª de R$ 1.253,37 + 11× de R$ 1.253,33' — how every
 * screen and the contract state the instalments (`formatar`: the reader's money format).
 */
export function descricaoParcelas(
  parcelamento: Pick<Parcelamento, 'parcelas' | 'primeira' | 'demais'>,
  formatar: (centavos: number) => string,
): string {
  const { parcelas, primeira, demais } = parcelamento;
  if (parcelas === 1) return `1× de ${formatar(primeira)}`;
  if (primeira === demais) return `${String(parcelas)}× de ${formatar(demais)}`;
  return `1ª de ${formatar(primeira)} + ${String(parcelas - 1)}× de ${formatar(demais)}`;
}

/** A stored plan's instalments as `descricaoParcelas` states them (an older one has no first of its own). */
export const descricaoDoPlano = (
  plano: { parcelas: number; valor_parcela_centavos: number; primeira_parcela_centavos?: number | undefined },
  formatar: (centavos: number) => string,
): string =>
  descricaoParcelas(
    {
      parcelas: plano.parcelas,
      primeira: plano.primeira_parcela_centavos ?? plano.valor_parcela_centavos,
      demais: plano.valor_parcela_centavos,
    },
    formatar,
  );

const indiceDoMes = (key: string) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1;
const mesDoIndice = (index: number) =>
  `${String(Math.floor(index / 12))}-${String((index % 12) + 1).padStart(2, '0')}`;

/** A plan as charged for an enrolment on a given day: its months, and whether it is proportional. */
export interface ParcelamentoDaMatricula extends Parcelamento {
  /** YYYY-MM of each instalment, all within the ano letivo. */
  meses: string[];
  /** Enrolled after the school year began: the instalments cover the remaining months only. */
  proporcional: boolean;
  /** The school year's months (its first month to December) and those left on enrolment. */
  mesesLetivos: number;
  mesesRestantes: number;
}

/**
 * A plan as an enrolment on `hoje` is charged (ADR 0094) — the same computation for the charges, the
 * contract and the screens. The instalments fall within the ano letivo (January to December of
 * `anoLetivo`): from the school year's first month, or earlier when the plan has more instalments than
 * months left after it (12 instalments run January–December). An enrolment after the first
 * instalment's month pays the months left from the enrolment month, at most the plan's number of
 * instalments; when school months have already gone by, the instalments' value is proportional to the
 * school months left (the fee is charged whole). Rounding remainders go on the first instalment.
 */
export function parcelamentoDaMatricula(
  plano: PlanoValores,
  valorAnual: number,
  quando: { anoLetivo: number; inicioAnoLetivo: string | null; hoje: string },
): ParcelamentoDaMatricula {
  const base = parcelasDoPlano(plano, valorAnual);
  const janeiro = quando.anoLetivo * 12;
  const dezembro = janeiro + 11;
  const inicio = quando.inicioAnoLetivo
    ? Math.min(Math.max(indiceDoMes(quando.inicioAnoLetivo), janeiro), dezembro)
    : janeiro;
  const mesesLetivos = dezembro - inicio + 1;
  const primeiro = Math.max(janeiro, Math.min(inicio, dezembro - base.parcelas + 1));
  const agora = indiceDoMes(quando.hoje);
  const meses = (de: number, quantos: number) =>
    Array.from({ length: quantos }, (_, i) => mesDoIndice(de + i));
  if (agora <= primeiro)
    return {
      ...base,
      meses: meses(primeiro, base.parcelas),
      proporcional: false,
      mesesLetivos,
      mesesRestantes: mesesLetivos,
    };
  const de = Math.min(agora, dezembro);
  const parcelas = Math.min(base.parcelas, dezembro - de + 1);
  const mesesRestantes = dezembro - Math.max(de, inicio) + 1;
  const proporcional = mesesRestantes < mesesLetivos;
  const parcelado = proporcional
    ? Math.round((base.parcelado * mesesRestantes) / mesesLetivos)
    : base.parcelado;
  return {
    ...dividirEmParcelas(parcelado, parcelas),
    taxa: base.taxa,
    parcelas,
    parcelado,
    total: base.taxa + parcelado,
    meses: meses(de, parcelas),
    proporcional,
    mesesLetivos,
    mesesRestantes,
  };
}
