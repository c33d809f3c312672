/**
 * The family's view of a desconto de pontualidade (ADR 0046): 'R$ 807,50 até 05/07 (desconto de
 * pontualidade)', then the full amount after. `valor_atualizado` already has the discount taken off.
 */
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';

const diaMes = (iso: string) => formatDate(iso).slice(0, 5);

export function PontualidadeNote({ mensalidade }: { mensalidade: Mensalidade }) {
  const desconto = mensalidade.desconto_pontualidade;
  if (!desconto) return null;
  return (
    <p data-testid="desconto-pontualidade" className="text-xs text-green-800">
      <strong>{formatCentavos(mensalidade.valor_atualizado)}</strong> até {diaMes(desconto.ate)} (desconto de
      pontualidade); depois, {formatCentavos(mensalidade.valor_atualizado + desconto.valor)}
    </p>
  );
}

/** One line of the months ahead: 'até 05/07 com desconto'. */
export function PontualidadeTag({ mensalidade }: { mensalidade: Mensalidade }) {
  const desconto = mensalidade.desconto_pontualidade;
  if (!desconto) return null;
  return (
    <span className="text-xs text-green-800" title="Desconto de pontualidade">
      até {diaMes(desconto.ate)} com desconto
    </span>
  );
}
