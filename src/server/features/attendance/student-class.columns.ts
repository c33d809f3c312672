import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';

/**
 * A student with their current class (students left-joined to classes): who they are and the class the
 * answers name, plus its stage, which is what `classRulesIn` holds the student to. One list, so a stage
 * rule that comes to read another column of the class reaches every figure that is ruled by it.
 */
export const studentWithClassColumns = {
  id: students.id,
  nome: students.nome,
  matricula: students.matricula,
  turmaId: classes.id,
  turmaNome: classes.nome,
  nivel: classes.nivel,
  serie: classes.serie,
};
