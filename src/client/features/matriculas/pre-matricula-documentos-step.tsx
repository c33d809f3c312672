/** Pré-matrícula, step 4: the documents the school asks for, each sent with its progress. */
import { useRef, useState } from 'react';
import { CheckCircle2, Trash2, Upload } from 'lucide-react';
import type {
  DocumentoExigido,
  MatriculaOnlineView,
  PreMatriculaDocumento,
} from '../../../shared/pre-matricula.schemas';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import { enviarDocumento } from './pre-matricula.api';
import { StepSection, type Errors } from './pre-matricula-form-kit';

export const tamanho = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
    : `${String(Math.max(1, Math.round(bytes / 1024)))} KB`;

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

function DocumentoItem({
  token,
  exigido,
  enviado,
  maxBytes,
  error,
  onSent,
  onRemove,
}: {
  token: string;
  exigido: DocumentoExigido;
  enviado: PreMatriculaDocumento | undefined;
  maxBytes: number;
  error: string | undefined;
  onSent: (documento: PreMatriculaDocumento) => void;
  onRemove: (documento: PreMatriculaDocumento) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [removing, setRemoving] = useState(false);
  const inputId = `documento-${exigido.id}`;

  const send = (file: File) => {
    setProblem(undefined);
    if (file.size > maxBytes) {
      setProblem(`O arquivo tem ${tamanho(file.size)}; o limite é ${tamanho(maxBytes)}.`);
      return;
    }
    setProgress(0);
    enviarDocumento(token, exigido.id, file, setProgress).then(
      (documento) => {
        setProgress(null);
        onSent(documento);
      },
      (failure: unknown) => {
        setProgress(null);
        setProblem(failure instanceof ApiError ? failure.message : 'Não foi possível enviar. Tente de novo.');
      },
    );
  };
  const message = problem ?? (enviado ? undefined : error);

  return (
    <li className="rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-gray-900">
            {exigido.nome}
            <span className="ml-2 text-xs font-normal text-gray-500">
              {exigido.obrigatorio ? 'obrigatório' : 'opcional'}
            </span>
          </p>
          {enviado ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-green-700">
              <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="truncate">
                {enviado.nome} ({tamanho(enviado.tamanho)})
              </span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-gray-500">PDF ou foto (JPEG ou PNG), até {tamanho(maxBytes)}.</p>
          )}
        </div>
        <div className="flex gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            // Chosen through the button beside it: out of the tab order, named for a reader that finds it.
            tabIndex={-1}
            aria-label={`Arquivo: ${exigido.nome}`}
            aria-describedby={message ? `${inputId}-erro` : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send(file);
            }}
          />
          <Button
            variant="secondary"
            loading={progress !== null}
            aria-describedby={message ? `${inputId}-erro` : undefined}
            onClick={() => input.current?.click()}
          >
            <Upload className="h-4 w-4" aria-hidden="true" />
            {enviado ? 'Trocar' : 'Enviar arquivo'}
            <span className="sr-only">: {exigido.nome}</span>
          </Button>
          {enviado && (
            <Button
              variant="ghost"
              className="text-red-700"
              loading={removing}
              onClick={() => {
                setRemoving(true);
                void onRemove(enviado).finally(() => setRemoving(false));
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">Remover {exigido.nome}</span>
            </Button>
          )}
        </div>
      </div>
      {progress !== null && (
        <div className="mt-3">
          <progress
            className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-primary"
            value={progress}
            max={1}
            aria-label={`Enviando ${exigido.nome}`}
          />
          <p className="mt-1 text-xs text-gray-600">Enviando… {Math.round(progress * 100)}%</p>
        </div>
      )}
      {message && (
        <p id={`${inputId}-erro`} role="alert" className="mt-2 text-sm text-red-600">
          {message}
        </p>
      )}
    </li>
  );
}

export function DocumentosStep({
  view,
  token,
  errors,
  onSent,
  onRemove,
}: {
  view: MatriculaOnlineView;
  token: string;
  errors: Errors;
  onSent: (documento: PreMatriculaDocumento) => void;
  onRemove: (documento: PreMatriculaDocumento) => Promise<void>;
}) {
  if (view.documentos_exigidos.length === 0)
    return (
      <StepSection title="Documentos">
        <p className="text-sm text-gray-600">A escola não pediu documentos pelo formulário.</p>
      </StepSection>
    );
  return (
    <StepSection
      title="Documentos"
      hint="Uma foto nítida de cada página serve. Os arquivos ficam guardados só para a secretaria da escola."
    >
      <ul className="space-y-3">
        {view.documentos_exigidos.map((exigido) => (
          <DocumentoItem
            key={exigido.id}
            token={token}
            exigido={exigido}
            enviado={view.documentos.find((documento) => documento.tipo === exigido.id)}
            maxBytes={view.documento_max_bytes}
            error={errors[`documentos.${exigido.id}`]}
            onSent={onSent}
            onRemove={onRemove}
          />
        ))}
      </ul>
    </StepSection>
  );
}
