/** Deleting a class: what the question says, and the dialog of a class that still has students. */
import { Users } from 'lucide-react';
import { formatCount } from '../../../shared/format';
import type { SchoolClass } from '../../../shared/classes.schemas';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';

/**
 * Names the class and says what goes with it. The server refuses a class that still has students
 * (of any status), a roll or grades: those are the school's records, kept by marking it concluded.
 */
export function classDeletionMessage(turma: SchoolClass): string {
  return `Tem certeza que deseja excluir a turma ${turma.nome} (${turma.serie}, ${turma.ano_letivo})? A grade curricular dela (disciplinas, professores e horários) e o valor de mensalidade configurado para ela serão apagados; as mensalidades já geradas continuam. Uma turma com chamadas ou notas registradas não pode ser excluída: marque-a como concluída em Editar.`;
}

/** A class with students cannot be deleted: the dialog says so and leads to them instead of offering Excluir. */
export function ClassNotEmpty({
  turma,
  onStudents,
  onClose,
}: {
  turma: SchoolClass;
  onStudents: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={`Excluir a turma ${turma.nome}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={onStudents}>
            <Users className="h-4 w-4" aria-hidden="true" /> Ver Alunos
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">
        A turma {turma.nome} ({turma.serie}, {turma.ano_letivo}) tem{' '}
        {formatCount(turma.alunos_count, 'aluno ativo', 'alunos ativos')} e só pode ser excluída sem alunos.
        Tire-os da turma em Ver Alunos (eles não são excluídos) ou, para encerrá-la, marque-a como concluída
        em Editar.
      </p>
    </Modal>
  );
}
