/** What the Portal do Aluno reads besides the boletim and documents: the student's own attendance, calendar, notices. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StudentAttendance, studentAttendanceSchema } from '../../../shared/attendance.schemas';
import { addDays } from '../../../shared/calendar';
import { type CalendarView, calendarViewSchema } from '../../../shared/calendar.schemas';
import {
  type Comunicado,
  type ComunicadoPage,
  comunicadoPageSchema,
  comunicadoSchema,
} from '../../../shared/comunicados.schemas';
import { todayIso } from '../../../shared/format';
import { api, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const ownAttendance = (alunoId: string) =>
  queryOptions({
    queryKey: [...keyRoots.attendance, 'aluno', alunoId] as const,
    queryFn: () =>
      api<StudentAttendance>(`/api/frequencia/alunos/${alunoId}`, { schema: studentAttendanceSchema }),
  });

/** The next 90 days: what a student plans by. */
const upcoming = () => {
  const de = todayIso();
  const ate = addDays(de, 90);
  return queryOptions({
    queryKey: [...keyRoots.calendar, 'aluno', de] as const,
    queryFn: () =>
      api<CalendarView>(`/api/calendario${toQuery({ de, ate })}`, { schema: calendarViewSchema }),
  });
};

const notices = () =>
  queryOptions({
    queryKey: [...keyRoots.comunicados, 'aluno'] as const,
    queryFn: () => api<ComunicadoPage>('/api/comunicados', { schema: comunicadoPageSchema }),
  });

const notice = (id: string) =>
  queryOptions({
    queryKey: [...keyRoots.comunicados, 'aluno', id] as const,
    queryFn: () => api<Comunicado>(`/api/comunicados/${id}`, { schema: comunicadoSchema }),
  });

export const useOwnAttendance = (alunoId: string) => useQuery(ownAttendance(alunoId));
export const useUpcoming = () => useQuery(upcoming());
export const useNotices = () => useQuery(notices());
export const useNotice = (id: string, open: boolean) => useQuery({ ...notice(id), enabled: open });
