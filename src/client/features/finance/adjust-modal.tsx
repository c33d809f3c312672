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
import { centavosToInput } from './finance-ui';

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
    // The discount is the whole of it on the original value: it starts from the one already given (a bolsa).
    desconto:
      mensalidade.valor < mensalidade.valor_original
        ? centavosToInput(mensalidade.valor_original - mensalidade.valor)
        : '',
    motivo: '',
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const desconto = parseReais(useWatch({ control: form.control, name: 'desconto' }));
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
        <MoneyField
          name="desconto"
          label="Desconto total sobre o valor original (R$)"
          hint={resultado(mensalidade, desconto)}
        />
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

/** Today's value and what the discount typed makes of it: one above today's undoes a bolsa or a discount. */
function resultado(mensalidade: Mensalidade, desconto: number | null): string {
  const motivo = mensalidade.motivo_desconto ? ` (${mensalidade.motivo_desconto})` : '';
  const hoje = `Hoje: ${formatCentavos(mensalidade.valor)}${motivo}.`;
  if (desconto === null || desconto > mensalidade.valor_original) return hoje;
  const novo = mensalidade.valor_original - desconto;
  return `${hoje} Com este desconto: ${formatCentavos(novo)}${novo > mensalidade.valor ? ' — mais do que hoje' : ''}.`;
}
