/**
 * The pareceres descritivos still to write in a period, per Educação Infantil class: the coordenação's
 * 'Lançamento de notas' of the period lists them beside the subjects' grades (Infantil has no grades).
 */
import { sql } from 'drizzle-orm';
import type { PareceresProgressLine } from '../../../shared/grades-progress.schemas.js';
import { compareClasses } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';

/**
 * Each active Infantil class of the year with its teacher, the children who belonged to it during the
 * period (a membership overlapping the period's days) and how many of them have no parecer of the period
 * yet — none at all, or one left blank. A parecer written in another class counts: it is one per child
 * per period. One grouped read for the whole school.
 */
export async function pareceresProgress(
  db: DbOrTx,
  period: { id: string; inicio: string; fim: string },
  ano: number,
): Promise<PareceresProgressLine[]> {
  const result = await db.execute(sql`
    select c.id as turma_id, c.nome as turma_nome, c.serie, t.nome as professor,
      count(distinct m.aluno_id)::int as criancas,
      count(distinct m.aluno_id) filter (
        where p.id is null or (btrim(p.texto) = '' and p.campos = '{}'::jsonb))::int as sem_parecer
    from classes c
    left join teachers t on t.id = c.professor_responsavel_id
    left join class_memberships m on m.turma_id = c.id and m.inicio <= ${period.fim}
      and (m.fim is null or m.fim >= ${period.inicio})
    left join pareceres p on p.aluno_id = m.aluno_id and p.periodo_id = ${period.id}
    where c.nivel = 'Educação Infantil' and c.ano_letivo = ${String(ano)} and c.status = 'ativo'
    group by c.id, t.nome`);
  const rows = (
    result as {
      rows: (PareceresProgressLine & { serie: string })[];
    }
  ).rows;
  return rows
    .sort((a, b) => compareClasses({ ...a, nome: a.turma_nome }, { ...b, nome: b.turma_nome }))
    .map(({ turma_id, turma_nome, professor, criancas, sem_parecer }) => ({
      turma_id,
      turma_nome,
      professor,
      criancas,
      sem_parecer,
    }));
}
