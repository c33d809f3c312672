/** A comunicado's attachments field, in the comunicado form. */
import { Paperclip, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import toast from 'react-hot-toast';
import { COMUNICADO_LIMITS, type Anexo } from '../../../shared/comunicados.schemas';
import { IconButton } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import { heldChoice } from '../../lib/held-field';
import { uploadAnexo } from './comunicados.api';

export function AttachmentsField({
  anexos,
  setAnexos,
}: {
  anexos: Anexo[];
  setAnexos: (next: Anexo[]) => void;
}) {
  const [sending, setSending] = useState(false);
  const { setValue } = useFormContext();
  const update = (next: Anexo[]) => {
    setAnexos(next);
    setValue(
      'anexos',
      next.map((item) => item.id),
    );
  };
  return (
    <div>
      <p className="text-sm font-medium text-gray-700">Anexos (PDF ou imagem, até 10 MB cada, no máximo 5)</p>
      <ul className="mt-2 space-y-1">
        {anexos.map((anexo) => (
          <li key={anexo.id} className="flex items-center gap-2 text-sm">
            <Paperclip className="h-4 w-4 text-gray-500" aria-hidden="true" />
            <span className="flex-1 truncate">{anexo.nome}</span>
            <IconButton
              label={`Remover ${anexo.nome}`}
              onClick={() => update(anexos.filter((item) => item.id !== anexo.id))}
            >
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      {anexos.length < COMUNICADO_LIMITS.anexosMax && (
        <label className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50">
          <Paperclip className="h-4 w-4" aria-hidden="true" />
          {sending ? 'Enviando…' : 'Anexar arquivo'}
          <input
            type="file"
            className="sr-only"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            {...heldChoice(sending, (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              if (file.size > COMUNICADO_LIMITS.anexoMaxBytes) {
                toast.error('Cada anexo deve ter no máximo 10 MB.');
                return;
              }
              setSending(true);
              uploadAnexo(file)
                .then((saved) => update([...anexos, saved]))
                .catch((error: unknown) =>
                  toast.error(error instanceof ApiError ? error.message : 'Não foi possível enviar o anexo.'),
                )
                .finally(() => setSending(false));
            })}
          />
        </label>
      )}
    </div>
  );
}
