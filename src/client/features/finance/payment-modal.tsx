import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  formaPagamentoLabels,
  formasPagamento,
  formatMesReferencia,
  type FormaPagamento,
  type Mensalidade,
} from '../../../shared/finance.schemas';
import { formatCentavos, formatDate, todayIso } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useCotacao, useRegisterPayment } from './finance.api';
import { centavosToInput } from './finance-ui';

/** 'Registrar pagamento': the amount due on the chosen date, with multa and juros when late. */
export function PaymentModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const today = todayIso();
  const [data, setData] = useState(today);
  const [valor, setValor] = useState<string | null>(null);
  const [forma, setForma] = useState<FormaPagamento>('pix');
  const [error, setError] = useState<string | null>(null);
  const cotacao = useCotacao(mensalidade.id, data);
  const register = useRegisterPayment();
  const shownValor = valor ?? (cotacao.data ? centavosToInput(cotacao.data.total) : '');
  const centavos = parseReais(shownValor);

  const handleSubmit = (event: React.SyntheticEvent) => {
    event.preventDefault();
    setError(null);
    if (centavos === null || centavos <= 0) {
      setError('Informe um valor positivo, por exemplo 850,00.');
      return;
    }
    if (data > today) {
      setError('A data do pagamento não pode estar no futuro.');
      return;
    }
    register.mutate(
      { id: mensalidade.id, valor_pago: centavos, data_pagamento: data, forma },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Pagamento registrado com sucesso!');
          onClose();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'Erro ao registrar pagamento'),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={register.isPending}
      title="Registrar pagamento"
      description={`${mensalidade.aluno_nome} · ${formatMesReferencia(mensalidade.mes_referencia)} · vence em ${formatDate(mensalidade.data_vencimento)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={register.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="payment-form" loading={register.isPending}>
            Registrar
          </Button>
        </>
      }
    >
      <form id="payment-form" onSubmit={handleSubmit} noValidate className="space-y-4">
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <InputField
          label="Data do pagamento"
          type="date"
          max={today}
          required
          value={data}
          onChange={(event) => {
            setData(event.target.value);
            setValor(null);
          }}
        />
        {cotacao.data && (
          <dl
            className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-3 text-sm"
            aria-label="Valor devido"
          >
            <dt className="text-gray-600">Principal em aberto</dt>
            <dd className="text-right">{formatCentavos(cotacao.data.principal)}</dd>
            <dt className="text-gray-600">Multa{cotacao.data.dias_atraso > 0 ? '' : ' (em dia)'}</dt>
            <dd className="text-right" data-testid="cotacao-multa">
              {formatCentavos(cotacao.data.multa)}
            </dd>
            <dt className="text-gray-600">
              Juros ({cotacao.data.dias_atraso} {cotacao.data.dias_atraso === 1 ? 'dia' : 'dias'} de atraso)
            </dt>
            <dd className="text-right" data-testid="cotacao-juros">
              {formatCentavos(cotacao.data.juros)}
            </dd>
            <dt className="font-semibold text-gray-900">Total atualizado</dt>
            <dd className="text-right font-semibold" data-testid="cotacao-total">
              {formatCentavos(cotacao.data.total)}
            </dd>
          </dl>
        )}
        <InputField
          label="Valor pago (R$)"
          inputMode="decimal"
          required
          value={shownValor}
          onChange={(event) => setValor(event.target.value)}
          hint={
            cotacao.data && centavos !== null && centavos < cotacao.data.total
              ? 'Valor menor que o devido: será registrado um pagamento parcial e o restante continua em aberto.'
              : undefined
          }
        />
        <SelectField
          label="Forma de pagamento"
          value={forma}
          onChange={(event) => setForma(event.target.value as FormaPagamento)}
        >
          {formasPagamento.map((value) => (
            <option key={value} value={value}>
              {formaPagamentoLabels[value]}
            </option>
          ))}
        </SelectField>
      </form>
    </Modal>
  );
}
