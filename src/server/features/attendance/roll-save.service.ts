/** Saving a roll: the absences of one lesson (or the daily roll), the families' notices, the audit. */
import { eq, inArray } from 'drizzle-orm';
import { type Roll, type RollData } from '../../../shared/attendance.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { notifyAbsences, withdrawAbsenceNotices } from '../notificacoes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { students } from '../../db/schema/students.js';
import { diaryAccessOf, type Viewer } from '../classes/index.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import {
  blockOf,
  dayContextOf,
  loadGrid,
  membersOn,
  rollKey,
  type GridRow,
  type Member,
} from './attendance.service.js';
import { buildRoll } from './roll-read.service.js';
import { mergeRoll } from '../../../shared/attendance-merge.js';
import { contentAfterSave, rollConflictError } from './roll-merge.js';

/** An absence as the audit of a correction shows it: the student's name beside the id, to be read. */
interface StoredAbsence {
  aluno_id: string;
  nome: string | null;
  justificativa: string | null;
  abonada: boolean;
}

/** The names of students by id: those on the roll, and any other (a membership corrected since) read. */
async function studentNames(tx: DbOrTx, ids: readonly string[], roster: readonly Member[]) {
  const names = new Map(roster.map((member) => [member.id, member.nome]));
  const missing = [...new Set(ids)].filter((id) => !names.has(id));
  if (missing.length > 0) {
    const rows = await tx
      .select({ id: students.id, nome: students.nome })
      .from(students)
      .where(inArray(students.id, missing));
    for (const row of rows) names.set(row.id, row.nome);
  }
  return names;
}

/**
 * PUT /api/frequencia/turmas/:id — saves a roll as the whole list of absences (idempotent: the same
 * body twice leaves the same rows, ids included). With `base` (a device's save, ADR 0053) the list is
 * merged per student with what changed on the server since (roll-merge.ts); a student changed on both
 * sides is a 409 and nothing is written. Absences kept keep their id and any abono; a change
 * to a roll already saved is audited with the absences before and after.
 */
export async function saveRoll(
  ctx: AppContext,
  viewer: Viewer,
  actor: Actor,
  turmaId: string,
  input: RollData,
): Promise<Roll> {
  const access = await diaryAccessOf(ctx.db, viewer, turmaId);
  const turma = access.turma;
  let disciplina: string | null = null;
  let aula = 0;
  let grid: GridRow[] | undefined;
  if (turma.frequenciaModo === 'por_aula') {
    if (!input.disciplina)
      throw badRequest('Informe a disciplina: esta turma faz uma chamada por aula.', [
        { path: 'disciplina', message: 'Informe a disciplina' },
      ]);
    disciplina = input.disciplina;
    aula = input.aula && input.aula > 0 ? input.aula : 1;
    grid = await loadGrid(ctx.db, turmaId);
    if (!grid.some((item) => item.disciplina === disciplina))
      throw badRequest(`${disciplina} não faz parte da grade desta turma.`, [
        { path: 'disciplina', message: 'Disciplina fora da grade da turma' },
      ]);
  } else if (input.disciplina || (input.aula !== undefined && input.aula !== 0)) {
    throw badRequest('Esta turma faz uma chamada por dia: não informe disciplina nem aula.', [
      { path: 'disciplina', message: 'Chamada diária não tem disciplina' },
    ]);
  }
  const [context, onRecord] = await Promise.all([
    dayContextOf(ctx.db, input.data, turmaId),
    disciplina === null
      ? Promise.resolve([])
      : ctx.db
          .select({ id: attendanceRolls.id })
          .from(attendanceRolls)
          .where(rollKey(turmaId, input.data, disciplina, aula)),
  ]);
  const block = blockOf(access, input.data, context, grid ?? [], {
    disciplina,
    aula,
    taken: onRecord.length > 0,
  });
  if (block)
    throw new AppError(
      block.code,
      block.message,
      block.code === 'VALIDATION' ? [{ path: block.path ?? 'data', message: block.message }] : undefined,
    );

  // The students on the roll, read in the transaction: the answer below lists them without asking again.
  let roster: Member[] = [];
  await ctx.db.transaction(async (tx) => {
    roster = await membersOn(tx, turmaId, input.data, disciplina);
    const members = new Set(roster.map((member) => member.id));
    const outsider = input.faltas.findIndex((falta) => !members.has(falta.aluno_id));
    if (outsider >= 0)
      throw badRequest('Aluno não pertence à turma nesta data.', [
        { path: `faltas.${String(outsider)}.aluno_id`, message: 'Aluno não pertence à turma nesta data' },
      ]);
    const key = rollKey(turmaId, input.data, disciplina, aula);
    const inserted = await tx
      .insert(attendanceRolls)
      .values({
        turmaId,
        data: input.data,
        aula,
        disciplina,
        registradoPor: actor.id,
        registradoPorNome: actor.nome,
      })
      .onConflictDoNothing()
      .returning({ id: attendanceRolls.id });
    const isFirstSave = inserted.length > 0;
    const [roll] = await tx.select().from(attendanceRolls).where(key).for('update');
    // Removed by someone else between the insert and the lock: nothing to replace, ask to save again.
    if (!roll) throw conflict('Esta chamada acabou de ser removida por outra pessoa. Salve de novo.');
    const existing = await tx
      .select()
      .from(attendanceAbsences)
      .where(eq(attendanceAbsences.chamadaId, roll.id));
    let faltas = input.faltas;
    if (input.base !== undefined) {
      const merge = mergeRoll(input.base?.faltas ?? [], input.faltas, existing);
      if (merge.conflicts.length > 0) {
        const names = await studentNames(
          tx,
          merge.conflicts.map((item) => item.alunoId),
          roster,
        );
        throw await rollConflictError(tx, isFirstSave ? null : roll, input.data, merge.conflicts, names);
      }
      faltas = merge.faltas;
    }
    const wanted = new Map(faltas.map((falta) => [falta.aluno_id, falta.justificativa ?? null]));
    const current = new Map(existing.map((row) => [row.alunoId, row]));
    const removed = existing.filter((row) => !wanted.has(row.alunoId));
    const added = faltas.filter((falta) => !current.has(falta.aluno_id));
    const changed = existing.filter(
      (row) => wanted.has(row.alunoId) && wanted.get(row.alunoId) !== row.justificativa,
    );
    if (removed.length > 0)
      await tx.delete(attendanceAbsences).where(
        inArray(
          attendanceAbsences.id,
          removed.map((row) => row.id),
        ),
      );
    if (added.length > 0)
      await tx.insert(attendanceAbsences).values(
        added.map((falta) => ({
          chamadaId: roll.id,
          alunoId: falta.aluno_id,
          justificativa: falta.justificativa ?? null,
        })),
      );
    await notifyAbsences(ctx, tx, {
      alunoIds: added.map((falta) => falta.aluno_id),
      data: input.data,
      disciplina,
    });
    // An absence taken back: its family notice goes too while unread (and its e-mail, if still queued).
    await withdrawAbsenceNotices(tx, { alunoIds: removed.map((row) => row.alunoId), data: input.data });
    for (const row of changed) {
      await tx
        .update(attendanceAbsences)
        .set({ justificativa: wanted.get(row.alunoId) ?? null })
        .where(eq(attendanceAbsences.id, row.id));
    }
    const content = contentAfterSave(roll, input);
    const contentChanged = content.conteudo !== roll.conteudo || content.atividades !== roll.atividades;
    // The first save is the roll itself (who and when are on its row); only later changes are audited.
    if (isFirstSave) {
      if (contentChanged)
        await tx.update(attendanceRolls).set(content).where(eq(attendanceRolls.id, roll.id));
      return;
    }
    if (removed.length + added.length + changed.length === 0 && !contentChanged) return;
    await tx
      .update(attendanceRolls)
      .set({ ...content, version: roll.version + 1, updatedAt: clock.now() })
      .where(eq(attendanceRolls.id, roll.id));
    const names = await studentNames(tx, [...current.keys()], roster);
    // By name, as the audit screen lists them (the rows come in whatever order the table holds them).
    const byName = (a: StoredAbsence, b: StoredAbsence) =>
      (a.nome ?? '').localeCompare(b.nome ?? '', 'pt-BR') || a.aluno_id.localeCompare(b.aluno_id);
    const before: StoredAbsence[] = existing.map((row) => ({
      aluno_id: row.alunoId,
      nome: names.get(row.alunoId) ?? null,
      justificativa: row.justificativa,
      abonada: row.abonada,
    }));
    const after: StoredAbsence[] = faltas.map((falta) => ({
      aluno_id: falta.aluno_id,
      nome: names.get(falta.aluno_id) ?? null,
      justificativa: falta.justificativa ?? null,
      abonada: current.get(falta.aluno_id)?.abonada ?? false,
    }));
    await recordAudit(tx, actor, {
      action: 'corrigir_frequencia',
      entity: 'chamada',
      entityId: roll.id,
      details: {
        turma_id: turmaId,
        data: input.data,
        disciplina,
        aula,
        antes: before.sort(byName),
        depois: after.sort(byName),
        // The lesson's record changed too: what it said before and after (only the fields that changed).
        ...(content.conteudo === roll.conteudo
          ? {}
          : { conteudo_antes: roll.conteudo, conteudo_depois: content.conteudo }),
        ...(content.atividades === roll.atividades
          ? {}
          : { atividades_antes: roll.atividades, atividades_depois: content.atividades }),
      },
    });
  });
  return buildRoll(ctx.db, access, input.data, disciplina ?? undefined, aula, {
    grid,
    context,
    members: roster,
  });
}
