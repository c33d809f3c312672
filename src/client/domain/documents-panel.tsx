/**
 * A student's documents as the student (Portal do Aluno) or the family (Documentos) sees them: the
 * declarations they may issue at once, and every document issued about the student, to download.
 */
import toast from 'react-hot-toast';
import { documentoTipoLabels, selfServiceTipos } from '../../shared/documents.schemas';
import { formatDate } from '../../shared/format';
import { Button } from '../components/button';
import { ErrorBanner, Spinner } from '../components/feedback';
import { ApiError } from '../lib/api-client';
import { downloadDocument, useIssueDocument, useStudentDocuments } from './documents.api';

export function DocumentsPanel({
  alunoId,
  title = 'Meus documentos',
  hint = 'Outros documentos, peça na secretaria.',
}: {
  alunoId: string;
  /** The list's heading: 'Meus documentos' (the student), 'Documentos de Ana' (the family). */
  title?: string;
  hint?: string;
}) {
  const documents = useStudentDocuments(alunoId);
  const issue = useIssueDocument(alunoId);
  return (
    <div className="space-y-4">
      <section className="rounded-xl border border-gray-200 bg-white p-4" aria-label="Emitir declaração">
        <h2 className="font-semibold text-gray-900">Emitir declaração</h2>
        <p className="mt-1 text-sm text-gray-600">
          A declaração sai na hora, em PDF, com código de validação. {hint}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {selfServiceTipos.map((tipo) => (
            <Button
              key={tipo}
              variant="secondary"
              loading={issue.isPending && issue.variables === tipo}
              aria-disabled={issue.isPending}
              onClick={() =>
                issue.mutate(tipo, {
                  onSuccess: () => toast.success('Declaração emitida.'),
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.message : 'Erro ao emitir a declaração'),
                })
              }
            >
              {documentoTipoLabels[tipo]}
            </Button>
          ))}
        </div>
      </section>
      <section className="rounded-xl border border-gray-200 bg-white p-4" aria-label={title}>
        <h2 className="font-semibold text-gray-900">{title}</h2>
        {documents.isPending ? (
          <Spinner label="Carregando documentos..." />
        ) : documents.isError ? (
          <ErrorBanner>Não foi possível carregar os documentos.</ErrorBanner>
        ) : documents.data.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">Nenhum documento emitido ainda.</p>
        ) : (
          <ul className="divide-y divide-gray-100 text-sm">
            {documents.data.map((document) => (
              <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="block font-medium text-gray-900">
                    {documentoTipoLabels[document.tipo]}
                  </span>
                  <span className="text-gray-600">
                    {formatDate(document.emitido_em)} · código{' '}
                    <span className="whitespace-nowrap">{document.codigo}</span>
                  </span>
                  {document.status === 'revogado' && (
                    <span className="block text-red-700">
                      Sem validade
                      {document.revogado_em && ` desde ${formatDate(document.revogado_em)}`}
                      {document.motivo_revogacao && `: ${document.motivo_revogacao}`}
                    </span>
                  )}
                </span>
                {document.status === 'valido' && (
                  <Button
                    variant="secondary"
                    aria-label={`Baixar PDF: ${documentoTipoLabels[document.tipo]} ${document.codigo}`}
                    onClick={() => {
                      downloadDocument(document.id).catch(() => toast.error('Erro ao baixar o documento'));
                    }}
                  >
                    Baixar PDF
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
