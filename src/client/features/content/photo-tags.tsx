import { keyRoots } from '../../lib/query-keys';
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { AlertTriangle, CheckCircle2, Users, X } from 'lucide-react';
import type { Page } from '../../../shared/api';
import type { MediaTags } from '../../../shared/consent.schemas';
import type { StudentListItem } from '../../../shared/students.schemas';
import { Button, IconButton } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { warningToast } from '../../components/warning-toast';
import { api, ApiError, apiWithMessage, toQuery } from '../../lib/api-client';
import { heldChoice } from '../../lib/held-field';
import { contentStateKey } from './content.api';
import { ConsentWarning } from './photo-consent-warning';

/** A photo uploaded here is `/media/<id>`: only those can carry the students who appear in them. */
const MEDIA_URL = /^\/media\/([0-9a-f-]{36})$/i;
export function mediaIdOf(url: unknown): string | null {
  return typeof url === 'string' ? (MEDIA_URL.exec(url)?.[1]?.toLowerCase() ?? null) : null;
}

const tagsKey = (mediaId: string) => [...keyRoots.media, mediaId, 'alunos'] as const;

function useMediaTags(mediaId: string) {
  return useQuery({
    queryKey: tagsKey(mediaId),
    queryFn: () => api<MediaTags>(`/api/media/${mediaId}/alunos`),
  });
}

function useTagMedia(mediaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alunoIds: string[]) =>
      apiWithMessage<MediaTags>(`/api/media/${mediaId}/alunos`, {
        method: 'PUT',
        body: { aluno_ids: alunoIds },
        globalErrors: false,
      }),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(tagsKey(mediaId), data);
      // The server takes a published photo that now shows a child without consent out of the gallery.
      void queryClient.invalidateQueries({ queryKey: contentStateKey });
      // Saved either way: a photo kept off the gallery is something to know, not a failure.
      if (data.publicavel) toast.success(message ?? 'Alunos da foto salvos.');
      else warningToast(message ?? 'A foto mostra aluno sem consentimento de uso de imagem.');
    },
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível salvar os alunos da foto.'),
  });
}

function useStudentSearch(q: string) {
  return useQuery({
    queryKey: [...keyRoots.students, 'photo-tags', q],
    queryFn: () => api<Page<StudentListItem>>(`/api/alunos${toQuery({ q, status: 'todos', pageSize: 8 })}`),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/**
 * 'Alunos na foto': the admin marks who appears in an uploaded photo (search by name, check each); each
 * change is saved at once. A tagged child without current image consent keeps the photo off the site.
 */
export function PhotoTagsPanel({ mediaId }: { mediaId: string }) {
  const tags = useMediaTags(mediaId);
  const save = useTagMedia(mediaId);
  const [q, setQ] = useState('');
  const [pending, setPending] = useState<string[] | null>(null);
  const results = useStudentSearch(q);
  const searchId = useId();
  if (tags.isPending) return <Spinner label="Carregando alunos da foto..." />;
  if (tags.isError) return <ErrorBanner>Erro ao carregar os alunos da foto.</ErrorBanner>;
  const tagged = tags.data.alunos;
  // While a change is saving, the boxes show it already (the server's answer then replaces it).
  const taggedIds = new Set(pending ?? tagged.map((aluno) => aluno.id));
  const setTagged = (ids: string[]) => {
    setPending(ids);
    save.mutate(ids, { onSettled: () => setPending(null) });
  };
  const toggle = (id: string) =>
    setTagged(taggedIds.has(id) ? [...taggedIds].filter((other) => other !== id) : [...taggedIds, id]);
  return (
    <div className="space-y-3" aria-busy={save.isPending || undefined}>
      <ConsentWarning tags={tags.data} />
      {tagged.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum aluno marcado nesta foto.</p>
      ) : (
        <ul aria-label="Alunos marcados na foto" className="flex flex-wrap gap-2">
          {tagged.map((aluno) => (
            <li
              key={aluno.id}
              className={`flex items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-3 text-sm ${
                aluno.consentimento_imagem
                  ? 'border-green-200 bg-green-50 text-green-900'
                  : 'border-amber-300 bg-amber-50 text-amber-900'
              }`}
            >
              {aluno.consentimento_imagem ? (
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              ) : (
                <AlertTriangle className="h-4 w-4" aria-hidden="true" />
              )}
              <span>
                {aluno.nome}
                <span className="sr-only">
                  {aluno.consentimento_imagem ? ' (com consentimento)' : ' (sem consentimento de imagem)'}
                </span>
              </span>
              <IconButton
                label={`Desmarcar ${aluno.nome}`}
                aria-disabled={pending !== null}
                onClick={() => toggle(aluno.id)}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <div className="space-y-1">
        <label htmlFor={searchId} className="block text-sm font-medium text-gray-700">
          Buscar aluno pelo nome
        </label>
        <input
          id={searchId}
          type="search"
          value={q}
          placeholder="Digite ao menos 2 letras"
          autoComplete="off"
          onChange={(event) => setQ(event.target.value)}
          // Inside the photo's form, Enter searches; it does not save the photo.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-primary focus:ring-2 focus:ring-primary/25 focus:outline-none"
        />
      </div>
      {q.trim().length >= 2 &&
        (results.isPending ? (
          <Spinner label="Buscando alunos..." />
        ) : results.isError ? (
          <ErrorBanner>Erro ao buscar alunos.</ErrorBanner>
        ) : results.data.items.length === 0 ? (
          <p className="text-sm text-gray-600">Nenhum aluno encontrado com esse nome.</p>
        ) : (
          <fieldset className="space-y-1">
            <legend className="sr-only">Alunos encontrados: marque os que aparecem na foto</legend>
            {results.data.items.map((student) => (
              <label
                key={student.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-gray-50"
              >
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={taggedIds.has(student.id)}
                  {...heldChoice(pending !== null, () => toggle(student.id))}
                />
                <span className="text-sm text-gray-900">
                  {student.nome}
                  <span className="text-gray-500">
                    {student.turma ? ` — ${student.turma.nome}` : ' — sem turma'}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
    </div>
  );
}

/** The row's button: how many students are tagged, flagged when one lacks consent; opens the panel. */
export function PhotoTagsButton({ url, title }: { url: unknown; title: string }) {
  const mediaId = mediaIdOf(url);
  const [open, setOpen] = useState(false);
  if (!mediaId) return null;
  return (
    <>
      <PhotoTagsCount mediaId={mediaId} title={title} onOpen={() => setOpen(true)} />
      {open && (
        <Modal
          open
          onClose={() => setOpen(false)}
          title="Alunos na foto"
          description={title}
          footer={<Button onClick={() => setOpen(false)}>Fechar</Button>}
        >
          <PhotoTagsPanel mediaId={mediaId} />
        </Modal>
      )}
    </>
  );
}

function PhotoTagsCount({ mediaId, title, onOpen }: { mediaId: string; title: string; onOpen: () => void }) {
  const tags = useMediaTags(mediaId);
  const count = tags.data?.alunos.length ?? 0;
  const blocked = tags.data ? !tags.data.publicavel : false;
  return (
    <Button
      variant="ghost"
      className={`min-h-11 shrink-0 px-2 ${blocked ? 'text-amber-800' : ''}`}
      aria-label={`Alunos na foto ${title}: ${String(count)} marcado${count === 1 ? '' : 's'}${
        blocked ? ', há aluno sem consentimento de imagem' : ''
      }`}
      onClick={onOpen}
    >
      {blocked ? (
        <AlertTriangle className="h-4 w-4" aria-hidden="true" />
      ) : (
        <Users className="h-4 w-4" aria-hidden="true" />
      )}
      <span aria-hidden="true">{count}</span>
    </Button>
  );
}

/** In the photo's form: tag before publishing, once the image is uploaded here. */
export function PhotoTagsField({ url }: { url: unknown }) {
  const mediaId = mediaIdOf(url);
  return (
    <fieldset className="space-y-2 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-medium text-gray-700">Alunos na foto</legend>
      {mediaId ? (
        <>
          <p className="text-sm text-gray-600">
            Marque os alunos que aparecem na foto. Sem o consentimento de uso de imagem de todos eles, a foto
            não é publicada.
          </p>
          <PhotoTagsPanel mediaId={mediaId} />
        </>
      ) : (
        <p className="text-sm text-gray-600">
          Envie a imagem pelo botão acima para marcar os alunos que aparecem nela.
        </p>
      )}
    </fieldset>
  );
}
