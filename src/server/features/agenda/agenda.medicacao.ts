import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Autorizacao, autorizacaoInputSchema } from '../../../shared/agenda.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { medicacaoAutorizacoes, type AutorizacaoRow } from '../../db/schema/agenda.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { scopeOf, studentNotFound, studentsInScope, type Viewer } from '../students/index.js';
import { childInScope } from './agenda.scope.js';

/**
 * The family's authorisation to give a child a medicine at school (ADR 0037). A guardian gives it in the
 * portal for their own child; the school's staff record it from the paper the family signed (and keep
 * the paper). The teacher records a medication given only under an authorisation in force that day.
 */

export const TERMO_OBRIGATORIO =
  'A escola registra a autorização só com o termo assinado pela família: confirme que o termo está com a escola.';
export const SEM_AUTORIZACAO =
  'Medicação sem autorização da família para este dia: registre a autorização (pela família no portal ou pela escola com o termo assinado) antes de anotar o remédio.';
const autorizacaoNotFound = () => notFound('Autorização não encontrada.');

export function toAutorizacao(row: AutorizacaoRow, today = clock.today()): Autorizacao {
  return {
    id: row.id,
    aluno_id: row.alunoId,
    medicamento: row.medicamento,
    dose: row.dose,
    posologia: row.posologia,
    inicio: row.inicio,
    fim: row.fim,
    origem: row.origem,
    registrada_por: row.registradaPorNome,
    registrada_em: row.registradaEm.toISOString(),
    revogada_em: row.revogadaEm ? row.revogadaEm.toISOString() : null,
    vigente: row.revogadaEm === null && row.inicio <= today && today <= row.fim,
  };
}

/** The authorisations of the given children, newest first. */
export async function autorizacoesOf(db: DbOrTx, alunoIds: string[]): Promise<AutorizacaoRow[]> {
  if (alunoIds.length === 0) return [];
  return db
    .select()
    .from(medicacaoAutorizacoes)
    .where(inArray(medicacaoAutorizacoes.alunoId, alunoIds))
    .orderBy(desc(medicacaoAutorizacoes.registradaEm));
}

/** GET /api/agenda/alunos/:id/medicacoes */
export async function listAutorizacoes(db: DbOrTx, viewer: Viewer, alunoId: string): Promise<Autorizacao[]> {
  await childInScope(db, viewer, alunoId);
  return (await autorizacoesOf(db, [alunoId])).map((row) => toAutorizacao(row));
}

/** POST /api/agenda/alunos/:id/medicacoes — by a guardian of the child, or by the school with the paper. */
export async function createAutorizacao(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  input: z.output<typeof autorizacaoInputSchema>,
  actor: Actor,
): Promise<Autorizacao> {
  const scope = await childInScope(db, viewer, alunoId);
  if (scope.kind !== 'guardian' && scope.kind !== 'all') throw studentNotFound();
  if (scope.kind === 'all' && input.termo_assinado !== true)
    throw new AppError('VALIDATION', TERMO_OBRIGATORIO, [
      { path: 'termo_assinado', message: TERMO_OBRIGATORIO },
    ]);
  if (input.fim < clock.today()) throw conflict('O período da autorização já terminou.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(medicacaoAutorizacoes)
      .values({
        alunoId,
        medicamento: input.medicamento,
        dose: input.dose,
        posologia: input.posologia,
        inicio: input.inicio,
        fim: input.fim,
        origem: scope.kind === 'guardian' ? 'familia' : 'escola',
        responsavelId: scope.kind === 'guardian' ? scope.guardianId : null,
        registradaPor: actor.id,
        registradaPorNome: actor.nome,
        registradaEm: clock.now(),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'autorizar_medicacao',
      entity: 'aluno',
      entityId: alunoId,
      details: { autorizacao_id: row!.id, medicamento: input.medicamento, origem: row!.origem },
    });
    return toAutorizacao(row!);
  });
}

/** POST /api/agenda/medicacoes/:id/revogar — the family or the school ends it before its period does. */
export async function revokeAutorizacao(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  actor: Actor,
): Promise<Autorizacao> {
  const [found] = await db.select().from(medicacaoAutorizacoes).where(eq(medicacaoAutorizacoes.id, id));
  if (!found) throw autorizacaoNotFound();
  const scope = await scopeOf(db, viewer);
  const [reached] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, found.alunoId), studentsInScope(scope)));
  if (!reached || (scope.kind !== 'guardian' && scope.kind !== 'all')) throw autorizacaoNotFound();
  if (found.revogadaEm) return toAutorizacao(found);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(medicacaoAutorizacoes)
      .set({ revogadaEm: clock.now() })
      .where(eq(medicacaoAutorizacoes.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'revogar_medicacao',
      entity: 'aluno',
      entityId: found.alunoId,
      details: { autorizacao_id: id },
    });
    return toAutorizacao(row!);
  });
}

/** Every medication of the exceptions is under an authorisation of that child, in force on `data`. */
export async function assertMedicationAuthorised(
  tx: DbOrTx,
  data: string,
  wanted: { alunoId: string; autorizacaoId: string }[],
): Promise<void> {
  if (wanted.length === 0) return;
  const rows = await autorizacoesOf(tx, [...new Set(wanted.map((one) => one.alunoId))]);
  for (const one of wanted) {
    const row = rows.find((candidate) => candidate.id === one.autorizacaoId);
    if (!row || row.alunoId !== one.alunoId || !toAutorizacao(row, data).vigente)
      throw conflict(SEM_AUTORIZACAO);
  }
}
