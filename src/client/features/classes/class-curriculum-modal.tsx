import { BookOpen, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  diasSemanaLabels,
  frequenciaModoLabels,
  curriculumInputSchema,
  curriculumItemInputSchema,
  type Curriculum,
} from '../../../shared/curriculum.schemas';
import type { SchoolClass } from '../../../shared/classes.schemas';
import { MAX_SUBJECTS_PER_LIST } from '../../../shared/disciplinas.schemas';
import { Button, IconButton } from '../../components/button';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useClassCurriculum } from '../../domain/class-curriculum';
import { subjectChoices, useDisciplinas } from '../../domain/disciplinas.api';
import { useSaveGrade, useTeacherOptions } from './classes.api';

const dayNames = (days: readonly number[]) =>
  days.length === 0 ? 'Dias não definidos' : days.map((day) => diasSemanaLabels[day]).join(', ');

/** The checkboxes hold text; the API takes the weekday numbers. */
const gradeFormSchema = z.object({
  frequencia_modo: curriculumInputSchema.shape.frequencia_modo,
  disciplinas: z
    .array(
      curriculumItemInputSchema.extend({
        professor_id: z.string().transform((value) => (value === '' ? null : value)),
        dias_semana: z.array(z.coerce.number().int().min(1).max(6)).default([]),
      }),
    )
    .max(MAX_SUBJECTS_PER_LIST),
  version: z.number().optional(),
});

/** 'Grade curricular': subjects, teacher, weekly lessons and days of a class; admins edit it. */
export function ClassCurriculumModal({
  turma,
  canWrite,
  onClose,
}: {
  turma: SchoolClass;
  canWrite: boolean;
  onClose: () => void;
}) {
  const grade = useClassCurriculum(turma.id);
  if (grade.isSuccess && canWrite) return <CurriculumForm grade={grade.data} onClose={onClose} />;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Grade curricular — ${turma.nome}`}
      footer={<Button onClick={onClose}>Fechar</Button>}
    >
      {grade.isPending ? (
        <Spinner />
      ) : grade.isError ? (
        <ErrorBanner>Erro ao carregar a grade curricular.</ErrorBanner>
      ) : (
        <CurriculumView grade={grade.data} />
      )}
    </Modal>
  );
}

function CurriculumView({ grade }: { grade: Curriculum }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        <strong>Chamada:</strong> {frequenciaModoLabels[grade.frequencia_modo]} ·{' '}
        <strong>{grade.aulas_semanais}</strong> aulas por semana
      </p>
      {grade.disciplinas.length === 0 ? (
        <EmptyState icon={BookOpen} title="Nenhuma disciplina na grade" hint="A secretaria monta a grade." />
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Disciplinas">
          {grade.disciplinas.map((item) => (
            <li key={item.disciplina} className="px-3 py-2 text-sm">
              <p className="font-medium text-gray-900">
                {item.disciplina}{' '}
                <span className="font-normal text-gray-600">
                  · {item.aulas_semanais} {item.aulas_semanais === 1 ? 'aula' : 'aulas'}/semana
                </span>
              </p>
              <p className="text-gray-600">
                {item.professor?.nome ?? 'Sem professor'} · {dayNames(item.dias_semana)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CurriculumForm({ grade, onClose }: { grade: Curriculum; onClose: () => void }) {
  const save = useSaveGrade();
  const form = useSchemaForm(gradeFormSchema, {
    frequencia_modo: grade.frequencia_modo,
    disciplinas: grade.disciplinas.map((item) => ({
      disciplina: item.disciplina,
      professor_id: item.professor?.id ?? '',
      aulas_semanais: item.aulas_semanais,
      dias_semana: item.dias_semana.map(String),
    })),
    version: grade.version,
  });
  return (
    <FormModal
      title={`Grade curricular — ${grade.turma_nome}`}
      description="Disciplinas da turma, professor de cada uma, aulas por semana e dias. O professor vê a turma em que leciona."
      formId="grade-form"
      submitLabel="Salvar grade"
      size="xl"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({ turmaId: grade.turma_id, input: values });
        toast.success(result.message ?? 'Grade curricular salva');
        onClose();
      })}
    >
      <FormSelect
        name="frequencia_modo"
        label="Chamada"
        options={frequenciaModoLabels}
        hint="Escolha antes da primeira chamada: depois dela o modo fica fixo no ano, para a frequência não misturar dias e aulas."
      />
      <GradeRows />
    </FormModal>
  );
}

type GradeFormInput = z.input<typeof gradeFormSchema>;

function GradeRows() {
  const { control, watch, setValue } = useFormContext<GradeFormInput>();
  const rows = useFieldArray({ control, name: 'disciplinas' });
  const teachers = useTeacherOptions(true);
  const catalogue = useDisciplinas();
  const chosen = watch('disciplinas').map((item) => item.disciplina);
  // The catalogue's active subjects; one already in the grid stays offered even if deactivated since.
  const subjects = subjectChoices(catalogue.data, chosen);
  const free = subjects.filter((name) => !chosen.includes(name));
  const teacherOptions = Object.fromEntries(
    (teachers.data ?? []).map((teacher) => [teacher.id, teacher.nome]),
  );
  return (
    <div className="space-y-3">
      {rows.fields.length > 1 && (teachers.data?.length ?? 0) > 0 && (
        <label className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
          Um professor para todas (Fundamental I):
          <select
            className="min-h-10 rounded-lg border border-gray-300 px-2"
            defaultValue=""
            onChange={(event) => {
              rows.fields.forEach((_, index) =>
                setValue(
                  `disciplinas.${String(index)}.professor_id` as 'disciplinas.0.professor_id',
                  event.target.value,
                ),
              );
            }}
          >
            <option value="">Escolha…</option>
            {teachers.data?.map((teacher) => (
              <option key={teacher.id} value={teacher.id}>
                {teacher.nome}
              </option>
            ))}
          </select>
        </label>
      )}
      {rows.fields.length === 0 && (
        <p className="text-sm text-gray-600">Nenhuma disciplina. Adicione abaixo.</p>
      )}
      <ol className="space-y-3">
        {rows.fields.map((field, index) => {
          const prefix = `disciplinas.${String(index)}`;
          return (
            <li key={field.id} className="rounded-lg border border-gray-200 p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end">
                <FormSelect name={`${prefix}.disciplina`} label="Disciplina">
                  {subjects.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </FormSelect>
                <FormSelect
                  name={`${prefix}.professor_id`}
                  label="Professor"
                  empty="Sem professor"
                  options={teacherOptions}
                />
                <FormInput
                  name={`${prefix}.aulas_semanais`}
                  label="Aulas/semana"
                  type="number"
                  min={1}
                  max={20}
                />
                <IconButton label={`Remover ${field.disciplina}`} onClick={() => rows.remove(index)}>
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                </IconButton>
              </div>
              <fieldset className="mt-2">
                <legend className="text-xs font-medium text-gray-600">Dias da semana</legend>
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {Object.entries(diasSemanaLabels).map(([value, label]) => (
                    <label key={value} className="flex min-h-8 items-center gap-1.5 text-sm text-gray-700">
                      <input
                        type="checkbox"
                        value={value}
                        className="h-4 w-4 rounded border-gray-300"
                        {...control.register(`${prefix}.dias_semana` as 'disciplinas.0.dias_semana')}
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {free.length > 0 && (
        <Button
          variant="secondary"
          onClick={() =>
            rows.append({ disciplina: free[0]!, professor_id: '', aulas_semanais: 2, dias_semana: [] })
          }
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar disciplina
        </Button>
      )}
    </div>
  );
}
