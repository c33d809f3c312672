/** The answer of a roll saved with `base` whose merge (shared/attendance-merge.ts) found conflicts. */
import { desc, and, eq } from 'drizzle-orm';
import type { RollConflict, RollData, RollMark } from '../../../shared/attendance.schemas.js';
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

type LessonContent = { conteudo: string | null; atividades: string | null };

/**
 * The lesson's content after a save (ADR 0078). A field the body leaves out stays as on record. With a
 * device's `base`, a field the teacher did not change there (the body's equals the base's) keeps the
 * server's — someone may have written it meanwhile; a field changed on the device wins, and the text it
 * replaces stays in the audit of the change. Content is one text per lesson, not a mark per student:
 * there is nothing to merge, and the teacher who gave the lesson is the one writing it.
 */
export function contentAfterSave(stored: LessonContent, input: RollData): LessonContent {
  const field = (name: keyof LessonContent): string | null => {
    const sent = input[name];
    if (sent === undefined) return stored[name];
    // A base of null (the roll was not taken when the device loaded it) had no content either.
    if (input.base !== undefined && (input.base?.[name] ?? null) === sent) return stored[name];
    return sent;
  };
  return { conteudo: field('conteudo'), atividades: field('atividades') };
}
