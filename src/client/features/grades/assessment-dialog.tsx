import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  assessmentUpdateSchema,
  tipoAvaliacaoLabels,
  tiposAvaliacao,
  type Assessment,
} from '../../../shared/assessments.schemas.js';
import { weekdayNames, weekdayOf } from '../../../shared/calendar';
import { todayIso } from '../../../shared/format';
import { FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCreateAssessment, useUpdateAssessment } from './grades.api';

/** What the server checks (name, date, weight 0,1–10), plus the kind of a new avaliação. */
const assessmentFormSchema = assessmentUpdateSchema
  .omit({ version: true })
  .extend({ tipo: z.enum(tiposAvaliacao, { error: 'Tipo inválido' }) });

/** The date, with a word when it falls on a weekend (the form starts on today, a Saturday too). */
function AssessmentDate() {
  const data = useWatch({ name: 'data' }) as string;
  const weekday = /^\d{4}-\d{2}-\d{2}$/.test(data) ? weekdayOf(data) : null;
  const weekend = weekday === 0 || weekday === 6 ? weekdayNames[weekday] : null;
  return (
    <FormInput
      name="data"
      label="Data"
      type="date"
      required
      {...(weekend ? { hint: `Esta data é um ${weekend}: confira o dia da avaliação.` } : {})}
    />
  );
}

/** Creates or edits an avaliação of a class's subject in a period. */
export function AssessmentDialog({
  assessment,
  target,
  onClose,
}: {
  assessment: Assessment | null;
  target: { turma_id: string; disciplina: string; periodo_id: string };
  onClose: () => void;
}) {
  const create = useCreateAssessment();
  const update = useUpdateAssessment();
  const form = useSchemaForm(assessmentFormSchema, {
    nome: assessment?.nome ?? '',
    data: assessment?.data ?? todayIso(),
    peso: assessment ? String(assessment.peso).replace('.', ',') : '1',
    tipo: assessment?.tipo ?? 'regular',
  });
  return (
    <FormModal
      title={assessment ? 'Editar avaliação' : 'Nova avaliação'}
      description={`${target.disciplina}. A média do período é a média ponderada pelos pesos.`}
      formId="assessment-form"
      submitLabel="Salvar"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ tipo, ...values }) => {
        const result = assessment
          ? await update.mutateAsync({ id: assessment.id, input: { ...values, version: assessment.version } })
          : await create.mutateAsync({ ...target, ...values, tipo });
        toast.success(result.message ?? 'Avaliação salva.');
        onClose();
      })}
    >
      <FormInput name="nome" label="Nome" required maxLength={120} placeholder="Prova 1" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AssessmentDate />
        <FormInput name="peso" label="Peso" inputMode="decimal" required hint="De 0,1 a 10" />
      </div>
      {!assessment && (
        <FormSelect
          name="tipo"
          label="Tipo"
          options={tipoAvaliacaoLabels}
          hint="A recuperação do período entra na média pela regra da escola."
        />
      )}
    </FormModal>
  );
}
