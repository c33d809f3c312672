/** The pré-matrícula form's steps, the draft saved as the family goes, and the sending. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../shared/format';
import type { MatriculaOnlineView, PreMatriculaDocumento } from '../../../shared/pre-matricula.schemas';
import { Button } from '../../components/button';
import { ApiError } from '../../lib/api-client';
import {
  enviarPreMatricula,
  preMatriculaKeys,
  removerDocumento,
  salvarRascunho,
  type DadosForm,
} from './pre-matricula.api';
import { AlunoStep } from './pre-matricula-aluno-step';
import { DocumentosStep } from './pre-matricula-documentos-step';
import { EnderecoStep } from './pre-matricula-endereco-step';
import type { Errors } from './pre-matricula-form-kit';
import { ResponsaveisStep } from './pre-matricula-responsaveis-step';
import { errorsOf, pendenciasDosPassos, STEPS, stepOf, type StepId } from './pre-matricula-passos';
import { PlanoStep, RevisaoStep } from './pre-matricula-revisao-step';

const AUTOSAVE_MS = 1500;

export function PreMatriculaForm({ token, view }: { token: string; view: MatriculaOnlineView }) {
  const queryClient = useQueryClient();
  const steps = STEPS.filter((step) => step.id !== 'plano' || view.planos.length > 0);
  const [step, setStep] = useState<StepId>('aluno');
  const [dados, setDados] = useState<DadosForm>(view.dados);
  const [errors, setErrors] = useState<Errors>({});
  const [saveState, setSaveState] = useState<'salvo' | 'alterado' | 'salvando' | 'erro'>('salvo');
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string | undefined>(undefined);
  const latest = useRef(dados);
  latest.current = dados;
  const heading = useRef<HTMLDivElement>(null);

  const setView = useCallback(
    (next: MatriculaOnlineView) => queryClient.setQueryData(preMatriculaKeys.form(token), next),
    [queryClient, token],
  );

  /** Saves the draft; true when the server took it (its field errors land on the fields otherwise). */
  const save = useCallback(async (): Promise<boolean> => {
    const sending = latest.current;
    setSaveState('salvando');
    try {
      await salvarRascunho(token, sending);
      if (latest.current === sending) setSaveState('salvo');
      return true;
    } catch (error) {
      setSaveState('erro');
      if (error instanceof ApiError && error.details.length > 0) setErrors(errorsOf(error));
      else if (error instanceof ApiError && error.status === 404)
        await queryClient.invalidateQueries({ queryKey: preMatriculaKeys.form(token) });
      else setBanner(error instanceof ApiError ? error.message : 'Não foi possível salvar.');
      return false;
    }
  }, [queryClient, token]);

  useEffect(() => {
    if (saveState !== 'alterado') return;
    const timer = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dados, saveState, save]);

  const change = (next: DadosForm) => {
    setDados(next);
    setSaveState('alterado');
  };

  /**
   * Shows a step with its heading focused: the control just used may be gone, and a reader hears where it
   * is. Rendered at once: after the draft's save (an await) a frame could come first and focus the old one.
   */
  const showStep = (next: StepId) => {
    flushSync(() => setStep(next));
    window.scrollTo({ top: 0 });
    heading.current?.querySelector<HTMLElement>('h2')?.focus();
  };

  const index = steps.findIndex((item) => item.id === step);
  /** Leaves the step for `target`: forward only with the steps passed over complete (the draft is saved either way). */
  const go = async (target: StepId) => {
    setBanner(undefined);
    const passados = steps
      .slice(
        index,
        steps.findIndex((item) => item.id === target),
      )
      .map((item) => item.id);
    const found = pendenciasDosPassos(passados, dados, view);
    if (saveState !== 'salvo' && !(await save())) return;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) setBanner('Corrija os campos indicados para continuar.');
    // With something missing, the form stops on the first step that misses it.
    const next = first ? stepOf(first) : target;
    if (next !== step) showStep(next);
  };

  const submit = async () => {
    setBanner(undefined);
    if (saveState !== 'salvo' && !(await save())) return;
    const found = pendenciasDosPassos(
      steps.map((item) => item.id),
      dados,
      view,
    );
    const first = Object.keys(found)[0];
    if (first) {
      setErrors(found);
      setBanner('Faltam dados para enviar a pré-matrícula. Confira os campos indicados.');
      showStep(stepOf(first));
      return;
    }
    setSending(true);
    try {
      const result = await enviarPreMatricula(token);
      setView(result.data);
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        const found = errorsOf(error);
        setErrors(found);
        setBanner(error.message);
        const first = error.details[0];
        if (first) showStep(stepOf(first.path));
      } else if (error instanceof ApiError && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: preMatriculaKeys.form(token) });
      } else setBanner(error instanceof ApiError ? error.message : 'Não foi possível enviar. Tente de novo.');
    } finally {
      setSending(false);
    }
  };

  /** The list of files as the server now has it (two uploads may finish in any order). */
  const updateDocumentos = (change: (list: PreMatriculaDocumento[]) => PreMatriculaDocumento[]) =>
    queryClient.setQueryData<MatriculaOnlineView>(preMatriculaKeys.form(token), (old) =>
      old ? { ...old, dados: latest.current, documentos: change(old.documentos) } : old,
    );
  const onSent = (documento: PreMatriculaDocumento) =>
    updateDocumentos((list) => [...list.filter((item) => item.tipo !== documento.tipo), documento]);
  const onRemove = async (documento: PreMatriculaDocumento) => {
    try {
      await removerDocumento(token, documento.id);
      updateDocumentos((list) => list.filter((item) => item.id !== documento.id));
    } catch (error) {
      setBanner(error instanceof ApiError ? error.message : 'Não foi possível remover.');
    }
  };

  const stepErrors = (id: StepId) => Object.keys(errors).some((path) => stepOf(path) === id);
  const props = { dados, onChange: change, errors };

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-gray-900">Pré-matrícula de {view.aluno_primeiro_nome}</h1>
        <p className="text-sm text-gray-600">
          {view.serie} · {view.ano_letivo} · link válido até {formatDate(view.expira_em)}
        </p>
      </div>
      <nav aria-label="Etapas do formulário">
        <p className="mb-2 text-sm font-medium text-gray-700">
          Etapa {index + 1} de {steps.length}: {steps[index]?.label}
        </p>
        <ol className="flex gap-1">
          {steps.map((item, at) => (
            <li key={item.id} className="flex-1">
              <button
                type="button"
                onClick={() => void go(item.id)}
                aria-current={item.id === step ? 'step' : undefined}
                aria-label={`${item.label}${stepErrors(item.id) ? ' (com pendências)' : ''}`}
                className={`h-2 w-full rounded-full ${
                  stepErrors(item.id) ? 'bg-red-500' : at <= index ? 'bg-primary' : 'bg-gray-200'
                } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
              />
            </li>
          ))}
        </ol>
      </nav>
      {view.aviso_inadimplencia && (
        <div
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">Rematrícula pendente de regularização</p>
          <p className="mt-1 whitespace-pre-line">{view.aviso_inadimplencia}</p>
        </div>
      )}
      {banner && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {banner}
        </p>
      )}
      <div ref={heading} className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
        {step === 'aluno' && <AlunoStep {...props} />}
        {step === 'responsaveis' && <ResponsaveisStep {...props} />}
        {step === 'endereco' && <EnderecoStep {...props} token={token} consultaCep={view.consulta_cep} />}
        {step === 'documentos' && (
          <DocumentosStep view={view} token={token} errors={errors} onSent={onSent} onRemove={onRemove} />
        )}
        {step === 'plano' && <PlanoStep {...props} view={view} />}
        {step === 'revisao' && (
          <RevisaoStep dados={dados} view={view} onEdit={(id) => void go(id as StepId)} />
        )}
      </div>
      <p aria-live="polite" className="text-xs text-gray-500">
        {saveState === 'salvando'
          ? 'Salvando rascunho...'
          : saveState === 'salvo'
            ? 'Rascunho salvo. Você pode continuar depois pelo mesmo link.'
            : saveState === 'erro'
              ? 'Rascunho não salvo: confira os campos em vermelho.'
              : 'Alterações ainda não salvas.'}
      </p>
      <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur">
        {index > 0 && (
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            onClick={() => void go(steps[index - 1]!.id)}
          >
            Voltar
          </Button>
        )}
        {step === 'revisao' ? (
          <Button
            className="flex-1"
            loading={sending}
            disabled={Boolean(view.aviso_inadimplencia)}
            onClick={() => void submit()}
          >
            Enviar pré-matrícula
          </Button>
        ) : (
          <Button className="flex-1" onClick={() => void go(steps[index + 1]!.id)}>
            Próximo
          </Button>
        )}
      </div>
    </div>
  );
}
