/**
 * The grade curricular a new class of the rematrícula takes from its origin (ADR 0133): a class that
 * changes stage (9º ano → 1ª série, Pré II → 1º ano, 5º → 6º ano) leaves out the subjects its new stage
 * does not offer, by the catalogue's one rule (`subjectFitsStage`, ADR 0127 and 0132); one that stays in
 * its stage takes the whole grade, as before.
 */
import { inArray } from 'drizzle-orm';
import type { RematriculaClass } from '../../../shared/year-end.schemas.js';
import { inNivel } from '../../../shared/classes.schemas.js';
import { formatList } from '../../../shared/format.js';
import { groupBy } from '../../../shared/group-by.js';
import type { DbOrTx } from '../../db/client.js';
import type { ClassRow } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { bySubjectOrder, readStageFit, readSubjectOrder } from '../disciplinas/index.js';

/**
 * '1ª série A: as disciplinas “Ciências” e “Ensino Religioso” não são oferecidas no Ensino Médio e ficam
 * fora da grade; complete a grade na tela da turma.'
 */
export function gradeLeftOutNotice(turma: string, disciplinas: readonly string[], nivel: string): string {
  // Quoted: a campo de experiência's name has commas and 'e' of its own ('Corpo, gestos e movimentos').
  const names = disciplinas.map((nome) => `“${nome}”`);
  const what =
    names.length === 1
      ? `a disciplina ${names[0]!} não é oferecida ${inNivel(nivel)} e fica`
      : `as disciplinas ${formatList(names)} não são oferecidas ${inNivel(nivel)} e ficam`;
  return `${turma}: ${what} fora da grade; complete a grade na tela da turma.`;
}

/**
 * Marks each class the rematrícula would create in another stage than its origin's with the subjects of
 * the origin's grade it will not take (`fora_da_grade`) and the sentence saying so (`aviso_grade`). A
 * class left out, or one that already exists (its grade is not copied), is told nothing.
 */
export async function markGradeLeftOut(
  db: DbOrTx,
  origins: readonly ClassRow[],
  turmas: readonly RematriculaClass[],
): Promise<void> {
  const originNivel = new Map(origins.map((origin) => [origin.id, origin.nivel as string]));
  const changing = turmas.filter(
    (turma) =>
      turma.incluir &&
      turma.nome !== null &&
      turma.existente_id === null &&
      turma.nivel !== null &&
      turma.nivel !== originNivel.get(turma.origem_id),
  );
  if (changing.length === 0) return;
  const grids = groupBy(
    await db
      .select({ turmaId: classSubjects.turmaId, disciplina: classSubjects.disciplina })
      .from(classSubjects)
      .where(
        inArray(
          classSubjects.turmaId,
          changing.map((turma) => turma.origem_id),
        ),
      ),
    (row) => row.turmaId,
  );
  const fits = await readStageFit(db);
  const order = bySubjectOrder(await readSubjectOrder(db));
  for (const turma of changing) {
    const nivel = turma.nivel!;
    const left = (grids.get(turma.origem_id) ?? [])
      .map((row) => row.disciplina)
      .filter((disciplina) => !fits(disciplina, nivel))
      .sort(order);
    turma.fora_da_grade = left;
    turma.aviso_grade = left.length > 0 ? gradeLeftOutNotice(turma.nome!, left, nivel) : null;
  }
}
