/** The warning shown when a tagged student has no consent for the use of their image. */
import { AlertTriangle } from 'lucide-react';
import type { MediaTags } from '../../../shared/consent.schemas';

/** Which tagged students lack image consent, said plainly (the photo cannot be published). */
export function ConsentWarning({ tags }: { tags: MediaTags }) {
  const missing = tags.alunos.filter((aluno) => !aluno.consentimento_imagem);
  if (missing.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        Esta foto não pode ser publicada na galeria:{' '}
        <strong>{missing.map((aluno) => aluno.nome).join(', ')}</strong>{' '}
        {missing.length === 1 ? 'não tem' : 'não têm'} consentimento de uso de imagem. Retire a marcação se o
        aluno não aparece, ou peça o consentimento ao responsável.
      </p>
    </div>
  );
}
