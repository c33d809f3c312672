/**
 * Pix Automático on one tuition's 'Pagar com PIX' dialog: for the family, that this month goes by
 * automatic debit ('Débito automático agendado para dd/mm', so they do not pay twice); for the staff, the
 * student's automatic debit (state, ceiling, next debit) and 'Cancelar débito automático'.
 */
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { Badge } from '../../components/feedback';
import { useDebitoAutomatico } from './debito-automatico.api';
import { EstadoDebito, statusDebito, vivo } from './debito-automatico-card';
import { CancelarDebito } from './debito-automatico-cancelar';

const ddmm = (iso: string) => formatDate(iso).slice(0, 5);

export function DebitoNaMensalidade({ mensalidade, staff }: { mensalidade: Mensalidade; staff: boolean }) {
  const debito = useDebitoAutomatico(mensalidade.aluno_id);
  const recorrencia = debito.data?.recorrencia;
  if (!recorrencia) return null;
  const agendado = recorrencia.cobrancas.find(
    (cobranca) => cobranca.mensalidade_id === mensalidade.id && cobranca.status === 'ativa',
  );
  const aviso = agendado && (
    <p
      role="status"
      data-testid="debito-agendado"
      className="rounded-lg border border-green-200 bg-green-50 p-3 text-left text-sm text-green-900"
    >
      <span className="font-medium">Débito automático agendado para {ddmm(agendado.data_vencimento)}.</span>{' '}
      {staff
        ? `${formatCentavos(agendado.valor)} serão debitados da conta da família no vencimento.`
        : `${formatCentavos(agendado.valor)} serão debitados da sua conta no vencimento: não é preciso pagar por este código.`}
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
          escola
        />
      )}
    </div>
  );
}
