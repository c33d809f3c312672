import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ShieldOff } from 'lucide-react';
import {
  ANONYMOUS_STUDENT_PREFIX,
  ERASED_GUARDIAN,
  ERASED_STUDENT,
  type AnonymiseResult,
  type AnonymiseStudentInput,
} from '../../../shared/anonymise.schemas';
import type { Student } from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { ApiError, apiWithMessage } from '../../lib/api-client';
import { ErasureSummary } from '../../domain/erasure-summary';

/** Anonymises a former student (and, when asked, their guardians with no other child at the school). */
function useAnonymiseStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AnonymiseStudentInput }) =>
      apiWithMessage<AnonymiseResult>(`/api/alunos/${id}/anonimizar`, {
        method: 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

function AnonymiseDialog({ student, onClose }: { student: Student; onClose: () => void }) {
  const anonymise = useAnonymiseStudent();
  const [withGuardians, setWithGuardians] = useState(true);
  const confirm = async () => {
    try {
      const result = await anonymise.mutateAsync({
        id: student.id,
        input: { incluir_responsaveis: withGuardians },
      });
      toast.success(result.message ?? 'Dados pessoais anonimizados.');
      onClose();
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : 'Erro ao anonimizar.');
    }
  };
  const erased = [...ERASED_STUDENT, ...(withGuardians ? ERASED_GUARDIAN : [])];
  return (
    <Modal
      open
      onClose={onClose}
      busy={anonymise.isPending}
      title={`Anonimizar os dados de ${student.nome}?`}
      description="Esta ação não pode ser desfeita."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} aria-disabled={anonymise.isPending}>
            Cancelar
          </Button>
          <Button variant="danger" loading={anonymise.isPending} onClick={() => void confirm()}>
            Anonimizar
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-gray-700">
        <ErasureSummary erased={erased} />
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={withGuardians}
            onChange={(event) => setWithGuardians(event.target.checked)}
          />
          <span>
            Anonimizar também os responsáveis que não têm outro filho estudando na escola (responsáveis de
            irmãos ainda matriculados são mantidos).
          </span>
        </label>
      </div>
    </Modal>
  );
}

/**
 * The student record's 'Privacidade (LGPD)' part: erasing a former student's personal data, keeping what
 * the law requires. An active student cannot be erased (the school needs the data while they study).
 */
export function AnonymiseStudentSection({ student }: { student: Student }) {
  const [open, setOpen] = useState(false);
  const anonymised = student.nome.startsWith(ANONYMOUS_STUDENT_PREFIX);
  return (
    <section aria-labelledby="lgpd-aluno" className="mt-6 border-t border-gray-200 pt-4">
      <h3 id="lgpd-aluno" className="text-sm font-semibold text-gray-800">
        Privacidade (LGPD)
      </h3>
      {anonymised ? (
        <p className="mt-1 text-sm text-gray-600">
          Os dados pessoais deste aluno foram anonimizados. A vida escolar e os registros financeiros
          continuam ligados à matrícula.
        </p>
      ) : student.status === 'ativo' ? (
        <p className="mt-1 text-sm text-gray-600">
          A anonimização fica disponível depois da saída do aluno (transferência, conclusão ou inativação).
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm text-gray-600">
            Ex-aluno: a escola pode apagar a identificação e o contato e manter só o que a lei exige.
          </p>
          <Button variant="danger" onClick={() => setOpen(true)}>
            <ShieldOff className="h-4 w-4" aria-hidden="true" /> Anonimizar dados pessoais
          </Button>
        </div>
      )}
      {open && <AnonymiseDialog student={student} onClose={() => setOpen(false)} />}
    </section>
  );
}
