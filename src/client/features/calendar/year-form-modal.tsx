import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  periodCounts,
  periodName,
  periodTypeLabels,
  schoolYearInputSchema,
  type PeriodType,
  type SchoolYear,
  type SchoolYearInput,
} from '../../../shared/calendar.schemas';
import { FormCheckbox, FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveSchoolYear } from './calendar.api';

/** 'Dividir automaticamente' leaves the periods to the server (equal parts by dias letivos). */
const yearFormSchema = z
  .object({
    ano: z.union([z.string(), z.number()]),
    inicio: z.string(),
    fim: z.string(),
    tipo_periodo: z.string(),
    automatico: z.boolean(),
    periodos: z.array(z.object({ inicio: z.string(), fim: z.string(), data_fechamento: z.string() })),
    version: z.number().optional(),
  })
  .transform(
    ({ automatico, periodos, ...values }) =>
      ({ ...values, ...(automatico ? {} : { periodos }) }) as SchoolYearInput,
  )
  .pipe(schoolYearInputSchema);

type YearFormInput = z.input<typeof yearFormSchema>;

/** The dates a new year's form starts with, for year `ano` (from early February to mid December). */
export const yearDefaults = (ano: number) => ({
  inicio: `${String(ano)}-02-02`,
  fim: `${String(ano)}-12-11`,
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
  const form = useSchemaForm(yearFormSchema, {
    ano: year?.ano ?? ano,
    inicio: year?.inicio ?? yearDefaults(ano).inicio,
    fim: year?.fim ?? yearDefaults(ano).fim,
    tipo_periodo: year?.tipo_periodo ?? 'bimestre',
    automatico: !year,
    periodos:
      year?.periodos.map(({ inicio, fim, data_fechamento }) => ({ inicio, fim, data_fechamento })) ?? [],
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
      <PeriodRows />
    </FormModal>
  );
}

/**
 * The periods typed by hand. The first starts on the year's first day and the last ends on its last
 * (the schema's rule): those two dates follow the year's and are not typed. Unticking the automatic
 * split puts the focus on the first date to type — the 1st period's end —, not on the last row added.
 */
function PeriodRows() {
  const { control, watch, getValues, setValue, setFocus } = useFormContext<YearFormInput>();
  const periods = useFieldArray({ control, name: 'periodos' });
  const automatico = watch('automatico');
  const tipo = watch('tipo_periodo') as PeriodType;
  const inicio = watch('inicio');
  const fim = watch('fim');
  const count = periodCounts[tipo];
  const wasAutomatic = useRef(automatico);
  const focusPending = useRef(false);
  // The rows follow the division: 4 bimestres, 3 trimestres, 2 semestres.
  useEffect(() => {
    if (wasAutomatic.current && !automatico) focusPending.current = true;
    wasAutomatic.current = automatico;
    if (automatico) return;
    const length = getValues('periodos').length;
    if (length < count)
      periods.append(
        Array.from({ length: count - length }, () => ({ inicio: '', fim: '', data_fechamento: '' })),
        { shouldFocus: false },
      );
    else if (length > count)
      periods.remove(Array.from({ length: length - count }, (_, index) => count + index));
  }, [automatico, count, getValues, periods]);
  const rows = periods.fields.length;
  // The first period's start and the last one's end are the year's; a row that stopped being the last
  // (bimestres instead of semestres) loses the year's end it had.
  useEffect(() => {
    if (automatico || rows !== count) return;
    const current = getValues('periodos');
    if (current[0]?.inicio !== inicio) setValue('periodos.0.inicio', inicio);
    current.forEach((row, index) => {
      if (index < count - 1 && row.fim !== '' && row.fim === fim) setValue(`periodos.${index}.fim`, '');
    });
    if (current[count - 1]?.fim !== fim) setValue(`periodos.${count - 1}.fim`, fim);
  }, [automatico, rows, count, inicio, fim, getValues, setValue]);
  useEffect(() => {
    if (automatico || rows !== count || !focusPending.current) return;
    focusPending.current = false;
    setFocus('periodos.0.fim');
  }, [automatico, rows, count, setFocus]);
  if (automatico) return null;
  return (
    <>
      <p className="text-sm text-gray-600">
        Um dia letivo entre dois períodos (por exemplo, uma semana de julho que não foi marcada como recesso
        no calendário) conta no período anterior e fecha com ele. Um período fechado não muda de datas, nem
        ganha ou perde dias pelo início do seguinte: reabra-o em Notas antes, se for mesmo preciso.
      </p>
      <ol className="space-y-3">
        {periods.fields.map((field, index) => (
          <li key={field.id} className="rounded-lg border border-gray-200 p-3">
            <p className="mb-2 text-sm font-semibold text-gray-800">{periodName(tipo, index + 1)}</p>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormInput
                name={`periodos.${String(index)}.inicio`}
                label="Início"
                type="date"
                required
                readOnly={index === 0}
                hint={index === 0 ? 'O início do ano letivo' : undefined}
              />
              <FormInput
                name={`periodos.${String(index)}.fim`}
                label="Fim"
                type="date"
                required
                readOnly={index === periods.fields.length - 1}
                hint={index === periods.fields.length - 1 ? 'O fim do ano letivo' : undefined}
              />
              <FormInput
                name={`periodos.${String(index)}.data_fechamento`}
                label="Fechamento"
                type="date"
                required
                hint="Depois dele só o administrador altera a chamada"
              />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
