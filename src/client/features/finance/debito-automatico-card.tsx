/**
 * One child's 'Débito automático via Pix' (issue 33 §3, ADR 0044), for the family: not asked (what it is
 * and the request), waiting for the authorisation in the bank app (the QR), active (the ceiling, the next
 * debit, cancel), or ended (why) with the request again.
 */
import type { DebitoAutomatico, Recorrencia } from '../../../shared/pix-automatico.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { Badge, type BadgeTone } from '../../components/feedback';
import { AutorizarNoBanco } from './debito-automatico-autorizar';
import { CancelarDebito } from './debito-automatico-cancelar';
import { PedirDebito } from './debito-automatico-pedir';

export const statusDebito: Record<Recorrencia['status'], { label: string; tone: BadgeTone }> = {
  aguardando: { label: 'Aguardando autorização', tone: 'yellow' },
  ativa: { label: 'Ativo', tone: 'green' },
  rejeitada: { label: 'Recusado no banco', tone: 'gray' },
  cancelada: { label: 'Cancelado', tone: 'gray' },
  expirada: { label: 'Expirado', tone: 'gray' },
};

/** Live: waiting for the authorisation or active. */
export const vivo = (recorrencia: Recorrencia | null | undefined): recorrencia is Recorrencia =>
  recorrencia?.status === 'aguardando' || recorrencia?.status === 'ativa';

/** Shown to the family: offered by the school, or still live (so it can be cancelled). */
export const visivel = (debito: DebitoAutomatico | undefined): boolean =>
  debito !== undefined && (debito.disponivel || vivo(debito.recorrencia));

/** The month's debit already scheduled at the bank (the soonest), if any. */
export function proximoDebito(recorrencia: Recorrencia): Recorrencia['cobrancas'][number] | undefined {
  return recorrencia.cobrancas
    .filter((cobranca) => cobranca.status === 'ativa')
    .sort((a, b) => a.data_vencimento.localeCompare(b.data_vencimento))[0];
}

/** Whose bank account it debits, as the reader is told: theirs, or the guardian's who asked. */
export const daConta = (recorrencia: Recorrencia) =>
  recorrencia.pedido_por_voce ? 'da sua conta' : `da conta de ${recorrencia.pedido_por}`;

function encerrado(recorrencia: Recorrencia): string {
  const voce = recorrencia.pedido_por_voce ? 'por você' : `por ${recorrencia.pedido_por}`;
  if (recorrencia.status === 'rejeitada') return 'A autorização foi recusada no app do banco.';
  if (recorrencia.status === 'expirada') return 'O pedido expirou sem autorização no banco.';
  const por =
    recorrencia.encerrada_por === 'escola'
      ? 'pela escola'
      : recorrencia.encerrada_por === 'banco'
        ? 'no app do banco'
        : voce;
  return `O débito automático foi cancelado ${por}.`;
}

/** What is true now: waiting for whom, active with its ceiling and next debit, or ended and why. */
export function EstadoDebito({ recorrencia }: { recorrencia: Recorrencia }) {
  const proximo = proximoDebito(recorrencia);
  const falhou = recorrencia.cobrancas.find((cobranca) => cobranca.status === 'expirada');
  const ultimo = recorrencia.cobrancas[0];
  const retirado = ultimo?.status === 'retirada' ? ultimo : undefined;
  if (recorrencia.status === 'aguardando')
    return (
      <p className="text-sm text-gray-700">
        {recorrencia.pedido_por_voce
          ? 'Pedido feito; falta autorizar no app do banco.'
          : `Pedido feito por ${recorrencia.pedido_por}; falta a autorização no app do banco.`}
      </p>
    );
  if (recorrencia.status !== 'ativa')
    return <p className="text-sm text-gray-700">{encerrado(recorrencia)}</p>;
  return (
    <div className="space-y-1 text-sm text-gray-700">
      <p>
        As mensalidades são debitadas {daConta(recorrencia)} no vencimento, até{' '}
        {formatCentavos(recorrencia.valor_maximo)} por mês.
      </p>
      <p data-testid="proximo-debito" className="font-medium text-gray-900">
        {proximo
          ? `Próximo débito: ${formatCentavos(proximo.valor)} em ${formatDate(proximo.data_vencimento)}.`
          : 'O próximo débito é agendado de 2 a 10 dias antes do vencimento.'}
      </p>
      {retirado && (
        <p data-testid="debito-retirado" className="text-gray-700">
          O débito de {formatCentavos(retirado.valor)} em {formatDate(retirado.data_vencimento)} foi cancelado
          pela escola no banco, porque a mensalidade mudou (paga, cancelada ou com desconto). O que ainda
          estiver em aberto se paga pelo Pix da mensalidade.
        </p>
      )}
      {ultimo?.status === 'nao_enviada' && (
        <p data-testid="debito-nao-enviado" className="text-amber-800">
          O débito de {formatDate(ultimo.data_vencimento)} não foi aceito pelo banco e não será feito; a
          mensalidade continua em aberto para pagar pelo Pix.
        </p>
      )}
      {falhou && falhou === ultimo && (
        <p className="text-amber-800">
          O débito de {formatDate(falhou.data_vencimento)} não passou; a mensalidade continua em aberto para
          pagar pelo Pix.
        </p>
      )}
    </div>
  );
}

export function DebitoAutomaticoCard({
  aluno,
  debito,
  sugestao,
}: {
  aluno: { id: string; nome: string };
  debito: DebitoAutomatico;
  sugestao: number | null;
}) {
  const { recorrencia } = debito;
  const titleId = `debito-${aluno.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="debito-automatico"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-medium text-gray-900">
          {aluno.nome}
        </h3>
        {recorrencia && (
          <Badge tone={statusDebito[recorrencia.status].tone}>{statusDebito[recorrencia.status].label}</Badge>
        )}
      </div>
      <div aria-live="polite" className="space-y-3">
        {recorrencia?.status === 'aguardando' && recorrencia.pedido_por_voce ? (
          <AutorizarNoBanco recorrencia={recorrencia} />
        ) : (
          recorrencia && <EstadoDebito recorrencia={recorrencia} />
        )}
        {!vivo(recorrencia) && debito.disponivel && <PedirDebito aluno={aluno} sugestao={sugestao} />}
      </div>
      {vivo(recorrencia) &&
        (recorrencia.pedido_por_voce ? (
          <CancelarDebito aluno={aluno} pedido={recorrencia.status === 'aguardando'} />
        ) : (
          <p className="text-sm text-gray-600">
            Só {recorrencia.pedido_por}, que pediu o débito, ou a secretaria da escola podem cancelá-lo.
          </p>
        ))}
    </article>
  );
}
