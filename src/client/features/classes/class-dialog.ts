import type { SchoolClass } from '../../../shared/classes.schemas';

/**
 * What each dialog a class opens on 'Turmas' (Ver Alunos, Grade curricular, Itinerários) is given: the
 * class, whether the person may change it, and how to close the dialog.
 */
export interface ClassDialogProps {
  turma: SchoolClass;
  canWrite: boolean;
  onClose: () => void;
}
