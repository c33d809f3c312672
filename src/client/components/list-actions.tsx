import { Plus, Upload } from 'lucide-react';
import { Button } from './button';

/**
 * A register's header actions for who may change it (Alunos, Professores, Turmas): 'Importar' a
 * spreadsheet, then add one ('Novo Aluno', 'Nova Turma').
 */
export function ImportAndAddButtons({
  onImport,
  onAdd,
  addLabel,
}: {
  onImport: () => void;
  onAdd: () => void;
  addLabel: string;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onImport}>
        <Upload className="h-4 w-4" aria-hidden="true" /> Importar
      </Button>
      <Button onClick={onAdd}>
        <Plus className="h-4 w-4" aria-hidden="true" /> {addLabel}
      </Button>
    </>
  );
}
