/** The school year's recess and the preview of its school days, in the year form. */
import { useEffect, useRef } from 'react';
import { AlertTriangle } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import {
  classifyDays,
  countLetivos,
  daysInRange,
  isIsoDate,
  MIN_DIAS_LETIVOS,
} from '../../../shared/calendar';
import { JULY_RECESS_TITLE } from '../../../shared/calendar.schemas';
import { FormCheckbox, FormInput } from '../../components/form-fields';
import { formatDate } from '../../../shared/format';
import { useCalendar } from './calendar.api';
import type { YearFormInput } from './year-form-modal';

/** Whole dates of a range the calendar can be asked for (≤ 400 days, the end after the start). */
function rangeOf(inicio: string, fim: string): { de: string; ate: string } | null {
  if (!isIsoDate(inicio) || !isIsoDate(fim) || fim <= inicio || daysInRange(inicio, fim) > 400) return null;
  return { de: inicio, ate: fim };
}
/**
 * 'Incluir recesso de julho' (a new year): on by default, with its dates (the second half of July,
 * following the year). Unticked by itself when the calendar already has a recess over those days.
 */
export function RecessFields() {
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
export function DaysPreview() {
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
