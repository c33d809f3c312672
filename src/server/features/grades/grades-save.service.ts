/** Saving a batch of grades: all or nothing, each cell guarded by its version, every change in its history. */
import { and, inArray, sql } from 'drizzle-orm';
import { messages, type FieldError } from '../../../shared/api.js';
import { displayGrade, parseGradeValue } from '../../../shared/averages.js';
import { type GradesBatchInput, type SavedGrades } from '../../../shared/grades.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { type Viewer } from '../classes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { assessments, gradeChanges, grades, type AssessmentRow } from '../../db/schema/grades.js';
import { periodContextOf } from '../calendar/index.js';
import {
  AUDITED_GRADES,
  assessmentNotFound,
  ensureWritable,
  numericText,
  rulesNow,
  subjectAccess,
  tenthsOf,
} from './grades.service.js';
import { membersDuring, outsideClass, outsideItinerario, type GridMember } from './grades-grid.service.js';
import { cellOf } from './grades.presenter.js';

// ---------------------------------------------------------------- saving grades

/**
 * PUT /api/notas — a batch of cells, all or nothing. Each cell carries the version it was read at; a
 * cell changed meanwhile is a 409 naming that cell (details), and nothing is saved. An unchanged value
 * keeps its version. Every change is kept in the grade's history.
 */
export async function saveGrades(
  ctx: AppContext,
  viewer: Viewer,
  input: GradesBatchInput,
  actor: Actor,
): Promise<SavedGrades> {
  // The batch writes only into open years (ensureWritable refuses a closed one): today's rules.
  const rules = await rulesNow(ctx.db);
  const assessmentIds = [...new Set(input.notas.map((cell) => cell.avaliacao_id))];
  const columns = await ctx.db.select().from(assessments).where(inArray(assessments.id, assessmentIds));
  const byId = new Map(columns.map((column) => [column.id, column]));
  const errors: FieldError[] = [];
  input.notas.forEach((cell, index) => {
    if (!byId.has(cell.avaliacao_id))
      errors.push({ path: `notas.${String(index)}.avaliacao_id`, message: 'Avaliação não encontrada' });
  });
  if (errors.length > 0) throw new AppError('NOT_FOUND', 'Avaliação não encontrada.', errors);

  // Each class × subject × period of the batch: the user teaches it, the period is open, and the students belonged.
  const groups = new Map<string, AssessmentRow>();
  for (const column of columns)
    groups.set(`${column.turmaId}:${column.disciplina}:${column.periodoId}`, column);
  const membersByGroup = new Map<string, Map<string, GridMember>>();
  // Assessments whose period is open again after being published: the families already read it.
  const afterPublication = new Set<string>();
  for (const [key, column] of groups) {
    const access = await subjectAccess(ctx.db, viewer, column.turmaId, column.disciplina, 'write').catch(
      () => {
        throw assessmentNotFound();
      },
    );
    const context = await periodContextOf(ctx.db, column.periodoId);
    const state = await ensureWritable(ctx.db, context, column.turmaId, access.isAdmin);
    if (state.publicado)
      for (const item of columns)
        if (`${item.turmaId}:${item.disciplina}:${item.periodoId}` === key) afterPublication.add(item.id);
    const members = await membersDuring(
      ctx.db,
      column.turmaId,
      context.period.inicio,
      context.period.fim,
      column.disciplina,
    );
    membersByGroup.set(key, new Map(members.map((member) => [member.id, member])));
  }

  const parsed = input.notas.map((cell, index) => {
    const column = byId.get(cell.avaliacao_id)!;
    const path = `notas.${String(index)}`;
    const members = membersByGroup.get(`${column.turmaId}:${column.disciplina}:${column.periodoId}`)!;
    const member = members.get(cell.aluno_id);
    // A student whose itinerário changed: the assessments of the days it was theirs only.
    const value = parseGradeValue(cell.valor, rules);
    // …and one who left the class: the assessments up to the day before they left only (a grade given
    // there before may still be cleared).
    const cleared = value.ok && value.tenths === null;
    const outside =
      member === undefined
        ? null
        : (outsideItinerario(member, column.data) ?? (cleared ? null : outsideClass(member, column.data)));
    if (member === undefined)
      errors.push({
        path: `${path}.aluno_id`,
        message: 'Aluno não pertencia à turma neste período (ou não cursa o itinerário desta disciplina)',
      });
    else if (outside !== null) errors.push({ path: `${path}.aluno_id`, message: outside });
    if (!value.ok) errors.push({ path: `${path}.valor`, message: value.message });
    return { ...cell, path, value: value.ok ? value : { ok: true as const, tenths: null, conceito: null } };
  });
  const seen = new Set<string>();
  parsed.forEach((cell) => {
    const key = `${cell.avaliacao_id}:${cell.aluno_id}`;
    if (seen.has(key)) errors.push({ path: cell.path, message: 'Nota repetida no mesmo envio' });
    seen.add(key);
  });
  if (errors.length > 0)
    throw badRequest(
      errors.length === 1
        ? errors[0]!.message
        : `${String(errors.length)} notas com problema: corrija as células indicadas.`,
      errors,
    );

  const saved = await ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(grades)
      .where(
        and(
          inArray(grades.avaliacaoId, assessmentIds),
          inArray(grades.alunoId, [...new Set(parsed.map((cell) => cell.aluno_id))]),
        ),
      )
      .for('update');
    const current = new Map(existing.map((row) => [`${row.avaliacaoId}:${row.alunoId}`, row]));
    const conflicts: FieldError[] = [];
    for (const cell of parsed) {
      const row = current.get(`${cell.avaliacao_id}:${cell.aluno_id}`);
      const expected = cell.version ?? 0;
      if ((row?.version ?? 0) !== expected) {
        const now = row ? displayGrade(tenthsOf(row.valor), rules) : null;
        conflicts.push({
          path: cell.path,
          message: `Nota alterada por outra pessoa (agora: ${now ?? 'sem nota'}). Recarregue para ver a versão atual.`,
        });
      }
    }
    if (conflicts.length > 0)
      throw new AppError(
        'CONFLICT',
        'Outra pessoa alterou estas notas enquanto você editava. Nada foi salvo; recarregue.',
        conflicts,
      );

    const now = clock.now();
    const history: (typeof gradeChanges.$inferInsert)[] = [];
    const results: SavedGrades['notas'] = [];
    let changed = 0;
    const toInsert = parsed.filter((cell) => !current.has(`${cell.avaliacao_id}:${cell.aluno_id}`));
    const inserted =
      toInsert.length === 0
        ? []
        : await tx
            .insert(grades)
            .values(
              toInsert.map((cell) => ({
                avaliacaoId: cell.avaliacao_id,
                alunoId: cell.aluno_id,
                valor: cell.value.tenths === null ? null : numericText(cell.value.tenths),
                conceito: cell.value.conceito,
                updatedAt: now,
              })),
            )
            .returning()
            .catch((error: unknown) => {
              if (isUniqueViolation(error, 'grades_assessment_student_unique'))
                throw conflict(
                  'Outra pessoa lançou estas notas enquanto você editava. Nada foi salvo; recarregue.',
                );
              throw error;
            });
    const kindOf = (avaliacaoId: string) =>
      afterPublication.has(avaliacaoId) ? ('apos_publicacao' as const) : ('lancamento' as const);
    for (const row of inserted) {
      if (row.valor !== null)
        history.push({
          notaId: row.id,
          tipo: kindOf(row.avaliacaoId),
          antes: null,
          depois: row.valor,
          porId: actor.id,
          porNome: actor.nome,
          em: now,
        });
      results.push({ ...cellOf(row, row.avaliacaoId, rules), aluno_id: row.alunoId });
      if (row.valor !== null) changed++;
    }
    const changes: { row: (typeof existing)[number]; next: string | null; conceito: string | null }[] = [];
    for (const cell of parsed) {
      const row = current.get(`${cell.avaliacao_id}:${cell.aluno_id}`);
      if (!row) continue;
      if (tenthsOf(row.valor) === cell.value.tenths) {
        results.push({ ...cellOf(row, row.avaliacaoId, rules), aluno_id: row.alunoId });
        continue;
      }
      const next = cell.value.tenths === null ? null : numericText(cell.value.tenths);
      changes.push({ row, next, conceito: cell.value.conceito });
    }
    if (changes.length > 0) {
      // One statement for the whole batch (the rows are locked above): the version moves by one.
      const values = sql.join(
        changes.map(
          (change) =>
            sql`(${change.row.id}::uuid, ${change.next}::numeric, ${change.conceito}::text, ${change.row.version}::integer)`,
        ),
        sql`, `,
      );
      const updated = await tx.execute(sql`
        update ${grades} set valor = v.valor, conceito = v.conceito, version = ${grades.version} + 1, updated_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, valor, conceito, version)
        where ${grades.id} = v.id and ${grades.version} = v.version
        returning ${grades.id} as id, ${grades.avaliacaoId} as avaliacao_id, ${grades.alunoId} as aluno_id,
          ${grades.valor}::text as valor, ${grades.version} as version`);
      const rows = (
        updated as {
          rows: {
            id: string;
            avaliacao_id: string;
            aluno_id: string;
            valor: string | null;
            version: number;
          }[];
        }
      ).rows;
      if (rows.length !== changes.length) throw conflict(messages.staleVersion);
      for (const change of changes)
        history.push({
          notaId: change.row.id,
          tipo: kindOf(change.row.avaliacaoId),
          antes: change.row.valor,
          depois: change.next,
          porId: actor.id,
          porNome: actor.nome,
          em: now,
        });
      for (const row of rows)
        results.push({
          ...cellOf({ id: row.id, valor: row.valor, version: row.version }, row.avaliacao_id, rules),
          aluno_id: row.aluno_id,
        });
      changed += rows.length;
    }
    if (history.length > 0) await tx.insert(gradeChanges).values(history);
    const corrections = history.filter((entry) => entry.antes !== null && entry.antes !== undefined).length;
    const published = history.filter((entry) => entry.tipo === 'apos_publicacao').length;
    if (corrections > 0 || published > 0)
      await recordAudit(tx, actor, {
        action: 'alterar_notas',
        entity: 'avaliacao',
        entityId: assessmentIds.length === 1 ? assessmentIds[0]! : null,
        details: {
          alteradas: corrections,
          avaliacoes: assessmentIds,
          ...(published > 0 ? { apos_publicacao: published } : {}),
          // Which grades, by id (the Auditoria names the student and the assessment when it reads them).
          notas: history
            .filter((entry) => entry.antes !== null || entry.tipo === 'apos_publicacao')
            .slice(0, AUDITED_GRADES)
            .map((entry) => ({
              nota_id: entry.notaId,
              antes: entry.antes ?? null,
              depois: entry.depois ?? null,
            })),
        },
      });
    return { salvas: changed, notas: results };
  });
  return saved;
}
