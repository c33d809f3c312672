import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { gradeChangeKindLabels } from '../../../shared/grades.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { InputField, TextAreaField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useGradeHistory, useRectifyGrade } from './grades.api';

/** Administrators: a grade of a closed period changed with a reason, and the grade's history. */
export function RectifyDialog({
  notaId,
  title,
  onClose,
}: {
  notaId: string;
  title: string;
  onClose: () => void;
}) {
  const history = useGradeHistory(notaId);
  const rectify = useRectifyGrade();
  const [valor, setValor] = useState<string | null>(null);
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setErrors({});
    const text = (valor ?? history.data?.atual ?? '').trim();
    rectify.mutate(
      { notaId, input: { valor: text === '' ? null : text, motivo } },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Nota retificada.');
          setMotivo('');
          setValor(null);
        },
        onError: (error) => {
          const fields: Record<string, string> = {};
          if (error instanceof ApiError)
            for (const detail of error.details) fields[detail.path] = detail.message;
          if (Object.keys(fields).length === 0) fields.geral = error.message;
          setErrors(fields);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Retificar nota"
      description={title}
      busy={rectify.isPending}
      size="lg"
    >
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <ErrorBanner>{history.error.message || 'Erro ao carregar a nota.'}</ErrorBanner>
      ) : (
        <div className="space-y-4">
          <form onSubmit={submit} className="space-y-3" noValidate>
            {errors.geral && <ErrorBanner>{errors.geral}</ErrorBanner>}
            <InputField
              label="Nova nota"
              hint={`Atual: ${history.data.atual ?? 'sem nota'}. Em branco: sem nota.`}
              inputMode="decimal"
              value={valor ?? history.data.atual ?? ''}
              error={errors.valor}
              onChange={(event) => setValor(event.target.value)}
            />
            <TextAreaField
              label="Motivo"
              required
              value={motivo}
              error={errors.motivo}
              onChange={(event) => setMotivo(event.target.value)}
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={onClose} disabled={rectify.isPending}>
                Fechar
              </Button>
              <Button type="submit" loading={rectify.isPending}>
                Retificar
              </Button>
            </div>
          </form>
          <section aria-label="Histórico da nota">
            <h3 className="mb-2 text-sm font-semibold text-gray-900">Histórico</h3>
            {history.data.historico.length === 0 ? (
              <p className="text-sm text-gray-600">Sem alterações registradas.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {history.data.historico.map((entry) => (
                  <li key={entry.id} className="rounded-lg border border-gray-200 p-2">
                    <span className="font-medium">{gradeChangeKindLabels[entry.tipo]}</span>:{' '}
                    {entry.antes ?? 'sem nota'} → {entry.depois ?? 'sem nota'}
                    <span className="block text-xs text-gray-600">
                      {entry.por ?? 'Sistema'}, {formatDateTime(entry.em)}
                      {entry.motivo ? ` — ${entry.motivo}` : ''}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
