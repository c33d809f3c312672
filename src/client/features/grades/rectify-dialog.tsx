import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  gradeChangeKindLabels,
  gradeTextSchema,
  rectificationInputSchema,
  type GradeHistory,
  type RectificationInput,
} from '../../../shared/grades.schemas.js';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormInput, FormTextArea } from '../../components/form-fields';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useGradeHistory, useRectifyCell, useRectifyGrade } from './grades.api';

/** What the server checks of a retificação (the version is not asked: the administrator has the last word). */
const rectifyFormSchema = rectificationInputSchema.pick({ motivo: true }).extend({ valor: gradeTextSchema });

/** The cell a retificação is about: a grade (its id), or a cell that never had one (avaliação × aluno). */
export interface RectifyTarget {
  notaId: string | null;
  avaliacaoId: string;
  alunoId: string;
}

/**
 * Administrators: a grade of a closed period changed with a reason, and the grade's history. A cell
 * that never had a grade (a make-up test after closing) is retified by its avaliação and aluno; the
 * grade it creates then has a history like any other.
 */
export function RectifyDialog({
  target,
  title,
  onClose,
}: {
  target: RectifyTarget;
  title: string;
  onClose: () => void;
}) {
  const [createdId, setCreatedId] = useState<string | null>(null);
  const notaId = target.notaId ?? createdId;
  const history = useGradeHistory(notaId);
  const rectify = useRectifyGrade();
  const rectifyCell = useRectifyCell();
  const busy = rectify.isPending || rectifyCell.isPending;

  const historySection = (entries: GradeHistory['historico']) => (
    <section aria-label="Histórico da nota">
      <h3 className="mb-2 text-sm font-semibold text-gray-900">Histórico</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-gray-600">
          {notaId ? 'Sem alterações registradas.' : 'Nenhuma nota lançada nesta avaliação para este aluno.'}
        </p>
      ) : (
        <ol className="space-y-2 text-sm">
          {entries.map((entry) => (
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
  );

  return (
    <Modal open onClose={onClose} title="Retificar nota" description={title} busy={busy} size="lg">
      {notaId === null ? (
        <div className="space-y-4">
          <RectifyForm
            atual={null}
            onClose={onClose}
            save={async (input) => {
              const result = await rectifyCell.mutateAsync({
                avaliacao_id: target.avaliacaoId,
                aluno_id: target.alunoId,
                ...input,
                // The cell as read: empty. A grade written there meanwhile is a conflict, not overwritten.
                version: 0,
              });
              toast.success(result.message ?? 'Nota retificada.');
              setCreatedId(result.data.nota_id);
              return result.data.atual;
            }}
          />
          {historySection([])}
        </div>
      ) : history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <ErrorBanner>{history.error.message || 'Erro ao carregar a nota.'}</ErrorBanner>
      ) : (
        <div className="space-y-4">
          <RectifyForm
            atual={history.data.atual}
            onClose={onClose}
            save={async (input) => {
              const result = await rectify.mutateAsync({ notaId, input });
              toast.success(result.message ?? 'Nota retificada.');
              return result.data.atual;
            }}
          />
          {historySection(history.data.historico)}
        </div>
      )}
    </Modal>
  );
}

/**
 * The retificação itself, shown once the grade is loaded (it starts from the current value). The dialog
 * stays open after saving, with the history below showing the change; the form starts again from the
 * new value.
 */
function RectifyForm({
  atual,
  save,
  onClose,
}: {
  atual: string | null;
  save: (input: Pick<RectificationInput, 'valor' | 'motivo'>) => Promise<string | null>;
  onClose: () => void;
}) {
  const form = useSchemaForm(rectifyFormSchema, { valor: atual ?? '', motivo: '' });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="space-y-3"
      onSubmit={form.submit(async (values) => {
        const next = await save(values);
        form.reset({ valor: next ?? '', motivo: '' });
      })}
    >
      <FormInput
        name="valor"
        label="Nova nota"
        hint={`Atual: ${atual ?? 'sem nota'}. Em branco: sem nota.`}
        inputMode="decimal"
      />
      <FormTextArea name="motivo" label="Motivo" required />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} aria-disabled={busy}>
          Fechar
        </Button>
        <Button type="submit" loading={busy}>
          Retificar
        </Button>
      </div>
    </Form>
  );
}
