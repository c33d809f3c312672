/** The answer of a roll saved with `base` whose merge (shared/attendance-merge.ts) found conflicts. */
import { desc, and, eq } from 'drizzle-orm';
import type { RollConflict, RollMark } from '../../../shared/attendance.schemas.js';
import type { RollMerge } from '../../../shared/attendance-merge.js';
import { formatDate } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/audit.js';
import { AppError } from '../../lib/errors.js';

const describe = (mark: RollMark) =>
  mark.presente ? 'presente' : mark.justificativa ? `falta (${mark.justificativa})` : 'falta';

/** The 409 of a merge with conflicts: per student both marks, and who last changed the roll and when. */
export async function rollConflictError(
  tx: DbOrTx,
  roll: { id: string; registradoPorNome: string | null; updatedAt: Date } | null,
  data: string,
  conflicts: RollMerge['conflicts'],
  names: ReadonlyMap<string, string>,
): Promise<AppError> {
  let who = roll?.registradoPorNome ?? null;
  if (roll) {
    const [last] = await tx
      .select({ nome: auditLog.actorNome })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'chamada'), eq(auditLog.entityId, roll.id)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    if (last?.nome) who = last.nome;
  }
  const when = (roll?.updatedAt ?? new Date()).toISOString();
  const details: RollConflict[] = conflicts.map((item) => {
    const nome = names.get(item.alunoId) ?? 'Aluno';
    return {
      path: `faltas.${item.alunoId}`,
      message: `${nome}: no aparelho ${describe(item.device)}, no servidor ${describe(item.server)}.`,
      aluno_id: item.alunoId,
      nome,
      no_aparelho: item.device,
      no_servidor: item.server,
      alterado_por: who,
      alterado_em: when,
    };
  });
  const count = conflicts.length;
  return new AppError(
    'CONFLICT',
    `Conflito na chamada de ${formatDate(data)}: ${who ?? 'outra pessoa'} alterou ${count === 1 ? '1 aluno' : `${String(count)} alunos`} que você também mudou. Nada foi salvo; escolha qual marcação manter.`,
    details,
  );
}
