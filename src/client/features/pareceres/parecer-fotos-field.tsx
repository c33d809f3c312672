import { useState } from 'react';
import { ImagePlus } from 'lucide-react';
import toast from 'react-hot-toast';
import { PARECER_FOTOS_MAX, type Parecer } from '../../../shared/pareceres.schemas';
import { ConfirmAction } from '../../components/confirm-dialog';
import { ParecerFotos } from '../../domain/parecer-parts';
import { useParecerFoto } from '../../domain/pareceres.api';
import { heldChoice } from '../../lib/held-field';

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The editor's photos of the child's work (issue 31 §1): attach up to PARECER_FOTOS_MAX images (only with
 * the family's image consent: the server says so otherwise) and remove them. Only on a saved parecer.
 */
export function ParecerFotosField({ parecer }: { parecer: Parecer | null }) {
  const change = useParecerFoto();
  // The photo to remove, asked first: it goes from the parecer and from what the family sees.
  const [removing, setRemoving] = useState<{ fotoId: string; numero: number } | null>(null);
  const onDone = {
    onSuccess: (result: { message?: string | undefined }) => toast.success(result.message ?? 'Pronto.'),
    onError: (error: unknown) => toast.error(errorText(error, 'Erro ao atualizar as fotos.')),
  };
  if (!parecer)
    return <p className="text-sm text-gray-600">Salve o parecer para anexar fotos do trabalho da criança.</p>;
  const full = parecer.fotos.length >= PARECER_FOTOS_MAX;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-800">Fotos do trabalho da criança</legend>
      <ParecerFotos
        parecer={parecer}
        remove={(fotoId) =>
          setRemoving({ fotoId, numero: parecer.fotos.findIndex((foto) => foto.id === fotoId) + 1 })
        }
      />
      {removing && (
        <ConfirmAction
          title={`Excluir a foto ${String(removing.numero)}?`}
          message={`A foto ${String(removing.numero)} do trabalho de ${parecer.aluno.nome} sai do parecer e é apagada: a família deixa de vê-la. Para tê-la de novo, será preciso anexá-la outra vez.`}
          confirmLabel="Excluir foto"
          action={() => change.mutateAsync({ parecer, fotoId: removing.fotoId })}
          success="Foto excluída."
          failure="Erro ao excluir a foto."
          onClose={() => setRemoving(null)}
        />
      )}
      <label
        className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm font-medium text-gray-800 ${full || change.isPending ? 'pointer-events-none opacity-50' : 'hover:bg-gray-50'}`}
      >
        <ImagePlus className="h-4 w-4" aria-hidden />
        Anexar foto
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={full}
          {...heldChoice(change.isPending, (event) => {
            const arquivo = event.target.files?.[0];
            event.target.value = '';
            if (arquivo) change.mutate({ parecer, arquivo }, onDone);
          })}
        />
      </label>
      <p className="text-xs text-gray-600">
        Até {PARECER_FOTOS_MAX} fotos (JPEG, PNG ou WebP, até 10 MB), só com a autorização de uso de imagem da
        família. A família vê as fotos quando o parecer é publicado.
      </p>
    </fieldset>
  );
}
