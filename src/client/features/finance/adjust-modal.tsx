import toast from 'react-hot-toast';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  cancelarMensalidadeInputSchema,
  referenciaCobranca,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas';
import { formatCentavos } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { FormSelect, FormTextArea } from '../../components/form-fields';
import { MoneyField } from '../../components/form-groups';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAdjustMensalidade, useNotaEmitida } from './finance.api';

const schema = z
  .object({
    kind: z.enum(['desconto', 'cancelar']),
    desconto: z.string(),
    motivo: cancelarMensalidadeInputSchema.shape.motivo,
  })
  .transform(({ kind, desconto, motivo }, context) => {
    if (kind === 'cancelar') return { kind, motivo, desconto: 0 };
    const centavos = parseReais(desconto);
    if (centavos === null) {
      context.addIssue({
        code: 'custom',
        path: ['desconto'],
        message: 'Informe o desconto em reais, por exemplo 100,00.',
      });
      return z.NEVER;
    }
    return { kind, motivo, desconto: centavos };
  });

/**
 * Cancel a tuition or grant a discount on it, always with a reason (audited). Cancelling one whose NFS-e
 * is issued says the note stays issued, for the Direção to cancel.
 */
export function AdjustModal({ mensalidade, onClose }: { mensalidade: Mensalidade; onClose: () => void }) {
  const adjust = useAdjustMensalidade();
  const form = useSchemaForm(schema, {
    // The harmless action first: cancelling is chosen on purpose, never one reason away (UX review 2026-12-03).
    kind: 'desconto',
    desconto: '',
    motivo: '',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const nota = useNotaEmitida(mensalidade, kind === 'cancelar');

  return (
    <FormModal
      title="Cancelar ou conceder desconto"
      description={`${mensalidade.aluno_nome} · ${referenciaCobranca(mensalidade)} · ${formatCentavos(mensalidade.valor_original)}`}
      formId="adjust-form"
      submitLabel={kind === 'cancelar' ? 'Cancelar mensalidade' : 'Aplicar desconto'}
      submitVariant={kind === 'cancelar' ? 'danger' : 'primary'}
      cancelLabel="Voltar"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await adjust.mutateAsync({ id: mensalidade.id, ...values });
        toast.success(result.message ?? 'Mensalidade atualizada.');
        onClose();
      })}
    >
      <FormSelect name="kind" label="Ação">
        <option value="desconto">Conceder desconto</option>
        <option value="cancelar" disabled={mensalidade.principal_pago > 0}>
          Cancelar mensalidade
        </option>
      </FormSelect>
      {kind === 'desconto' && (
        <MoneyField name="desconto" label="Desconto total sobre o valor original (R$)" />
      )}
      {kind === 'cancelar' && nota.data && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {nota.data.numero ? `A NFS-e nº ${nota.data.numero}` : 'A NFS-e'} desta mensalidade já foi emitida e
          continua válida depois do cancelamento: a Direção deve cancelá-la em Notas fiscais.
        </p>
      )}
      <FormTextArea name="motivo" label="Motivo" required rows={3} />
    </FormModal>
  );
}
