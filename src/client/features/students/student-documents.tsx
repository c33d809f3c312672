import { useState } from 'react';
import toast from 'react-hot-toast';
import { Ban, Download, ExternalLink, FileText } from 'lucide-react';
import {
  documentoOrigemLabels,
  documentoTipoLabels,
  documentoTipos,
  revokeDocumentInputSchema,
  selfServiceTipos,
  type DocumentoTipo,
  type SchoolDocument,
} from '../../../shared/documents.schemas';
import { formatDate, formatDateTime } from '../../../shared/format';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { FormInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { ApiError } from '../../lib/api-client';
import { useRowDialog } from '../../lib/use-row-dialog';
import { useSchemaForm } from '../../lib/use-schema-form';
import { downloadDocument, useIssueDocument } from '../../domain/documents.api';
import { useDocuments, useRevokeDocument } from './documents.api';

/**
 * Documents whose issue states a fact the school must mean: asked before issuing. The transfer's day is
 * the one the PDF prints: the recorded exit for a transferred student, the issue date otherwise.
 */
function confirmationOf(tipo: DocumentoTipo, transferidoEm: string | null): string | null {
  if (tipo !== 'declaracao_transferencia') return null;
  const quando = transferidoEm ? `em ${formatDate(transferidoEm)}, data da saída` : 'nesta data (hoje)';
  return `A declaração atesta que a transferência foi concedida ${quando}, e que o histórico escolar será expedido em até 30 dias.`;
}

const columns: Column<SchoolDocument>[] = [
  {
    id: 'tipo',
    header: 'Documento',
    card: 'title',
    cell: (doc) => (
      <span>
        <span className="font-medium text-gray-900">{documentoTipoLabels[doc.tipo]}</span>
        {doc.origem === 'portal' && (
          <span className="block text-xs text-gray-500">{documentoOrigemLabels.portal}</span>
        )}
      </span>
    ),
  },
  {
    id: 'codigo',
    header: 'Código',
    cell: (doc) => <span className="font-mono text-xs">{doc.codigo}</span>,
  },
  { id: 'emitido_em', header: 'Emitido em', cell: (doc) => formatDateTime(doc.emitido_em) },
  {
    id: 'status',
    header: 'Situação',
    card: 'badge',
    cell: (doc) =>
      doc.status === 'valido' ? (
        <Badge tone="green">Válido</Badge>
      ) : (
        <span title={doc.motivo_revogacao ?? undefined}>
          <Badge tone="red">Revogado em {formatDate(doc.revogado_em)}</Badge>
        </span>
      ),
  },
];

/**
 * The student's documents: issue a declaration or the histórico (a guardian only the self-service
 * declarations, at once), download any issued one, open its public check, and (admin) revoke it.
 */
export function StudentDocuments({
  alunoId,
  studentName,
  canManage,
  transferidoEm = null,
}: {
  alunoId: string;
  studentName: string;
  canManage: boolean;
  /** A transferred student's exit day (the declaration says the transfer was granted on it). */
  transferidoEm?: string | null;
}) {
  const documents = useDocuments(alunoId);
  const issue = useIssueDocument(alunoId);
  const [asking, setAsking] = useState<DocumentoTipo | null>(null);
  const [issuing, setIssuing] = useState<DocumentoTipo | null>(null);
  const dialog = useRowDialog<{ revoke: SchoolDocument }>();
  const tipos: readonly DocumentoTipo[] = canManage ? documentoTipos : selfServiceTipos;

  const handleIssue = async (tipo: DocumentoTipo) => {
    setAsking(null);
    setIssuing(tipo);
    try {
      await issue.mutateAsync(tipo);
      toast.success(`Documento emitido: ${documentoTipoLabels[tipo]}. O PDF foi baixado.`);
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : 'Erro ao emitir o documento');
    } finally {
      setIssuing(null);
    }
  };
  const handleDownload = (doc: SchoolDocument) => {
    downloadDocument(doc.id).catch(() => toast.error('Erro ao baixar o documento'));
  };

  return (
    <section aria-labelledby={`documentos-${alunoId}`} className="space-y-3">
      <h3 id={`documentos-${alunoId}`} className="text-sm font-semibold text-gray-800">
        Documentos
      </h3>
      <p className="text-sm text-gray-600">
        {canManage
          ? 'Cada documento sai em PDF com a identificação da escola, a assinatura da direção e um código de verificação com QR code.'
          : 'Emita na hora a declaração de matrícula ou de frequência. Quem receber o documento pode conferir a autenticidade pelo código impresso nele.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {tipos.map((tipo) => (
          <Button
            key={tipo}
            variant="secondary"
            className="min-h-11"
            loading={issuing === tipo}
            aria-disabled={issuing !== null}
            onClick={() => (confirmationOf(tipo, transferidoEm) ? setAsking(tipo) : void handleIssue(tipo))}
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> {documentoTipoLabels[tipo]}
          </Button>
        ))}
      </div>

      {documents.isPending ? (
        <Spinner label="Carregando documentos..." />
      ) : documents.isError ? (
        <ErrorBanner>Erro ao carregar os documentos.</ErrorBanner>
      ) : documents.data.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum documento emitido ainda.</p>
      ) : (
        <div className="overflow-hidden rounded-xl border border-gray-200">
          <DataTable
            label="Documentos emitidos"
            rows={documents.data}
            columns={columns}
            rowKey={(doc) => doc.id}
            sort={null}
            onSortChange={() => undefined}
            actions={(doc) => (
              <div className="flex justify-end gap-1">
                <IconButton
                  label={`Baixar PDF: ${documentoTipoLabels[doc.tipo]} ${doc.codigo}`}
                  onClick={() => handleDownload(doc)}
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                </IconButton>
                <a
                  href={doc.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Abrir a verificação de ${doc.codigo}`}
                  title="Abrir a página de verificação"
                  className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                >
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                </a>
                {canManage && doc.status === 'valido' && (
                  <IconButton label={`Revogar ${doc.codigo}`} onClick={() => dialog.show('revoke', doc)}>
                    <Ban className="h-4 w-4 text-red-600" aria-hidden="true" />
                  </IconButton>
                )}
              </div>
            )}
          />
        </div>
      )}

      <ConfirmDialog
        open={asking !== null}
        danger={false}
        title={`Emitir ${asking ? documentoTipoLabels[asking].toLowerCase() : ''} de ${studentName}?`}
        message={asking ? (confirmationOf(asking, transferidoEm) ?? '') : ''}
        confirmLabel="Emitir"
        onConfirm={() => asking && void handleIssue(asking)}
        onCancel={() => setAsking(null)}
      />
      {dialog.render('revoke', (doc) => (
        <RevokeDialog alunoId={alunoId} document={doc} onClose={dialog.close} />
      ))}
    </section>
  );
}

function RevokeDialog({
  alunoId,
  document,
  onClose,
}: {
  alunoId: string;
  document: SchoolDocument;
  onClose: () => void;
}) {
  const revoke = useRevokeDocument(alunoId);
  const form = useSchemaForm(revokeDocumentInputSchema, { motivo: '' });
  return (
    <FormModal
      title="Revogar documento"
      description={`${documentoTipoLabels[document.tipo]} ${document.codigo}: a página de verificação passará a mostrá-lo como revogado. Não é possível desfazer.`}
      formId="revoke-document-form"
      submitLabel="Revogar documento"
      submitVariant="danger"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await revoke.mutateAsync({ id: document.id, motivo: values.motivo });
        toast.success(result.message ?? 'Documento revogado');
        onClose();
      })}
    >
      <FormInput name="motivo" label="Motivo da revogação" required maxLength={300} />
    </FormModal>
  );
}
