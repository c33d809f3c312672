import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  priorFrequencySchema,
  priorHoursSchema,
  priorSubjectSchema,
  priorYearInputSchema,
  resultadoAnteriorLabels,
  UFS,
  type PriorYear,
} from '../../../shared/documents.schemas';
import { Button, IconButton } from '../../components/button';
import { FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSavePriorYear } from './documents.api';

/** A number typed the Brazilian way, or nothing: '' is null, not zero. */
const optionalNumberText = (inner: z.ZodNumber) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : Number(text.replace(',', '.'))))
    .pipe(inner.nullable());

/** The inputs hold text; the API takes numbers (and null for what was left blank). */
export const priorYearFormSchema = priorYearInputSchema.extend({
  frequencia: optionalNumberText(priorFrequencySchema),
  disciplinas: z
    .array(
      priorSubjectSchema.extend({
        carga_horaria: optionalNumberText(priorHoursSchema),
      }),
    )
    .min(1, 'Informe ao menos uma disciplina')
    .max(30, 'No máximo 30 disciplinas'),
});
type PriorYearFormInput = z.input<typeof priorYearFormSchema>;

const ufOptions = Object.fromEntries(UFS.map((uf) => [uf, uf]));
const emptySubject = { disciplina: '', nota: '', resultado: 'aprovado' as const, carga_horaria: '' };

/** A year at a previous school, typed in once from its papers, for the histórico escolar. */
export function PriorYearFormModal({
  alunoId,
  year,
  onClose,
}: {
  alunoId: string;
  year: PriorYear | null;
  onClose: () => void;
}) {
  const save = useSavePriorYear(alunoId);
  const form = useSchemaForm(priorYearFormSchema, {
    ano: year?.ano ?? new Date().getFullYear() - 1,
    serie: year?.serie ?? '',
    escola: year?.escola ?? '',
    cidade: year?.cidade ?? '',
    uf: (year?.uf as PriorYearFormInput['uf'] | undefined) ?? 'SP',
    resultado: year?.resultado ?? 'aprovado',
    frequencia: year?.frequencia === null || !year ? '' : String(year.frequencia).replace('.', ','),
    observacoes: year?.observacoes ?? '',
    disciplinas: year
      ? year.disciplinas.map((subject) => ({
          ...subject,
          carga_horaria: subject.carga_horaria === null ? '' : String(subject.carga_horaria),
        }))
      : [emptySubject],
    ...(year ? { version: year.version } : {}),
  });
  return (
    <FormModal
      title={year ? `Ano anterior: ${String(year.ano)}` : 'Registrar ano em outra escola'}
      description="Copie dos documentos da escola de origem (histórico ou boletim final). Estes anos entram no histórico escolar."
      formId="prior-year-form"
      submitLabel="Salvar"
      size="xl"
      form={form}
      onClose={onClose}
      className="grid gap-4 sm:grid-cols-6"
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({ id: year?.id ?? null, input: values });
        toast.success(result.message ?? 'Ano anterior salvo');
        onClose();
      })}
    >
      <div className="sm:col-span-1">
        <FormInput name="ano" label="Ano" type="number" inputMode="numeric" required />
      </div>
      <div className="sm:col-span-2">
        <FormInput name="serie" label="Série / ano" placeholder="2º ano" required />
      </div>
      <div className="sm:col-span-3">
        <FormInput name="escola" label="Escola" required />
      </div>
      <div className="sm:col-span-3">
        <FormInput name="cidade" label="Cidade" required />
      </div>
      <div className="sm:col-span-1">
        <FormSelect name="uf" label="UF" options={ufOptions} />
      </div>
      <div className="sm:col-span-2">
        <FormSelect name="resultado" label="Resultado final" options={resultadoAnteriorLabels} />
      </div>
      <div className="sm:col-span-2">
        <FormInput name="frequencia" label="Frequência (%)" inputMode="decimal" placeholder="95,5" />
      </div>
      <div className="sm:col-span-4">
        <FormInput name="observacoes" label="Observações" />
      </div>
      <div className="sm:col-span-full">
        <SubjectRows />
      </div>
    </FormModal>
  );
}

function SubjectRows() {
  const { control, formState } = useFormContext<PriorYearFormInput>();
  const rows = useFieldArray({ control, name: 'disciplinas' });
  const listError = formState.errors.disciplinas?.root?.message ?? formState.errors.disciplinas?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-gray-800">Disciplinas</legend>
      {listError && (
        <p className="text-sm text-red-600" role="alert">
          {listError}
        </p>
      )}
      <ol className="space-y-3">
        {rows.fields.map((field, index) => {
          const prefix = `disciplinas.${String(index)}`;
          return (
            <li key={field.id} className="rounded-lg border border-gray-200 p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_7rem_9rem_6rem_auto] sm:items-end">
                <FormInput name={`${prefix}.disciplina`} label="Disciplina" required />
                <FormInput name={`${prefix}.nota`} label="Nota" placeholder="8,5 ou B" required />
                <FormSelect
                  name={`${prefix}.resultado`}
                  label="Resultado"
                  options={resultadoAnteriorLabels}
                />
                <FormInput name={`${prefix}.carga_horaria`} label="C.H. (h)" inputMode="numeric" />
                <IconButton
                  label={`Remover disciplina ${String(index + 1)}`}
                  onClick={() => rows.remove(index)}
                  disabled={rows.fields.length === 1}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                </IconButton>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        onClick={() => rows.append(emptySubject)}
        disabled={rows.fields.length >= 30}
      >
        <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar disciplina
      </Button>
    </fieldset>
  );
}
