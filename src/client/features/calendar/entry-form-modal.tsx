import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { entryKindLabels, isPublicByDefault } from '../../../shared/calendar';
import {
  calendarEntryInputSchema,
  type CalendarEntry,
  type CalendarEntryInput,
} from '../../../shared/calendar.schemas';
import { FormCheckbox, FormInput, FormSelect, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveCalendarEntry } from './calendar.api';

/** The form holds '' for 'one day'; the shared schema then checks what the server will check. */
const entryFormSchema = z
  .object({
    tipo: z.string(),
    titulo: z.string(),
    descricao: z.string(),
    inicio: z.string(),
    fim: z.string(),
    publico: z.boolean(),
    version: z.number().optional(),
  })
  .transform(({ fim, ...values }) => ({ ...values, ...(fim === '' ? {} : { fim }) }) as CalendarEntryInput)
  .pipe(calendarEntryInputSchema);

/** Adds or edits a holiday, recess, sábado letivo or event of the school calendar. */
export function EntryFormModal({
  entry,
  day,
  onClose,
}: {
  entry: CalendarEntry | null;
  /** A new entry starts on this day. */
  day: string;
  onClose: () => void;
}) {
  const save = useSaveCalendarEntry();
  const form = useSchemaForm(entryFormSchema, {
    tipo: entry?.tipo ?? 'evento',
    titulo: entry?.titulo ?? '',
    descricao: entry?.descricao ?? '',
    inicio: entry?.inicio ?? day,
    fim: entry && entry.fim !== entry.inicio ? entry.fim : '',
    publico: entry?.publico ?? isPublicByDefault('evento'),
    ...(entry ? { version: entry.version } : {}),
  });
  // A new entry is public or internal as its kind usually is, until the person ticks the box themselves.
  const publicoChosen = useRef(entry !== null);
  const tipo = useWatch({ control: form.control, name: 'tipo' });
  useEffect(() => {
    if (!publicoChosen.current) form.setValue('publico', isPublicByDefault(tipo));
  }, [form, tipo]);
  return (
    <FormModal
      title={entry ? 'Editar item do calendário' : 'Novo item do calendário'}
      formId="calendar-entry-form"
      submitLabel="Salvar"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({ id: entry?.id ?? null, input: values });
        toast.success(result.message ?? 'Calendário atualizado');
        onClose();
      })}
    >
      <FormSelect
        name="tipo"
        label="Tipo"
        options={entryKindLabels}
        hint="Feriados e recessos fecham o dia; sábado letivo e reposição o abrem. Os demais são eventos."
      />
      <FormInput name="titulo" label="Título" required maxLength={120} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput name="inicio" label="Início" type="date" required />
        <FormInput name="fim" label="Término" type="date" hint="Vazio: um dia só" />
      </div>
      <FormTextArea name="descricao" label="Descrição" rows={3} maxLength={1000} />
      <FormCheckbox
        name="publico"
        onClick={() => {
          publicoChosen.current = true;
        }}
        label={
          <span>
            Público: aparece no site e para as famílias
            <span className="block text-xs text-gray-500">
              No portal, no site (/calendario) e no calendário assinado. Sem a marca, só professores e
              administradores veem.
            </span>
          </span>
        }
      />
    </FormModal>
  );
}
