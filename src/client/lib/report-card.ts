import { useQuery } from '@tanstack/react-query';
import type { ReportCard } from '../../shared/grades.schemas';
import { api, downloadFile, toQuery } from './api-client';

/**
 * The boletim of a student: read on the grades screens and on the student's details (guardians too),
 * so the hooks live here. Guardians get only the published periods of their own children.
 */
export const reportCardKey = (alunoId: string, ano?: number) =>
  ['grades', 'report-card', alunoId, ano ?? ''] as const;

export function useReportCard(alunoId: string, ano?: number) {
  return useQuery({
    queryKey: reportCardKey(alunoId, ano),
    queryFn: () =>
      api<ReportCard>(`/api/boletins/alunos/${alunoId}${toQuery({ ano })}`, { globalErrors: false }),
    enabled: Boolean(alunoId),
  });
}

export function downloadReportCard(alunoId: string, ano?: number) {
  return downloadFile(`/api/boletins/alunos/${alunoId}.pdf${toQuery({ ano })}`, 'boletim.pdf');
}
