import { useMemo } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { rectificationRequestInputSchema } from '../../../shared/rectification-requests.schemas.js';
import { FormCheckbox, FormInput, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useRequestRectification } from './grades.api';

export interface RectificationTarget {
  avaliacaoId: string;
  alunoId: string;
  aluno: string;
  avaliacao: string;
  atual: string | null;
}

/**
 * What the server checks of the request (the grade and student come from the cell, not the form), and
 * one thing more: the field starts from the current grade, and a blank field is not read as 'erase it'.
 * Erasing is its own choice ('Apagar a nota'), so a teacher who only writes the reason never asks for
 * the grade to disappear.
 */
function requestFormSchema(atual: string | null) {
  return z
    .object({
      valor: z.string().trim().max(10, 'Nota inválida'),
      apagar: z.boolean(),
      motivo: rectificationRequestInputSchema.shape.motivo,
    })
    .superRefine((values, context) => {
      if (!values.apagar && values.valor === '')
        context.addIssue({
          code: 'custom',
          path: ['valor'],
          message:
            atual === null
              ? 'Informe a nota pedida'
              : 'Informe a nova nota (para deixar o aluno sem nota, marque “Apagar a nota”)',
        });
    })
    .transform(({ valor, apagar, motivo }) => ({
      valor: apagar ? null : valor,
      motivo,
    }));
}

/** Teachers: a grade of a closed period is corrected by asking the secretary (new value and reason). */
export function RequestRectificationDialog({
  target,
  conceitos,
  onClose,
}: {
  target: RectificationTarget;
  conceitos: boolean;
  onClose: () => void;
}) {
  const request = useRequestRectification();
  const schema = useMemo(() => requestFormSchema(target.atual), [target.atual]);
  const form = useSchemaForm(schema, { valor: target.atual ?? '', apagar: false, motivo: '' });
  const erasing = form.watch('apagar');

  return (
    <FormModal
      title="Solicitar retificação"
      description={`${target.avaliacao} — ${target.aluno}`}
      formId="request-rectification-form"
      submitLabel="Enviar solicitação"
      size="md"
      className="space-y-3"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await request.mutateAsync({
          avaliacao_id: target.avaliacaoId,
          aluno_id: target.alunoId,
          ...values,
        });
        toast.success(result.message ?? 'Solicitação de retificação enviada à coordenação.');
        onClose();
      })}
    >
      <p className="text-sm text-gray-700">
        O período está fechado: a coordenação (ou a direção) analisa o pedido e aprova ou recusa. A nota só
        muda depois da aprovação, e tudo fica no histórico da nota.
      </p>
      {erasing ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Pedido para apagar a nota {target.atual}: o aluno fica sem nota nesta avaliação (diferente de 0).
        </p>
      ) : (
        <FormInput
          name="valor"
          label="Nova nota"
          hint={target.atual === null ? 'Sem nota lançada.' : `Atual: ${target.atual}.`}
          inputMode={conceitos ? 'text' : 'decimal'}
          autoComplete="off"
        />
      )}
      {target.atual !== null && (
        <FormCheckbox name="apagar" label="Apagar a nota (deixar o aluno sem nota nesta avaliação)" />
      )}
      <FormTextArea name="motivo" label="Motivo" required />
    </FormModal>
  );
}
