import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SchoolYear, schoolYearSchema } from '../../shared/calendar.schemas';
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
