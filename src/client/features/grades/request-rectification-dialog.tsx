import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { InputField, TextAreaField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useRequestRectification } from './grades.api';

export interface RectificationTarget {
  avaliacaoId: string;
  alunoId: string;
  aluno: string;
  avaliacao: string;
  atual: string | null;
}

/** Teachers: a grade of a closed period is corrected by asking the secretary (new value and reason). */
export function RequestRectificationDialog({
  target,
  conceitos,
  onClose,
}: {
  target: RectificationTarget;
  conceitos: boolean;
  onClose: () => void;
}) {
  const request = useRequestRectification();
  const [valor, setValor] = useState('');
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (motivo.trim().length < 5) local.motivo = 'Explique o motivo da retificação (ao menos 5 caracteres)';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const text = valor.trim();
    request.mutate(
      {
        avaliacao_id: target.avaliacaoId,
        aluno_id: target.alunoId,
        valor: text === '' ? null : text,
        motivo,
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Solicitação de retificação enviada à secretaria.');
          onClose();
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
      title="Solicitar retificação"
      description={`${target.avaliacao} — ${target.aluno}`}
      busy={request.isPending}
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <p className="text-sm text-gray-700">
          O período está fechado: a secretaria analisa o pedido e aprova ou recusa. A nota só muda depois da
          aprovação, e tudo fica no histórico da nota.
        </p>
        {errors.geral && <ErrorBanner>{errors.geral}</ErrorBanner>}
        <InputField
          label="Nova nota"
          hint={`Atual: ${target.atual ?? 'sem nota'}. Em branco: sem nota.`}
          inputMode={conceitos ? 'text' : 'decimal'}
          autoComplete="off"
          value={valor}
          error={errors.valor || undefined}
          onChange={(event) => {
            setValor(event.target.value);
            setErrors((current) => ({ ...current, valor: '' }));
          }}
        />
        <TextAreaField
          label="Motivo"
          required
          value={motivo}
          error={errors.motivo || undefined}
          onChange={(event) => {
            setMotivo(event.target.value);
            setErrors((current) => ({ ...current, motivo: '' }));
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={request.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={request.isPending}>
            Enviar solicitação
          </Button>
        </div>
      </form>
    </Modal>
  );
}
