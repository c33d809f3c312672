import type { EncargosAtraso } from '../../../shared/finance.schemas';

const percent = (value: number) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

/**
 * What paying late costs, in the school's own figures: 'multa de 2% e juros de 1% ao mês, proporcionais
 * aos dias de atraso'. Only what the school charges is named; null when it charges neither (or while the
 * figures are not known: no screen states a rate of its own).
 */
export function describeEncargos(encargos: EncargosAtraso | undefined): string | null {
  if (!encargos) return null;
  const { multa_percentual: multa, juros_mensal_percentual: juros } = encargos;
  const parts: string[] = [];
  if (multa > 0) parts.push(`multa de ${percent(multa)}`);
  if (juros > 0) parts.push(`juros de ${percent(juros)} ao mês, proporcionais aos dias de atraso`);
  return parts.length > 0 ? parts.join(' e ') : null;
}
