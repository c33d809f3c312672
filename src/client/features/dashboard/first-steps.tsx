import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CheckCircle2, Circle, ChevronRight, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { firstStepTexts, type FirstStepId, type FirstSteps } from '../../../shared/first-steps.schemas';
import { formatCount } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { api } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const firstStepsKey = [...keyRoots.dashboard, 'primeiros-passos'] as const;

/** Where each step is done. */
const stepLinks: Record<FirstStepId, string> = {
  escola: paths.settings,
  ano_letivo: paths.calendar,
  turmas: paths.classes,
  professores: paths.teachers,
  alunos: paths.students,
  mensalidades: paths.finance,
  site: paths.contentManager,
};

/**
 * 'Primeiros passos' on the administrator's home (issue 29): the school's setup in order, each step
 * ticked by the server from real data and linking to its screen. Gone when all are done or hidden.
 */
export function FirstStepsPanel() {
  const queryClient = useQueryClient();
  // Hidden for the whole school, with no way to show it again: asked first.
  const [confirmingHide, setConfirmingHide] = useState(false);
  const steps = useQuery({
    queryKey: firstStepsKey,
    queryFn: () => api<FirstSteps>('/api/dashboard/primeiros-passos', { globalErrors: false }),
  });
  const hide = useMutation({
    mutationFn: () =>
      api<FirstSteps>('/api/dashboard/primeiros-passos/ocultar', { method: 'POST', body: {} }),
    onSuccess: (data) => queryClient.setQueryData(firstStepsKey, data),
    onError: () => toast.error('Não foi possível ocultar os primeiros passos'),
    onSettled: () => setConfirmingHide(false),
  });
  if (!steps.data || steps.data.dispensado) return null;
  const done = steps.data.etapas.filter((step) => step.feita).length;
  const total = steps.data.etapas.length;
  if (done === total) return null;
  const next = steps.data.etapas.find((step) => !step.feita)?.id;
  return (
    <section
      aria-labelledby="primeiros-passos"
      className="rounded-xl border border-blue-200 bg-blue-50/60 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="primeiros-passos" className="text-lg font-semibold text-gray-900">
            Primeiros passos
          </h2>
          <p className="text-sm text-gray-700">
            {formatCount(done, 'etapa feita', 'etapas feitas')} de {total}. Cada etapa se marca sozinha quando
            está pronta.
          </p>
        </div>
        <IconButton label="Ocultar primeiros passos" onClick={() => setConfirmingHide(true)}>
          <X className="h-5 w-5" aria-hidden="true" />
        </IconButton>
        <ConfirmDialog
          open={confirmingHide}
          title="Ocultar os primeiros passos?"
          message={`A lista deixa de aparecer no início de todos os administradores da escola, com ${formatCount(total - done, 'etapa ainda por fazer', 'etapas ainda por fazer')}, e não há como mostrá-la de novo.`}
          confirmLabel="Ocultar para todos"
          cancelLabel="Manter a lista"
          busy={hide.isPending}
          onCancel={() => setConfirmingHide(false)}
          onConfirm={() => hide.mutate()}
        />
      </div>
      <div
        className="mt-3 h-2 rounded-full bg-white"
        role="progressbar"
        aria-label="Primeiros passos feitos"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div
          className="h-2 rounded-full bg-green-500"
          style={{ width: `${String((done / total) * 100)}%` }}
        />
      </div>
      <ol className="mt-3 grid gap-2 md:grid-cols-2">
        {steps.data.etapas.map((step) => {
          const text = firstStepTexts[step.id];
          return (
            <li key={step.id} data-testid={`passo-${step.id}`} data-feita={step.feita}>
              <Link
                to={stepLinks[step.id]}
                className={`flex items-start gap-3 rounded-lg border bg-white p-3 text-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary ${
                  step.id === next ? 'border-primary' : 'border-gray-200'
                }`}
              >
                {step.feita ? (
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-label="Feito" />
                ) : (
                  <Circle className="mt-0.5 h-5 w-5 shrink-0 text-gray-400" aria-label="A fazer" />
                )}
                <span className="min-w-0 flex-1">
                  <span
                    className={`block font-medium ${step.feita ? 'text-gray-600 line-through' : 'text-gray-900'}`}
                  >
                    {text.titulo}
                  </span>
                  {!step.feita && <span className="block text-gray-600">{text.descricao}</span>}
                </span>
                <ChevronRight className="mt-0.5 h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
