/** The grades of one class, subject and period: its assessments, the grid and the period's actions. */
import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Assessment } from '../../../shared/assessments.schemas';
import { formatDate } from '../../../shared/format';
import { Button, IconButton } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { AssessmentDialog } from './assessment-dialog';
import { DeleteAssessmentModal } from './delete-assessment-modal';
import { GradeGrid } from './grade-grid';
import { useAssessments, useDeleteAssessment, useGradesGrid } from './grades.api';

export function GradesOf({
  turmaId,
  disciplina,
  periodoId,
  admin,
}: {
  turmaId: string;
  disciplina: string;
  periodoId: string;
  admin: boolean;
}) {
  const grid = useGradesGrid(turmaId, disciplina, periodoId);
  const assessments = useAssessments({
    turma_id: turmaId,
    disciplina,
    periodo_id: periodoId,
  });
  const remove = useDeleteAssessment();
  const [editing, setEditing] = useState<Assessment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Assessment | null>(null);
  if (grid.isPending) return <Spinner label="Carregando as notas..." />;
  if (grid.isError)
    return (
      <ErrorBanner>
        {grid.error.message || 'Erro ao carregar as notas.'}{' '}
        <button type="button" className="font-medium underline" onClick={() => void grid.refetch()}>
          Tentar novamente
        </button>
      </ErrorBanner>
    );
  const writable = grid.data.bloqueio === null;
  // With grades, a closed or published period's avaliação goes only by the administrator, with a reason.
  const deletion = grid.data.exclusao_com_notas;
  const deletable = writable || deletion === 'com_motivo';
  return (
    <div className="space-y-4">
      <section aria-labelledby="avaliacoes-title" className="rounded-xl border border-gray-200 bg-white p-4">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id="avaliacoes-title" className="text-base font-semibold text-gray-900">
            Avaliações
          </h2>
          {writable && (
            <Button className="min-h-11" onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden /> Nova avaliação
            </Button>
          )}
        </div>
        {assessments.isError ? (
          <ErrorBanner>Erro ao carregar as avaliações.</ErrorBanner>
        ) : (assessments.data?.length ?? 0) === 0 ? (
          <p className="text-sm text-gray-600">Nenhuma avaliação neste período.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {assessments.data?.map((assessment) => (
              <li
                key={assessment.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span>
                  <span className="font-medium text-gray-900">{assessment.nome}</span>{' '}
                  <span className="text-gray-600">
                    · {formatDate(assessment.data)} · peso {String(assessment.peso).replace('.', ',')}
                    {assessment.tipo === 'recuperacao' ? ' · recuperação' : ''} · {assessment.notas_lancadas}{' '}
                    {assessment.notas_lancadas === 1 ? 'nota lançada' : 'notas lançadas'}
                  </span>
                </span>
                {deletable && (
                  <span className="flex gap-1">
                    {writable && (
                      <IconButton label={`Editar ${assessment.nome}`} onClick={() => setEditing(assessment)}>
                        <Pencil className="h-4 w-4" aria-hidden />
                      </IconButton>
                    )}
                    {deletion === 'so_secretaria' && assessment.notas_lancadas > 0 ? (
                      <IconButton
                        label={`Excluir ${assessment.nome}: o período já foi publicado, só a secretaria exclui (com motivo)`}
                        disabled
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </IconButton>
                    ) : (
                      <IconButton
                        label={`Excluir ${assessment.nome}`}
                        onClick={() => setDeleting(assessment)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </IconButton>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <GradeGrid key={`${turmaId}:${disciplina}:${periodoId}`} grid={grid.data} canRectify={admin} />
      {editing && (
        <AssessmentDialog
          assessment={editing === 'new' ? null : editing}
          target={{ turma_id: turmaId, disciplina, periodo_id: periodoId }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && deletion === 'com_motivo' && deleting.notas_lancadas > 0 ? (
        <DeleteAssessmentModal
          assessment={deleting}
          periodo={grid.data.periodo.nome}
          onClose={() => setDeleting(null)}
        />
      ) : deleting ? (
        <ConfirmAction
          title="Excluir avaliação"
          message={`Excluir “${deleting.nome}” e as ${String(deleting.notas_lancadas)} notas lançadas nela? Isso não pode ser desfeito.`}
          confirmLabel="Excluir"
          action={() => remove.mutateAsync({ id: deleting.id })}
          success="Avaliação excluída."
          failure="Não foi possível excluir a avaliação."
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
