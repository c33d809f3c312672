import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  type CalendarEntry,
  type CalendarEntryInput,
  type CalendarView,
  type PublicCalendar,
  type SchoolYear,
  type SchoolYearInput,
  schoolYearSchema,
  calendarViewSchema,
  publicCalendarSchema,
} from '../../../shared/calendar.schemas';
import { api, apiWithMessage, toQuery } from '../../lib/api-client';
import { schoolYearsKey } from '../../domain/school-years';
import { keyRoots } from '../../lib/query-keys';

/** Query keys of the school year and the calendar; every write invalidates `calendarKeys.all`. */
export const calendarKeys = {
  all: keyRoots.calendar,
  years: () => schoolYearsKey,
  year: (id: string) => [...calendarKeys.all, 'years', id] as const,
  range: (de: string, ate: string) => [...calendarKeys.all, 'range', de, ate] as const,
  public: (de?: string, ate?: string) => [...calendarKeys.all, 'public', de ?? '', ate ?? ''] as const,
};

export const schoolYearQuery = (id: string | null) =>
  queryOptions({
    queryKey: calendarKeys.year(id ?? ''),
    queryFn: () =>
      api<SchoolYear>(`/api/anos-letivos/${id ?? ''}`, { schema: schoolYearSchema, globalErrors: false }),
    enabled: id !== null,
  });

export function useSchoolYear(id: string | null) {
  return useQuery(schoolYearQuery(id));
}

/** Days (with their kind), the school's entries and the national holidays of a range (≤ 400 days). */
export const calendarQuery = (de: string, ate: string, enabled = true) =>
  queryOptions({
    queryKey: calendarKeys.range(de, ate),
    queryFn: () =>
      api<CalendarView>(`/api/calendario${toQuery({ de, ate })}`, {
        schema: calendarViewSchema,
        globalErrors: false,
      }),
    enabled,
  });

export function useCalendar(de: string, ate: string, enabled = true) {
  return useQuery(calendarQuery(de, ate, enabled));
}

/** The public page /calendario (no session). */
export const publicCalendarQuery = (de?: string, ate?: string) =>
  queryOptions({
    queryKey: calendarKeys.public(de, ate),
    queryFn: () =>
      api<PublicCalendar>(`/api/calendario/publico${toQuery({ de, ate })}`, {
        schema: publicCalendarSchema,
        globalErrors: false,
      }),
  });

export function usePublicCalendar(de?: string, ate?: string) {
  return useQuery(publicCalendarQuery(de, ate));
}

/** The iCalendar feed a family subscribes to (webcal:// + host + this path works in most apps). */
export const CALENDAR_FEED_PATH = '/calendario.ics';

function useInvalidateCalendar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calendarKeys.all });
}

export function useSaveSchoolYear() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SchoolYearInput }) =>
      apiWithMessage<SchoolYear>(id ? `/api/anos-letivos/${id}` : '/api/anos-letivos', {
        method: id ? 'PUT' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteSchoolYear() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/anos-letivos/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: invalidate,
  });
}

export function useSaveCalendarEntry() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CalendarEntryInput }) =>
      apiWithMessage<CalendarEntry>(id ? `/api/calendario/${id}` : '/api/calendario', {
        method: id ? 'PUT' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteCalendarEntry() {
  const invalidate = useInvalidateCalendar();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/calendario/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: invalidate,
  });
}
