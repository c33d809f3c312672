/**
 * The first comunicado to the whole school after a start, made as fast as the next ones (issue 38,
 * docs/performance.md "o primeiro comunicado depois de iniciar"). On PGlite the database is
 * WebAssembly that V8 compiles lazily, function by function, on first call (a quick baseline compile,
 * optimised only after repeated use): the first `INSERT … SELECT` of a whole school's recipients ran the
 * planner's and executor's join, aggregate, array and B-tree insert code for the first time, and paid
 * for compiling it inside the author's request. This runs the same statement once at start, in the
 * background, into a temporary table dropped at its commit: the code is compiled and the tables' pages
 * read, and nothing is written to the school's tables (no dead rows: PGlite has no autovacuum).
 */
import { sql } from 'drizzle-orm';
import type { Publico } from '../../../shared/comunicados.schemas.js';
import type { Db } from '../../db/client.js';
import { audienceQuery } from './comunicados.audience.js';

const SCHOOL: Publico = {
  tipo: 'escola',
  segmentos: [],
  series: [],
  turmas: [],
  alunos: [],
  destinatarios: 'familias',
};

export async function warmUpPublish(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table warm_destinatarios
      (like comunicado_destinatarios including defaults including indexes) on commit drop`);
    await tx.execute(sql`
      with r as (
        insert into warm_destinatarios (comunicado_id, usuario_id, aluno_ids, entregue_em)
        select '00000000-0000-4000-8000-000000000000'::uuid, a.usuario_id, a.aluno_ids, now()
        from (${audienceQuery(SCHOOL)}) a
        on conflict do nothing
        returning usuario_id)
      select count(*) as total, cardinality(array_agg(r.usuario_id)) as ids from r`);
  });
}
