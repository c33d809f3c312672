import { keyRoots } from '../lib/query-keys';
import { useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { ImagePlus, Images, Trash2 } from 'lucide-react';
import type { Page } from '../../shared/api';
import { MEDIA_PAGE_SIZE, type MediaItem } from '../../shared/content.schemas';
import { formatDate } from '../../shared/format';
import { api } from '../lib/api-client';
import { Button } from '../components/button';
import { EmptyState, ErrorBanner, Spinner } from '../components/feedback';
import { FormInput } from '../components/form-fields';
import { Modal } from '../components/modal';
import { Pagination } from '../components/pagination';
import { uploadImage } from './upload-image';

/**
 * The school's image library: every image uploaded (Gerenciar Conteúdo, Configurações → Escola) is
 * stored once (`POST /api/media`, re-encoded on the server) and can be used again anywhere an image
 * address goes: pick it from 'Imagens enviadas' or upload a new one on the spot.
 */

const mediaKey = keyRoots.media;

/** Picks an image file and uploads it; used by image fields, list items and the library. */
export function ImagePicker({
  label,
  onUploaded,
  disabled,
}: {
  label: string;
  onUploaded: (url: string) => unknown;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  async function handleFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const uploaded = await uploadImage(file);
      void queryClient.invalidateQueries({ queryKey: mediaKey });
      await onUploaded(uploaded.url);
    } catch {
      // Already shown as a toast.
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        // Opened by the button below, which carries the name: one control for a screen reader, not two.
        aria-hidden="true"
        data-testid="image-picker-file"
        tabIndex={-1}
        onChange={(event) => void handleFile(event.target.files?.[0])}
      />
      <Button
        variant="secondary"
        loading={busy}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
        {label}
      </Button>
    </>
  );
}

function useMediaLibrary(page: number) {
  return useQuery({
    queryKey: [...mediaKey, page],
    queryFn: () =>
      api<Page<MediaItem>>(`/api/media?page=${String(page)}&pageSize=${String(MEDIA_PAGE_SIZE)}`, {
        globalErrors: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** 'Imagens enviadas': the library as a grid; choosing one (or uploading a new one) closes it. */
function MediaLibraryDialog({ onPick, onClose }: { onPick: (url: string) => void; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const library = useMediaLibrary(page);
  const pick = (url: string) => {
    onPick(url);
    onClose();
  };
  const data = library.data;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Imagens enviadas"
      description="As imagens enviadas em Gerenciar Conteúdo e em Configurações ficam todas aqui. Escolha uma ou envie outra."
      footer={
        <>
          <ImagePicker label="Enviar nova imagem" onUploaded={pick} />
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
        </>
      }
    >
      {library.isPending ? (
        <Spinner label="Carregando imagens..." />
      ) : library.isError ? (
        <ErrorBanner>Não foi possível carregar as imagens enviadas.</ErrorBanner>
      ) : data && data.total === 0 ? (
        <EmptyState
          icon={Images}
          title="Nenhuma imagem enviada ainda"
          hint="Use 'Enviar nova imagem' para enviar a primeira (JPEG, PNG ou WebP, até 10 MB)."
        />
      ) : (
        data && (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Imagens enviadas">
              {data.items.map((item) => {
                const when = `enviada em ${formatDate(item.enviada_em.slice(0, 10))}${item.enviada_por ? ` por ${item.enviada_por}` : ''}`;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      disabled={item.bloqueada}
                      onClick={() => pick(item.url)}
                      aria-label={
                        item.bloqueada
                          ? `Imagem ${when}: mostra aluno sem consentimento de imagem`
                          : `Usar a imagem ${when} (${String(item.width)}×${String(item.height)})`
                      }
                      className="group block w-full overflow-hidden rounded-lg border border-gray-200 text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50"
                    >
                      <img
                        src={item.url}
                        alt=""
                        loading="lazy"
                        className="aspect-video w-full bg-gray-100 object-contain"
                      />
                      <span className="block truncate px-2 py-1 text-xs text-gray-600">
                        {item.bloqueada
                          ? 'Sem consentimento de imagem'
                          : formatDate(item.enviada_em.slice(0, 10))}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {data.total > data.pageSize && (
              <div className="mt-3">
                <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
              </div>
            )}
          </>
        )
      )}
    </Modal>
  );
}

/** 'Escolher das imagens enviadas': opens the library; `onPick` receives the chosen image's address. */
export function MediaLibraryButton({
  onPick,
  label = 'Escolher das imagens enviadas',
}: {
  onPick: (url: string) => unknown;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Images className="h-4 w-4" aria-hidden="true" />
        {label}
      </Button>
      {open && <MediaLibraryDialog onPick={(url) => void onPick(url)} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * An image field of a form: its address (an uploaded image's /media/… or any https:// image), a
 * preview, 'Enviar imagem' and 'Escolher das imagens enviadas'.
 */
export function FormImageField({
  name,
  label,
  required,
  hint,
  previewAlt = 'Prévia',
  removable = false,
}: {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  previewAlt?: string;
  /** Offers 'Remover' (an optional image such as the logo). */
  removable?: boolean;
}) {
  const { watch, setValue, formState } = useFormContext();
  const value: unknown = watch(name);
  const url = typeof value === 'string' ? value : '';
  const set = (next: string) =>
    setValue(name, next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <div className="space-y-2">
      <FormInput
        name={name}
        label={label}
        required={required}
        placeholder="/media/... ou https://..."
        {...(hint ? { hint } : {})}
      />
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          <img src={url} alt={previewAlt} className="h-16 w-24 rounded-lg bg-gray-100 object-contain" />
        ) : (
          <span className="flex h-16 w-24 items-center justify-center rounded-lg bg-gray-100 text-xs text-gray-600">
            Sem imagem
          </span>
        )}
        <ImagePicker label="Enviar imagem" onUploaded={set} />
        <MediaLibraryButton onPick={set} />
        {removable && url && (
          <Button variant="ghost" onClick={() => set('')}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remover
          </Button>
        )}
      </div>
    </div>
  );
}
