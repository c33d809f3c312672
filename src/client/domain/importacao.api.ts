import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  importFileColumnsSchema,
  importProgressSchema,
  type ImportFileColumns,
  type ImportKind,
  type ImportProgress,
} from '../../shared/importacao.kinds';
import { importResultSchema, type ImportResult } from '../../shared/importacao.schemas';
import { api, apiWithMessage, downloadFile } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

/** A school's 300 students with new guardian accounts take tens of seconds on a small server. */
const APPLY_TIMEOUT_MS = 5 * 60_000;

/** What each import refreshes once applied. */
const refreshed: Record<ImportKind, (readonly string[])[]> = {
  alunos: [keyRoots.students, keyRoots.classes, keyRoots.guardians],
  professores: [keyRoots.teachers],
  turmas: [keyRoots.classes, keyRoots.teachers],
};

export function downloadImportTemplate(kind: ImportKind, format: 'csv' | 'xlsx') {
  return downloadFile(
    `/api/importacao/${kind}/modelo?format=${format}`,
    `modelo-importacao-${kind}.${format}`,
  );
}

function formOf(file: File, mapeamento: Record<string, string> | null): FormData {
  const body = new FormData();
  if (mapeamento) body.append('mapeamento', JSON.stringify(mapeamento));
  body.append('arquivo', file);
  return body;
}

/** `POST /api/importacao/{kind}/colunas`: the file's headers and the suggested mapping. */
export function fetchFileColumns(kind: ImportKind, file: File): Promise<ImportFileColumns> {
  return api<ImportFileColumns>(`/api/importacao/${kind}/colunas`, {
    method: 'POST',
    body: formOf(file, null),
    globalErrors: false,
    schema: importFileColumnsSchema,
  });
}

/** `GET /api/importacao/progresso/:id`: the rows of a running apply written so far. */
export function fetchImportProgress(id: string): Promise<ImportProgress> {
  return api<ImportProgress>(`/api/importacao/progresso/${id}`, {
    globalErrors: false,
    schema: importProgressSchema,
  });
}

export interface ImportRequest {
  file: File;
  simular: boolean;
  mapeamento: Record<string, string> | null;
  progresso?: string;
}

/** `POST /api/importacao/{kind}` (`simular`: the dry run); the file goes in the field `arquivo`. */
export function useImportFile(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, simular, mapeamento, progresso }: ImportRequest) => {
      const query = new URLSearchParams();
      if (simular) query.set('simular', '1');
      if (progresso) query.set('progresso', progresso);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      return apiWithMessage<ImportResult>(`/api/importacao/${kind}${search}`, {
        method: 'POST',
        body: formOf(file, mapeamento),
        globalErrors: false,
        schema: importResultSchema,
        timeoutMs: APPLY_TIMEOUT_MS,
      });
    },
    onSuccess: (_result, { simular }) => {
      if (simular) return;
      for (const queryKey of refreshed[kind]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
