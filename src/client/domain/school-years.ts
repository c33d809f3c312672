import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SchoolYear, schoolYearSchema } from '../../shared/calendar.schemas';
import { classesStartNotice } from '../../shared/school-year-focus';
import { api } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/**
 * The school years: opened and edited in the Calendário, read by the roll screen (a date outside every
 * year), so the query lives here rather than in either feature. Under the Calendário's key
 * (`calendarKeys.all`): its writes refresh the roll screen too.
 */
export const schoolYearsKey = [...keyRoots.calendar, 'years'] as const;

export const schoolYearsQuery = () =>
  queryOptions({
    queryKey: schoolYearsKey,
    queryFn: () =>
      api<SchoolYear[]>('/api/anos-letivos', { schema: schoolYearSchema.array(), globalErrors: false }),
  });

export function useSchoolYears() {
  return useQuery(schoolYearsQuery());
}

/**
 * Between two school years (today in none of them): 'As aulas de 2027 começam em 01/02/2027'. Null
 * within a year, or with none ahead.
 */
export function useNextYearStart(today: string): string | null {
  const years = useSchoolYears().data ?? [];
  if (years.some((year) => year.inicio <= today && today <= year.fim)) return null;
  const next = years.filter((year) => year.inicio > today).sort((a, b) => a.ano - b.ano)[0];
  return next ? classesStartNotice(next, today) : null;
}
