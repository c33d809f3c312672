import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/rows.js';
import { interessadoEventos, interessados } from '../../db/schema/matriculas.js';
import { clock } from '../../lib/clock.js';

/**
 * Matrícula online (issue 34): the families that wrote on the site and never became students are
 * deleted `meses` months after their last movement (a stage change, an edit, a line on the timeline),
 * with their timeline and pré-matrícula (cascade). A signed contract or an enrolment keeps the row: the
 * student's record and the contract's retention take over. One row at a time, so a row another table
 * still holds on to does not stop the others.
 */
export async function removeStaleInteressados(ctx: AppContext, meses: number): Promise<number> {
  const before = new Date(clock.now());
  before.setUTCMonth(before.getUTCMonth() - meses);
  const due = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      select i.id from ${interessados} i
      where i.aluno_id is null
        and i.etapa not in ('contrato_assinado', 'matriculado')
        and greatest(i.updated_at, i.etapa_em, (
          select max(e.criado_em) from ${interessadoEventos} e where e.interessado_id = i.id
        )) < ${before.toISOString()}::timestamptz`),
  );
  let removed = 0;
  for (const { id } of due) {
    try {
      await ctx.db.execute(sql`delete from ${interessados} where ${interessados.id} = ${id}`);
      removed += 1;
    } catch (error) {
      ctx.log.warn({ err: error, interessadoId: id }, 'Família interessada não removida pela retenção');
    }
  }
  return removed;
}
