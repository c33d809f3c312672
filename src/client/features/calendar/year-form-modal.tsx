import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  julyRecessOf,
  periodTypeLabels,
  proposedYearDates,
  schoolYearInputSchema,
  type SchoolYear,
  type SchoolYearInput,
} from '../../../shared/calendar.schemas';
import { FormCheckbox, FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveSchoolYear } from './calendar.api';
import { RecessFields, DaysPreview } from './year-form-recess';
import { PeriodRows } from './year-form-periods';

/** 'Dividir automaticamente' leaves the periods to the server (equal parts by dias letivos). */
const yearFormSchema = z
  .object({
    ano: z.union([z.string(), z.number()]),
    inicio: z.string(),
    fim: z.string(),
    tipo_periodo: z.string(),
    automatico: z.boolean(),
    periodos: z.array(z.object({ inicio: z.string(), fim: z.string(), data_fechamento: z.string() })),
    /** 'Incluir recesso de julho' (a new year only): created with the year as a calendar entry. */
    recesso: z.object({ incluir: z.boolean(), inicio: z.string(), fim: z.string() }),
    version: z.number().optional(),
  })
  .transform(
    ({ automatico, periodos, recesso: { incluir, ...recesso }, ...values }) =>
      ({
        ...values,
        ...(automatico ? {} : { periodos }),
        ...(incluir ? { recesso } : {}),
      }) as SchoolYearInput,
  )
  .pipe(schoolYearInputSchema);

export type YearFormInput = z.input<typeof yearFormSchema>;

/**
 * The dates a new year's form starts with, for year `ano`: classes from early February to mid December,
 * on school days (proposedYearDates), the recess in the second half of July.
 */
const yearDefaults = (ano: number) => ({
  ...proposedYearDates(ano),
  'recesso.inicio': julyRecessOf(ano).inicio,
  'recesso.fim': julyRecessOf(ano).fim,
});

const validYear = (value: unknown): number | null => {
  const ano = Number(value);
  return Number.isInteger(ano) && ano >= 2000 && ano <= 2100 ? ano : null;
};

/**
 * A new year's default dates follow the year typed (2026 → 2027 moves 02/02/2026 to 02/02/2027) until
 * the user changes one: a date that is no longer its default for the previous year stays as typed.
 */
function DefaultDatesFollowYear({ start }: { start: number }) {
  const { watch, getValues, setValue } = useFormContext<YearFormInput>();
  const ano = validYear(watch('ano'));
  const previous = useRef(start);
  useEffect(() => {
    if (ano === null || ano === previous.current) return;
    const before = yearDefaults(previous.current);
    const after = yearDefaults(ano);
    for (const field of Object.keys(after) as (keyof typeof after)[])
      if (getValues(field) === before[field]) setValue(field, after[field], { shouldValidate: false });
    previous.current = ano;
  }, [ano, getValues, setValue]);
  return null;
}

/** Opens or edits an ano letivo and its periods (bimestres by default). */
export function YearFormModal({
  year,
  ano,
  onClose,
}: {
  year: SchoolYear | null;
  /** A new year starts as this one. */
  ano: number;
  onClose: () => void;
}) {
  const save = useSaveSchoolYear();
  const defaults = yearDefaults(ano);
  const form = useSchemaForm(yearFormSchema, {
    ano: year?.ano ?? ano,
    inicio: year?.inicio ?? defaults.inicio,
    fim: year?.fim ?? defaults.fim,
    tipo_periodo: year?.tipo_periodo ?? 'bimestre',
    automatico: !year,
    periodos:
      year?.periodos.map(({ inicio, fim, data_fechamento }) => ({ inicio, fim, data_fechamento })) ?? [],
    // Proposed with a new year (the recess of an existing one is an item of the calendar).
    recesso: { incluir: !year, inicio: defaults['recesso.inicio'], fim: defaults['recesso.fim'] },
    ...(year ? { version: year.version } : {}),
  });
  return (
    <FormModal
      title={year ? `Ano letivo ${String(year.ano)}` : 'Novo ano letivo'}
      description="O ano letivo precisa de ao menos 200 dias letivos (LDB art. 24, I). Feriados nacionais entram sozinhos."
      formId="school-year-form"
      submitLabel="Salvar ano letivo"
      size="lg"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({ id: year?.id ?? null, input: values });
        toast.success(result.message ?? 'Ano letivo salvo');
        onClose();
      })}
    >
      {!year && <DefaultDatesFollowYear start={ano} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormInput name="ano" label="Ano" type="number" required readOnly={year !== null} />
        <FormInput name="inicio" label="Início das aulas" type="date" required />
        <FormInput name="fim" label="Fim das aulas" type="date" required />
      </div>
      <FormSelect name="tipo_periodo" label="Divisão do ano" options={periodTypeLabels} />
      <FormCheckbox
        name="automatico"
        label="Dividir automaticamente (partes iguais de dias letivos; fechamento 7 dias após o fim)"
      />
      {!year && <RecessFields />}
      <DaysPreview />
      <PeriodRows />
    </FormModal>
  );
}
