import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { students } from '../../db/schema/students.js';

/** One membership of a student in a class (a student who left and came back has two). */
export interface ClassMembership {
  id: string;
  nome: string;
  matricula: string;
  inicio: string;
  fim: string | null;
}

/**
 * The memberships of a class that overlap a range of days, by the student's name (case and accents
 * aside, as people sort it) and matrícula. The lateral lookup with OFFSET 0 keeps the planner on the students' primary key for the
 * class's ~40 members (as the roll does) instead of scanning every student to hash-join them.
 */
export async function classMembershipsDuring(
  db: DbOrTx,
  turmaId: string,
  de: string,
  ate: string,
): Promise<ClassMembership[]> {
  const result = await db.execute(sql`
    select s.id, s.nome, s.matricula, ${classMemberships.inicio} as inicio, ${classMemberships.fim} as fim
    from ${classMemberships}
    cross join lateral (
      select ${students.id} as id, ${students.nome} as nome, ${students.matricula} as matricula
      from ${students} where ${students.id} = ${classMemberships.alunoId} offset 0
    ) s
    where ${classMemberships.turmaId} = ${turmaId} and ${classMemberships.inicio} <= ${ate}
      and (${classMemberships.fim} is null or ${classMemberships.fim} >= ${de})
    order by fold_text(s.nome), s.matricula`);
  return (result as { rows: ClassMembership[] }).rows;
}
