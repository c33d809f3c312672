/** The school year's periods (bimestres, trimestres…) with their dates, in the year form. */
import { useEffect, useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { periodCounts, periodName, type PeriodType } from '../../../shared/calendar.schemas';
import { FormInput } from '../../components/form-fields';
import type { YearFormInput } from './year-form-modal';

/** A date the form fills from the year's (not typed): read-only, and it looks it. */
const fixedDate = 'bg-gray-100! text-gray-600!';
/**
 * The periods typed by hand. The first starts on the year's first day and the last ends on its last
 * (the schema's rule): those two dates follow the year's and are not typed. Unticking the automatic
 * split puts the focus on the first date to type — the 1st period's end —, not on the last row added.
 */
export function PeriodRows() {
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
