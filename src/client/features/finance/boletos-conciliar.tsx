/** The retorno lines no boleto took (issue 36 §1): kept until a person says what was done. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { CheckCircle2 } from 'lucide-react';
import type { CnabNaoEncontrado } from '../../../shared/cnab.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { useConciliarLinha } from './boletos.api';
import { Card } from './boletos-card';

function AConciliarRow({ item }: { item: CnabNaoEncontrado }) {
  const conciliar = useConciliarLinha();
  const [observacao, setObservacao] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-gray-900">
          Nosso número {item.nosso_numero} · {item.ocorrencia_texto}
        </p>
        {item.valor_pago > 0 && (
          <span className="font-medium tabular-nums">{formatCentavos(item.valor_pago)}</span>
        )}
      </div>
      <p className="text-sm text-gray-600">
        {item.data_ocorrencia ? `${formatDate(item.data_ocorrencia)} · ` : ''}linha {item.linha} ·{' '}
        {item.motivo}
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          conciliar.mutate(
            { id: item.id, observacao },
            {
              onSuccess: (answer) => toast.success(answer.message ?? 'Linha conciliada.'),
              onError: (failure) => setError(failure.message),
            },
          );
        }}
      >
        <div className="min-w-0 flex-1">
          <InputField
            label="O que foi feito"
            value={observacao}
            onChange={(event) => setObservacao(event.target.value)}
            placeholder="Ex.: pago em dinheiro na secretaria; valor devolvido"
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          loading={conciliar.isPending}
          disabled={observacao.trim().length < 3}
        >
          Marcar como conciliada
        </Button>
      </form>
      {error && <ErrorBanner>{error}</ErrorBanner>}
    </li>
  );
}

export function AConciliarCard({ itens }: { itens: CnabNaoEncontrado[] }) {
  return (
    <Card
      id="cnab-conciliar-titulo"
      title={`Linhas do retorno a conciliar (${itens.length.toLocaleString('pt-BR')})`}
    >
      {itens.length === 0 ? (
        <EmptyState
          icon={CheckCircle2}
          title="Nenhuma linha a conciliar"
          hint="Toda linha dos retornos encontrou o seu boleto."
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {itens.map((item) => (
            <AConciliarRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Card>
  );
}
