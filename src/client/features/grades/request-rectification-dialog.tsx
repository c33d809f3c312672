import toast from 'react-hot-toast';
import { gradeTextSchema, rectificationRequestInputSchema } from '../../../shared/grades.schemas';
import { FormInput, FormTextArea } from '../../components/form-fields';
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

/** What the server checks of the request; the grade and student come from the cell, not the form. */
const requestFormSchema = rectificationRequestInputSchema
  .pick({ motivo: true })
  .extend({ valor: gradeTextSchema });

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
  const form = useSchemaForm(requestFormSchema, { valor: '', motivo: '' });

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
        toast.success(result.message ?? 'Solicitação de retificação enviada à secretaria.');
        onClose();
      })}
    >
      <p className="text-sm text-gray-700">
        O período está fechado: a secretaria analisa o pedido e aprova ou recusa. A nota só muda depois da
        aprovação, e tudo fica no histórico da nota.
      </p>
      <FormInput
        name="valor"
        label="Nova nota"
        hint={`Atual: ${target.atual ?? 'sem nota'}. Em branco: sem nota.`}
        inputMode={conceitos ? 'text' : 'decimal'}
        autoComplete="off"
      />
      <FormTextArea name="motivo" label="Motivo" required />
    </FormModal>
  );
}
