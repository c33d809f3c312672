/** A student's issued documents, shared by the student's record (staff, family) and the Portal do Aluno. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentoTipo, IssuedDocument } from '../../shared/documents.schemas';
import { apiWithMessage, downloadFile } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

export const documentsKey = (alunoId: string) => [...keyRoots.documents, alunoId] as const;

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
