import { useState, type SyntheticEvent } from 'react';
import { ClipboardCheck, Lock } from 'lucide-react';
import { formatGradeNumber, regraRecuperacaoFinalLabels } from '../../../shared/averages';
import type { FinalRecoveryList, FinalRecoveryStudent } from '../../../shared/final-recovery.schemas';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { SituacaoBadge } from '../../domain/report-card-parts';
import { useFinalRecoveries, useSaveFinalRecoveries } from './final-recovery.api';

/**
 * Notas → 'Recuperação final' (ADR 0097): the students of the class whose annual average in the subject
 * stayed below the passing one, with the grade of the final exam to type and the final average it gives.
 * Only they are listed; the server refuses anyone else.
 */
export function FinalRecovery({ turmaId, disciplina }: { turmaId: string; disciplina: string }) {
  const list = useFinalRecoveries(turmaId, disciplina);
  if (list.isPending) return <Spinner />;
  if (list.isError) return <ErrorBanner>Erro ao carregar a recuperação final.</ErrorBanner>;
  // Remounted per class and subject, so what was typed for one never shows under another.
  return <FinalRecoveryForm key={`${turmaId}:${disciplina}`} data={list.data} />;
}

const textOf = (student: FinalRecoveryStudent) => student.recuperacao_final_texto ?? '';

function FinalRecoveryForm({ data }: { data: FinalRecoveryList }) {
  const save = useSaveFinalRecoveries();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const locked = data.bloqueio !== null;
  const changed = data.alunos.filter(
    (student) => typed[student.aluno_id] !== undefined && typed[student.aluno_id] !== textOf(student),
  );

  const handleSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    setSaved(null);
    setFailure(null);
    save.mutate(
      {
        turma_id: data.turma.id,
        disciplina: data.disciplina,
        notas: changed.map((student) => ({
          aluno_id: student.aluno_id,
          valor: typed[student.aluno_id]!.trim() === '' ? null : typed[student.aluno_id]!,
          version: student.version,
        })),
      },
      {
        onSuccess: (result) => {
          setTyped({});
          setErrors({});
          setSaved(result.message ?? 'Recuperação final salva.');
        },
        onError: (error) => {
          const byStudent: Record<string, string> = {};
          if (error instanceof ApiError)
            for (const detail of error.details) {
              const index = /^notas\.(\d+)\./.exec(detail.path)?.[1];
              const student = index === undefined ? undefined : changed[Number(index)];
              if (student) byStudent[student.aluno_id] = detail.message;
            }
          setErrors(byStudent);
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="recuperacao-final-titulo"
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="recuperacao-final-titulo" className="text-lg font-semibold text-gray-900">
        Recuperação final — {data.disciplina}
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Alunos de {data.turma.nome} com média anual abaixo de {formatGradeNumber(data.media_aprovacao)}.{' '}
        {regraRecuperacaoFinalLabels[data.regra]}; a média final precisa chegar a{' '}
        {formatGradeNumber(data.media_recuperacao_final)}.
      </p>
      {locked && (
        <p
          role="status"
          className="mt-3 flex items-start gap-2 rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-900"
        >
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {data.bloqueio}
        </p>
      )}
      {data.alunos.length === 0 ? (
        <EmptyState
          icon={ClipboardCheck}
          title="Nenhum aluno ficou abaixo da média nesta disciplina"
          hint={`Todos os alunos de ${data.turma.nome} com média anual em ${data.disciplina} estão na média de aprovação ou acima.`}
        />
      ) : (
        <form onSubmit={handleSubmit} className="mt-4" noValidate>
          <ul className="divide-y divide-gray-100">
            {data.alunos.map((student) => (
              <StudentRow
                key={student.aluno_id}
                student={student}
                escala={data.escala}
                value={typed[student.aluno_id] ?? textOf(student)}
                error={errors[student.aluno_id]}
                disabled={locked}
                onChange={(value) => setTyped((current) => ({ ...current, [student.aluno_id]: value }))}
              />
            ))}
          </ul>
          {failure && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {failure}
            </p>
          )}
          <div className="mt-4 flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
            {saved && (
              <p role="status" className="text-sm text-green-700">
                {saved}
              </p>
            )}
            {!locked && (
              <Button
                type="submit"
                className="min-h-11"
                disabled={changed.length === 0}
                loading={save.isPending}
              >
                {save.isPending ? 'Salvando…' : 'Salvar recuperação final'}
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

function StudentRow({
  student,
  escala,
  value,
  error,
  disabled,
  onChange,
}: {
  student: FinalRecoveryStudent;
  escala: FinalRecoveryList['escala'];
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <li className="grid grid-cols-2 items-center gap-x-4 gap-y-2 py-3 sm:grid-cols-[minmax(0,2fr)_7rem_9rem_7rem_minmax(0,1fr)]">
      <span className="col-span-2 font-medium text-gray-900 sm:col-span-1">{student.nome}</span>
      <span className="text-sm text-gray-700">
        <span className="text-gray-500">Média anual </span>
        {student.media_anual_texto}
      </span>
      <InputField
        label={`Recuperação final de ${student.nome}`}
        labelHidden
        inputMode={escala === 'conceitos' ? 'text' : 'decimal'}
        placeholder={escala === 'conceitos' ? 'A a E' : 'Nota'}
        value={value}
        error={error}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="text-sm text-gray-700">
        <span className="text-gray-500">Média final </span>
        {student.media_final_texto ?? '—'}
      </span>
      <span>
        <SituacaoBadge situacao={student.situacao} conselho={false} />
      </span>
    </li>
  );
}
