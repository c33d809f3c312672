/** A student's issued documents, shared by the student's record (staff, family) and the Portal do Aluno. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentoTipo,
  type IssuedDocument,
  type SchoolDocument,
  documentSchema,
} from '../../shared/documents.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

export const documentsKey = (alunoId: string) => [...keyRoots.documents, alunoId] as const;

/** The documents issued about a student (the family's children, the student themselves). */
const studentDocuments = (alunoId: string) =>
  queryOptions({
    queryKey: documentsKey(alunoId),
    queryFn: () =>
      api<SchoolDocument[]>(`/api/documentos${toQuery({ aluno_id: alunoId })}`, {
        schema: documentSchema.array(),
      }),
  });

export const useStudentDocuments = (alunoId: string) => useQuery(studentDocuments(alunoId));

export function downloadDocument(id: string) {
  return downloadFile(`/api/documentos/${id}/pdf`, 'documento.pdf');
}

/** Issues and then downloads the PDF at once: the family, the student or the secretaria has it in hand. */
export function useIssueDocument(alunoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tipo: DocumentoTipo) => {
      const issued = await apiWithMessage<IssuedDocument>('/api/documentos', {
        method: 'POST',
        body: { aluno_id: alunoId, tipo },
        globalErrors: false,
      });
      await queryClient.invalidateQueries({ queryKey: documentsKey(alunoId) });
      await downloadDocument(issued.data.id);
      return issued;
    },
  });
}
