import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { AlunoParaConversa } from '../../../shared/mensagens.schemas';
import { formatList } from '../../../shared/format';
import { parentescoLabels } from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { alunosParaConversaQuery, useStartConversa } from './mensagens.api';

/**
 * The student list's first line: a teacher who has not picked the class yet is told to, not shown
 * 'Nenhum aluno' (read as 'this class has no students'); nor while the list loads.
 */
function placeholderOf(teacher: boolean, turmaId: string, loading: boolean, count: number): string {
  if (teacher && !turmaId) return 'Escolha a turma primeiro';
  if (loading) return 'Carregando alunos...';
  return count === 0 ? 'Nenhum aluno' : 'Escolha';
}

/** Picks the student: a teacher by class then student; staff by searching a student's name. */
function StudentPicker({
  teacher,
  value,
  onPick,
}: {
  teacher: boolean;
  value: AlunoParaConversa | null;
  onPick: (aluno: AlunoParaConversa | null) => void;
}) {
  const [q, setQ] = useState('');
  const [turmaId, setTurmaId] = useState('');
  const search = teacher ? '' : q.trim();
  const alunos = useQuery(alunosParaConversaQuery(search, teacher || search.length >= 2));
  const rows = alunos.data ?? [];
  const turmas = [
    ...new Map(rows.flatMap((row) => (row.turma ? [[row.turma.id, row.turma.nome]] : []))).entries(),
  ];
  const shown = teacher ? rows.filter((row) => row.turma?.id === turmaId) : rows;
  // The kit's SelectField, labelled by id: a wrapping label added the chosen option to the field's name
  // ('Aluno Escolha a turma primeiro'), which then also answered to 'Turma'.
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {teacher ? (
        <SelectField label="Turma" value={turmaId} onChange={(event) => setTurmaId(event.target.value)}>
          <option value="">Escolha</option>
          {turmas.map(([id, nome]) => (
            <option key={id} value={id}>
              {nome}
            </option>
          ))}
        </SelectField>
      ) : (
        <InputField
          label="Buscar aluno"
          type="search"
          value={q}
          placeholder="Nome do aluno"
          onChange={(event) => setQ(event.target.value)}
        />
      )}
      <SelectField
        label="Aluno"
        value={value?.aluno.id ?? ''}
        onChange={(event) => onPick(shown.find((row) => row.aluno.id === event.target.value) ?? null)}
      >
        <option value="">{placeholderOf(teacher, turmaId, alunos.isPending, shown.length)}</option>
        {shown.map((row) => (
          <option key={row.aluno.id} value={row.aluno.id}>
            {row.aluno.nome}
            {!teacher && row.turma ? ` — ${row.turma.nome}` : ''}
            {row.responsaveis.some((item) => item.disponivel) ? '' : ' (ninguém no portal)'}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** 'Nova conversa' for a teacher (a student of their classes) or the secretaria (any family). */
export function NovaConversaEscolaModal({
  teacher,
  onClose,
  onStarted,
}: {
  teacher: boolean;
  onClose: () => void;
  onStarted: (id: string) => void;
}) {
  const start = useStartConversa();
  const [aluno, setAluno] = useState<AlunoParaConversa | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [assunto, setAssunto] = useState('');
  const [texto, setTexto] = useState('');
  const missingId = useId();
  // No guardian of this student can receive: the notice above says why; no step here would help.
  const noneReceive = aluno !== null && !aluno.responsaveis.some((item) => item.disponivel);
  const missing = noneReceive
    ? []
    : [
        ...(aluno ? [] : ['escolha o aluno']),
        ...(aluno && chosen.length === 0 ? ['marque um responsável'] : []),
        ...(assunto.trim().length < 3 ? ['escreva o assunto (ao menos 3 caracteres)'] : []),
        ...(texto.trim() ? [] : ['escreva a mensagem']),
      ];
  const pick = (next: AlunoParaConversa | null) => {
    setAluno(next);
    setChosen(next ? next.responsaveis.filter((item) => item.disponivel).map((item) => item.id) : []);
  };
  const submit = () => {
    if (!aluno) return;
    start.mutate(
      { aluno_id: aluno.aluno.id, assunto, texto, responsaveis: chosen },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Mensagem enviada');
          onStarted(result.data.id);
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Erro ao enviar'),
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Nova conversa"
      description={teacher ? 'Com os responsáveis de um aluno das suas turmas' : 'Com a família de um aluno'}
      footer={
        <>
          {missing.length > 0 && (
            // Enviar waits for these: said beside it, not left to guess (an 'Oi' of a subject kept it off).
            <p id={missingId} className="mr-auto self-center text-xs text-gray-600">
              Para enviar: {formatList(missing)}.
            </p>
          )}
          <Button
            loading={start.isPending}
            disabled={noneReceive || missing.length > 0}
            aria-describedby={missing.length > 0 ? missingId : undefined}
            onClick={submit}
          >
            Enviar
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <StudentPicker teacher={teacher} value={aluno} onPick={pick} />
        {aluno && (
          <fieldset>
            <legend className="text-sm font-medium text-gray-700">Para</legend>
            {aluno.responsaveis.length === 0 ? (
              <p className="text-sm text-gray-600">Este aluno não tem responsáveis cadastrados.</p>
            ) : (
              !aluno.responsaveis.some((item) => item.disponivel) && (
                // Enviar stays off: say why and what to do, not leave the teacher trying each student.
                <p role="status" className="text-sm text-amber-900">
                  Nenhum responsável deste aluno pode receber mensagens pelo portal. Peça à secretaria o
                  acesso da família ou fale por telefone.
                </p>
              )
            )}
            {aluno.responsaveis.map((item) => (
              <label key={item.id} className="mt-1 flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  disabled={!item.disponivel}
                  checked={chosen.includes(item.id)}
                  onChange={(event) =>
                    setChosen(
                      event.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id),
                    )
                  }
                />
                {item.nome} (
                {(parentescoLabels as Record<string, string | undefined>)[item.parentesco] ?? item.parentesco}
                {item.principal ? ', principal' : ''})
                {!item.disponivel && (
                  <span className="text-xs text-gray-500">
                    {item.motivo === 'so_principal'
                      ? '— a escola escreve só ao responsável principal'
                      : '— sem acesso ao portal: não recebe mensagens'}
                  </span>
                )}
              </label>
            ))}
            <p className="mt-1 text-xs text-gray-600">Cada responsável recebe a conversa só para si.</p>
          </fieldset>
        )}
        <InputField
          label="Assunto"
          value={assunto}
          maxLength={120}
          onChange={(event) => setAssunto(event.target.value)}
        />
        <TextAreaField
          label="Mensagem"
          rows={5}
          value={texto}
          onChange={(event) => setTexto(event.target.value)}
        />
      </div>
    </Modal>
  );
}
