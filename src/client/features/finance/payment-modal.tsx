import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  formaPagamentoLabels,
  formasPagamento,
  referenciaCobranca,
  registrarPagamentoInputSchema,
  type FormaPagamento,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatDate, todayIso } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { moneyText } from '../../../shared/validators';
import { FormInput, FormSelect } from '../../components/form-fields';
import { MoneyField } from '../../components/form-groups';
import { FormModal } from '../../components/form-modal';
import { randomId } from '../../lib/random-id';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCotacao, useRegisterPayment } from './finance.api';
import { centavosToInput } from './finance-ui';

const schema = registrarPagamentoInputSchema.extend({
  valor_pago: moneyText('Informe um valor positivo, por exemplo 850,00.'),
  data_pagamento: registrarPagamentoInputSchema.shape.data_pagamento.refine(
    (value) => value <= todayIso(),
    'A data do pagamento não pode estar no futuro.',
  ),
  // No default: a payment taken at the desk in cash, left on a preset 'PIX', was recorded as PIX.
  forma: z.enum(formasPagamento, { error: 'Escolha a forma de pagamento.' }),
});

/** 'Registrar pagamento': the amount due on the chosen date, with multa and juros when late. */
export function PaymentModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const today = todayIso();
  const register = useRegisterPayment();
  const form = useSchemaForm(schema, {
    data_pagamento: today,
    valor_pago: '',
    forma: '' as FormaPagamento,
  });
  const [data, valor] = useWatch({ control: form.control, name: ['data_pagamento', 'valor_pago'] });
  const cotacao = useCotacao(mensalidade.id, data);
  const due = cotacao.data;
  const centavos = parseReais(valor);

  // 'Registrar' clicked again after an answer lost on the school's Wi-Fi sends the same key, and the server
  // answers as the first time instead of recording the payment twice; a payment changed in the form
  // is another request, with a key of its own.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (values: object) => {
    const body = JSON.stringify(values);
    if (sent.current?.body !== body) sent.current = { body, key: randomId() };
    return sent.current.key;
  };

  // A new date brings a new quote: the amount follows it unless the user typed another.
  const quoted = useRef('');
  const { setValue, getValues } = form;
  useEffect(() => {
    if (!due) return;
    const current = getValues('valor_pago');
    if (current === '' || current === quoted.current) {
      quoted.current = centavosToInput(due.total);
      setValue('valor_pago', quoted.current);
    }
  }, [due, setValue, getValues]);

  return (
    <FormModal
      title="Registrar pagamento"
      description={`${mensalidade.aluno_nome} · ${referenciaCobranca(mensalidade)} · vence em ${formatDate(mensalidade.data_vencimento)}`}
      formId="payment-form"
      submitLabel="Registrar"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await register.mutateAsync({ id: mensalidade.id, key: keyFor(values), ...values });
        toast.success(result.message ?? 'Pagamento registrado com sucesso!');
        onClose();
      })}
    >
      <FormInput name="data_pagamento" label="Data do pagamento" type="date" max={today} required />
      {due && (
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-3 text-sm"
          aria-label="Valor devido"
        >
          <dt className="text-gray-600">Principal em aberto</dt>
          <dd className="text-right">{formatCentavos(due.principal)}</dd>
          {due.desconto_ate && (
            <>
              <dt className="text-gray-600">
                Desconto de pontualidade (até {formatDate(due.desconto_ate).slice(0, 5)})
              </dt>
              <dd className="text-right text-green-800" data-testid="cotacao-desconto">
                {due.desconto ? `− ${formatCentavos(due.desconto)}` : 'fora do prazo'}
              </dd>
            </>
          )}
          <dt className="text-gray-600">Multa{due.dias_atraso > 0 ? '' : ' (em dia)'}</dt>
          <dd className="text-right" data-testid="cotacao-multa">
            {formatCentavos(due.multa)}
          </dd>
          <dt className="text-gray-600">
            Juros ({due.dias_atraso} {due.dias_atraso === 1 ? 'dia' : 'dias'} de atraso)
          </dt>
          <dd className="text-right" data-testid="cotacao-juros">
            {formatCentavos(due.juros)}
          </dd>
          <dt className="font-semibold text-gray-900">Total atualizado</dt>
          <dd className="text-right font-semibold" data-testid="cotacao-total">
            {formatCentavos(due.total)}
          </dd>
        </dl>
      )}
      <MoneyField
        name="valor_pago"
        label="Valor pago (R$)"
        hint={
          due && centavos !== null && centavos < due.total
            ? `Valor menor que o devido: será registrado um pagamento parcial e o restante continua em aberto${due.desconto ? ' (o desconto de pontualidade vale só para o valor inteiro)' : ''}.`
            : undefined
        }
      />
      <FormSelect
        name="forma"
        label="Forma de pagamento"
        empty="Selecione"
        options={formaPagamentoLabels}
        required
      />
    </FormModal>
  );
}
