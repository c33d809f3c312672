import toast from 'react-hot-toast';
import {
  categoriasDespesa,
  categoriasReceita,
  transacaoInputSchema,
  type Transacao,
  type TransacaoTipo,
} from '../../../shared/finance.schemas';
import { formaPagamentoLabels } from '../../../shared/mensalidades.schemas';
import { todayIso } from '../../../shared/format';
import { moneyText } from '../../../shared/validators';
import { FormInput, FormSelect } from '../../components/form-fields';
import { MoneyField } from '../../components/form-groups';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveTransaction } from './finance.api';
import { centavosToInput } from './finance-ui';

const schema = transacaoInputSchema.omit({ version: true }).extend({ valor: moneyText() });

/** 'Nova Receita' / 'Nova Despesa' and their edit form. */
export function TransacaoFormModal({
  tipo,
  transacao,
  onClose,
}: {
  tipo: TransacaoTipo;
  transacao: Transacao | null;
  onClose: () => void;
}) {
  const save = useSaveTransaction();
  const categorias = tipo === 'receita' ? categoriasReceita : categoriasDespesa;
  const label = tipo === 'receita' ? 'Receita' : 'Despesa';
  const form = useSchemaForm(schema, {
    tipo,
    descricao: transacao?.descricao ?? '',
    categoria: transacao?.categoria ?? categorias[0] ?? 'Outros',
    valor: transacao ? centavosToInput(transacao.valor) : '',
    data: transacao?.data ?? todayIso(),
    forma_pagamento: transacao ? transacao.forma_pagamento : 'pix',
    status: transacao?.status ?? 'pago',
  });
  // An old entry may carry a category no longer offered: it stays selectable.
  const options = [...new Set([...categorias, transacao?.categoria ?? categorias[0] ?? 'Outros'])];

  return (
    <FormModal
      title={transacao ? `Editar ${label}` : `Nova ${label}`}
      formId="transacao-form"
      submitLabel="Salvar"
      size="md"
      className="grid gap-4 sm:grid-cols-2"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({
          ...(transacao ? { id: transacao.id } : {}),
          input: { ...values, ...(transacao ? { version: transacao.version } : {}) },
        });
        toast.success(result.message ?? `${label} salva!`);
        onClose();
      })}
    >
      <div className="sm:col-span-2">
        <FormInput name="descricao" label="Descrição" required />
      </div>
      <FormSelect
        name="categoria"
        label="Categoria"
        options={Object.fromEntries(options.map((value) => [value, value]))}
      />
      <MoneyField name="valor" label="Valor (R$)" />
      <FormInput name="data" label="Data" type="date" required />
      <FormSelect
        name="forma_pagamento"
        label="Forma"
        empty="Não informada"
        emptyAsNull
        options={formaPagamentoLabels}
      />
      <FormSelect name="status" label="Status" options={{ pago: 'Pago', pendente: 'Pendente' }} />
    </FormModal>
  );
}
