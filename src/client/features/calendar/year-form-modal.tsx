import { useEffect, useRef } from 'react';
import { AlertTriangle } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  classifyDays,
  countLetivos,
  daysInRange,
  isIsoDate,
  MIN_DIAS_LETIVOS,
} from '../../../shared/calendar';
import {
  JULY_RECESS_TITLE,
  julyRecessOf,
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
import { formatDate } from '../../../shared/format';
import { useCalendar, useSaveSchoolYear } from './calendar.api';

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

type YearFormInput = z.input<typeof yearFormSchema>;

/**
 * The dates a new year's form starts with, for year `ano`: classes from early February to mid December,
 * the recess in the second half of July.
 */
const yearDefaults = (ano: number) => ({
  inicio: `${String(ano)}-02-02`,
  fim: `${String(ano)}-12-11`,
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

/** Whole dates of a range the calendar can be asked for (≤ 400 days, the end after the start). */
function rangeOf(inicio: string, fim: string): { de: string; ate: string } | null {
  if (!isIsoDate(inicio) || !isIsoDate(fim) || fim <= inicio || daysInRange(inicio, fim) > 400) return null;
  return { de: inicio, ate: fim };
}

/**
 * 'Incluir recesso de julho' (a new year): on by default, with its dates (the second half of July,
 * following the year). Unticked by itself when the calendar already has a recess over those days.
 */
function RecessFields() {
  const { watch, setValue } = useFormContext<YearFormInput>();
  const [incluir, inicio, fim, recessStart, recessEnd] = watch([
    'recesso.incluir',
    'inicio',
    'fim',
    'recesso.inicio',
    'recesso.fim',
  ]);
  const range = rangeOf(inicio, fim);
  const calendar = useCalendar(range?.de ?? '', range?.ate ?? '', range !== null);
  const existing = calendar.data?.eventos.find(
    (entry) => entry.tipo === 'recesso' && entry.inicio <= recessEnd && entry.fim >= recessStart,
  );
  // Once per recess found: ticking the box again is the user's choice (the server then names the clash).
  const unticked = useRef<string | null>(null);
  const existingId = existing?.id ?? null;
  useEffect(() => {
    if (existingId === null || unticked.current === existingId) return;
    unticked.current = existingId;
    setValue('recesso.incluir', false);
  }, [existingId, setValue]);
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
      <legend className="sr-only">Recesso de julho</legend>
      <FormCheckbox
        name="recesso.incluir"
        label="Incluir recesso de julho (entra no calendário como recesso: esses dias não são letivos)"
      />
      {existing && (
        <p className="text-sm text-gray-700">
          O calendário já tem “{existing.titulo}” de {formatDate(existing.inicio)} a{' '}
          {formatDate(existing.fim)}.
        </p>
      )}
      {incluir && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormInput name="recesso.inicio" label="Início do recesso" type="date" required />
          <FormInput name="recesso.fim" label="Fim do recesso" type="date" required />
        </div>
      )}
    </fieldset>
  );
}

/**
 * The dias letivos the year will have with the dates on the form: national holidays, the calendar's
 * items and the recess proposed taken out, as the server counts them — and the LDB warning below 200.
 */
function DaysPreview() {
  const { watch } = useFormContext<YearFormInput>();
  const [inicio, fim, incluir, recessStart, recessEnd] = watch([
    'inicio',
    'fim',
    'recesso.incluir',
    'recesso.inicio',
    'recesso.fim',
  ]);
  const range = rangeOf(inicio, fim);
  const calendar = useCalendar(range?.de ?? '', range?.ate ?? '', range !== null);
  if (!range || !calendar.data) return null;
  const recess =
    incluir && isIsoDate(recessStart) && isIsoDate(recessEnd) && recessStart <= recessEnd
      ? [{ tipo: 'recesso' as const, titulo: JULY_RECESS_TITLE, inicio: recessStart, fim: recessEnd }]
      : [];
  const days = classifyDays(
    range.de,
    range.ate,
    [...calendar.data.eventos, ...recess],
    [{ inicio: range.de, fim: range.ate }],
  );
  const total = countLetivos(days, range.de, range.ate);
  const short = total < MIN_DIAS_LETIVOS;
  return (
    <p
      data-testid="dias-letivos-previstos"
      aria-live="polite"
      className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${short ? 'bg-yellow-50 text-yellow-900' : 'bg-gray-50 text-gray-800'}`}
    >
      {short && <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-yellow-600" aria-hidden="true" />}
      <span>
        Com estas datas: <strong>{total} dias letivos</strong> (mínimo {MIN_DIAS_LETIVOS}), sem os feriados
        {recess.length > 0 ? ', o recesso' : ''} e os itens do calendário.
        {short &&
          ` Abaixo do mínimo da LDB (art. 24, I): estenda as datas${recess.length > 0 ? ', encurte o recesso' : ''} ou acrescente sábados letivos e reposições depois.`}
      </span>
    </p>
  );
}

/** A date the form fills from the year's (not typed): read-only, and it looks it. */
const fixedDate = 'bg-gray-100! text-gray-600!';

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
                className={index === 0 ? fixedDate : ''}
                hint={index === 0 ? 'O início do ano letivo' : undefined}
              />
              <FormInput
                name={`periodos.${String(index)}.fim`}
                label="Fim"
                type="date"
                required
                readOnly={index === periods.fields.length - 1}
                className={index === periods.fields.length - 1 ? fixedDate : ''}
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
