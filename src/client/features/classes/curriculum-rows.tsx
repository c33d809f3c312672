import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { diasSemanaLabels } from '../../../shared/curriculum.schemas';
import { Button, IconButton } from '../../components/button';
import { FormInput, FormSelect } from '../../components/form-fields';
import { subjectChoices, useDisciplinas } from '../../domain/disciplinas.api';
import { useTeacherOptions } from './classes.api';
import type { GradeFormInput } from './curriculum-form-schema';

/**
 * The grade curricular's subject rows; in Ensino Médio each says its part (FGB or an itinerário).
 * 'Um professor para todas as disciplinas' fills every row's teacher at once — the usual class of
 * Infantil and Fundamental I, but offered at any stage: it is only a shortcut of this form.
 */
export function GradeRows({ medio, nivel }: { medio: boolean; nivel: string }) {
  const { control, watch, setValue } = useFormContext<GradeFormInput>();
  const rows = useFieldArray({ control, name: 'disciplinas' });
  const teachers = useTeacherOptions(true);
  const catalogue = useDisciplinas();
  const chosen = watch('disciplinas').map((item) => item.disciplina);
  const itinerarios = (watch('itinerarios') ?? []).map((item) => item.nome.trim()).filter(Boolean);
  // The catalogue's active subjects of the class's stage (ADR 0127); one already in the grid stays offered
  // even if deactivated since.
  const subjects = subjectChoices(catalogue.data, chosen, nivel);
  const free = subjects.filter((name) => !chosen.includes(name));
  const teacherOptions = Object.fromEntries(
    (teachers.data ?? []).map((teacher) => [teacher.id, teacher.nome]),
  );
  return (
    <div className="space-y-3">
      {rows.fields.length > 1 && (teachers.data?.length ?? 0) > 0 && (
        <label className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
          Um professor para todas as disciplinas:
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
              {medio && (
                <div className="mt-2 sm:max-w-md">
                  <FormSelect
                    name={`${prefix}.itinerario`}
                    label="Parte do currículo"
                    empty="Formação geral básica"
                  >
                    {itinerarios.map((nome) => (
                      <option key={nome} value={nome}>
                        Itinerário: {nome}
                      </option>
                    ))}
                  </FormSelect>
                </div>
              )}
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
            // The row's own Disciplina takes the focus: by default the form focused the first field it
            // had registered for the row, its 'Segunda' checkbox.
            rows.append(
              { disciplina: free[0]!, professor_id: '', aulas_semanais: 2, dias_semana: [], itinerario: '' },
              { focusName: `disciplinas.${String(rows.fields.length)}.disciplina` },
            )
          }
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar disciplina
        </Button>
      )}
      {/* The names come from the school's list: a school missing one (Espanhol, Redação) finds where. */}
      <p className="text-xs text-gray-600">
        Falta uma disciplina, ou o nome é outro? A lista de disciplinas da escola fica em Configurações →
        Acadêmico.
      </p>
    </div>
  );
}
