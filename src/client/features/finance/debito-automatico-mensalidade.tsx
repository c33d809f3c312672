/**
 * Pix Automático on one tuition's 'Pagar com Pix' dialog: for the family, that this month goes by
 * automatic debit ('Débito automático agendado para dd/mm', so they do not pay twice); for the staff, the
 * student's automatic debit (state, ceiling, next debit) and 'Cancelar débito automático'.
 */
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import type { Recorrencia } from '../../../shared/pix-automatico.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { Badge } from '../../components/feedback';
import { useDebitoAutomatico } from './debito-automatico.api';
import { daConta, EstadoDebito, statusDebito, vivo } from './debito-automatico-card';
import { CancelarDebito } from './debito-automatico-cancelar';

const ddmm = (iso: string) => formatDate(iso).slice(0, 5);

/** The month's debit already scheduled at the bank, for the family's and the school's cards. */
function agendadoDe(recorrencia: Recorrencia | null | undefined, mensalidadeId: string) {
  return recorrencia?.cobrancas.find(
    (cobranca) => cobranca.mensalidade_id === mensalidadeId && cobranca.status === 'ativa',
  );
}

/** The month's debit scheduled at the bank, with its recurrence; null when it goes by Pix. */
export function useDebitoAgendado(mensalidade: Mensalidade) {
  const recorrencia = useDebitoAutomatico(mensalidade.aluno_id).data?.recorrencia;
  const agendado = agendadoDe(recorrencia, mensalidade.id);
  return recorrencia && agendado ? { recorrencia, agendado } : null;
}

/** On the family's card of an open month: that it goes by automatic debit, so it is not paid twice. */
export function DebitoAgendadoLinha({
  debito: { recorrencia, agendado },
}: {
  debito: NonNullable<ReturnType<typeof useDebitoAgendado>>;
}) {
  return (
    <p data-testid="debito-agendado-linha" className="font-medium text-green-800">
      Débito automático agendado para {ddmm(agendado.data_vencimento)} ({daConta(recorrencia)}): não é preciso
      pagar pelo Pix.
    </p>
  );
}

export function DebitoNaMensalidade({ mensalidade, staff }: { mensalidade: Mensalidade; staff: boolean }) {
  const debito = useDebitoAutomatico(mensalidade.aluno_id);
  const recorrencia = debito.data?.recorrencia;
  if (!recorrencia) return null;
  const agendado = agendadoDe(recorrencia, mensalidade.id);
  const aviso = agendado && (
    <p
      role="status"
      data-testid="debito-agendado"
      className="rounded-lg border border-green-200 bg-green-50 p-3 text-left text-sm text-green-900"
    >
      <span className="font-medium">Débito automático agendado para {ddmm(agendado.data_vencimento)}.</span>{' '}
      {staff
        ? `${formatCentavos(agendado.valor)} serão debitados ${daConta(recorrencia)} no vencimento.`
        : `${formatCentavos(agendado.valor)} serão debitados ${daConta(recorrencia)} no vencimento: não é preciso pagar por este código. Se pagar por ele agora, a escola cancela o débito deste mês no banco.`}
    </p>
  );
  if (!staff) return aviso ?? null;
  return (
    <div
      data-testid="debito-automatico-escola"
      className="space-y-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-left text-sm"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-gray-900">Débito automático via Pix</span>
        <Badge tone={statusDebito[recorrencia.status].tone}>{statusDebito[recorrencia.status].label}</Badge>
      </p>
      <EstadoDebito recorrencia={recorrencia} />
      {aviso}
      {vivo(recorrencia) && (
        <CancelarDebito
          aluno={{ id: mensalidade.aluno_id, nome: mensalidade.aluno_nome }}
          pedido={recorrencia.status === 'aguardando'}
          escola={{ daConta: daConta(recorrencia) }}
        />
      )}
    </div>
  );
}
