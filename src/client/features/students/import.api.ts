import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importResultSchema, type ImportResult } from '../../../shared/importacao.schemas';
import { apiWithMessage, downloadFile } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/** A school's 300 students with new guardian accounts take tens of seconds on a small server. */
const APPLY_TIMEOUT_MS = 5 * 60_000;

export function downloadImportTemplate(format: 'csv' | 'xlsx') {
  return downloadFile(`/api/importacao/alunos/modelo?format=${format}`, `modelo-importacao-alunos.${format}`);
}

/** `POST /api/importacao/alunos` (`simular`: the dry run); the file goes in the field `arquivo`. */
export function useImportStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, simular }: { file: File; simular: boolean }) => {
      const body = new FormData();
      body.append('arquivo', file);
      return apiWithMessage<ImportResult>(`/api/importacao/alunos${simular ? '?simular=1' : ''}`, {
        method: 'POST',
        body,
        globalErrors: false,
        schema: importResultSchema,
        timeoutMs: APPLY_TIMEOUT_MS,
      });
    },
    onSuccess: (_result, { simular }) => {
      if (simular) return;
      void queryClient.invalidateQueries({ queryKey: keyRoots.students });
      void queryClient.invalidateQueries({ queryKey: keyRoots.classes });
      void queryClient.invalidateQueries({ queryKey: keyRoots.guardians });
    },
  });
}
