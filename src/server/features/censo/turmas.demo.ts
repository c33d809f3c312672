import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { censoTurmas } from '../../db/schema/censo.js';
import { classes } from '../../db/schema/classes.js';
import { dadosCensoDaTurma, gradesDasTurmas } from './turmas.service.js';

/**
 * The demo school's classes with their census data saved (issue 37): presencial, escolarização, the
 * horário counted from each class's turno and grade, the days of its grade. Runs after the grades exist.
 */
export async function seedCensoTurmasDemo(tx: DbOrTx): Promise<void> {
  const rows = await tx.select().from(classes).where(eq(classes.status, 'ativo'));
  const grades = await gradesDasTurmas(
    tx,
    rows.map((turma) => turma.id),
  );
  for (const turma of rows) {
    const dados = dadosCensoDaTurma(turma, undefined, grades.get(turma.id));
    await tx
      .insert(censoTurmas)
      .values({
        turmaId: turma.id,
        tipoMediacao: dados.tipo_mediacao,
        horaInicio: dados.hora_inicio,
        horaFim: dados.hora_fim,
        dias: dados.dias,
        tipoAtendimento: dados.tipo_atendimento,
        etapa: dados.etapa,
        localDiferenciado: dados.local_diferenciado,
      })
      .onConflictDoNothing();
  }
}
