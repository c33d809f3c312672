/** Conselho de classe: recording a class council's decision on a student's year. */
import { eq } from 'drizzle-orm';
import {
  approvalBelowMinimumRefusal,
  councilBlock,
  failingByAbsenceFits,
  failingByAbsenceRefusal,
  type CouncilInput,
  type ReportCard,
} from '../../../shared/report-card.schemas.js';
import { INFANTIL_SEM_NOTAS } from '../../../shared/classes.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { type Viewer } from '../classes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { resolveYear } from '../calendar/index.js';
import { students } from '../../db/schema/students.js';
import { councilDecisions } from '../../db/schema/grades.js';
import { buildReportCard, refuseInfantil, studentNotFound } from './report-card.service.js';

/** The conselho's retention by grade in a year of the ciclo de alfabetização (ADR 0125). */
export const CICLO_SEM_REPROVACAO =
  'Esta série faz parte do ciclo de alfabetização da escola, sem reprovação por nota (Configurações → Acadêmico → Regras por etapa). A reprovação por falta continua valendo.';

/**
 * POST /api/conselho/:aluno_id — the conselho de classe's decision on a subject (or the overall
 * result), with its reason; a new decision replaces the previous one. Audited. It is the year's final
 * result, so it waits for every period of the year to be closed for the student's class (409 with the
 * open ones); 'Reprovado por falta' only for a student below the stage's minimum attendance, and the
 * year's 'Aprovado' never for one (400 on `resultado`); a year in Educação Infantil has no result to decide (409).
 */
export async function recordCouncilDecision(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
  input: CouncilInput,
  actor: Actor,
): Promise<ReportCard> {
  const [student] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.id, alunoId));
  if (!student) throw studentNotFound();
  await refuseInfantil(ctx.db, alunoId);
  const year = await resolveYear(ctx.db, input.ano);
  if (!year)
    throw badRequest('Não há ano letivo cadastrado para registrar a decisão.', [
      { path: 'ano', message: 'Ano letivo não encontrado' },
    ]);
  const card = await buildReportCard(ctx.db, viewer, alunoId, { ano: year.ano });
  if (card.educacao_infantil) throw conflict(INFANTIL_SEM_NOTAS);
  const block = councilBlock(card);
  if (block) throw conflict(block);
  if (input.resultado === 'reprovado_nota' && card.ciclo_sem_reprovacao) {
    const message = CICLO_SEM_REPROVACAO;
    throw badRequest(message, [{ path: 'resultado', message }]);
  }
  if (input.resultado === 'reprovado_falta' && !failingByAbsenceFits(card)) {
    const message = failingByAbsenceRefusal(card);
    throw badRequest(message, [{ path: 'resultado', message }]);
  }
  // A subject's 'Aprovado' is about its grades; the year's result still fails by absence.
  if (input.resultado === 'aprovado' && !input.disciplina && failingByAbsenceFits(card)) {
    const message = approvalBelowMinimumRefusal(card);
    throw badRequest(message, [{ path: 'resultado', message }]);
  }
  await ctx.db.transaction(async (tx) => {
    const values = {
      alunoId,
      anoLetivoId: year.id,
      disciplina: input.disciplina ?? null,
      resultado: input.resultado,
      motivo: input.motivo,
      porId: actor.id,
      porNome: actor.nome,
      em: clock.now(),
    };
    await tx
      .insert(councilDecisions)
      .values(values)
      .onConflictDoUpdate({
        target: [councilDecisions.alunoId, councilDecisions.anoLetivoId, councilDecisions.disciplina],
        set: {
          resultado: values.resultado,
          motivo: values.motivo,
          porId: values.porId,
          porNome: values.porNome,
          em: values.em,
        },
      });
    await recordAudit(tx, actor, {
      action: 'decisao_conselho',
      entity: 'aluno',
      entityId: alunoId,
      details: {
        ano: year.ano,
        disciplina: input.disciplina ?? null,
        resultado: input.resultado,
        motivo: input.motivo,
      },
    });
  });
  return buildReportCard(ctx.db, viewer, alunoId, { ano: year.ano });
}
