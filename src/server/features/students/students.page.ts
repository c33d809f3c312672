import { sql, type SQL } from 'drizzle-orm';
import type { ListStudentsQuery } from '../../../shared/students.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { orderByOf } from '../../lib/sort.js';
import { folded } from '../../lib/text-search.js';
import { countInPage, searchCap, studentsVersion, type StudentFigures } from './students.figures.js';
import type { RecordsScope } from './students.scope.js';

export const turmaColumns = {
  id: classes.id,
  nome: classes.nome,
  serie: classes.serie,
  nivel: classes.nivel,
};

/** A student's columns a row of the list shows (students.presenter.ts, toStudentListItem). */
const listedStudentColumns = {
  id: students.id,
  nome: students.nome,
  dataNascimento: students.dataNascimento,
  sexo: students.sexo,
  matricula: students.matricula,
  email: students.email,
  turmaId: students.turmaId,
  dataMatricula: students.dataMatricula,
  status: students.status,
  version: students.version,
};

/**
 * The rows of one page of the students list, in the order asked, each with the list's version; and, for a
 * search whose total the cache did not hold, how many students it matches (up to its cap + 1) and the
 * version of that count.
 */
export async function readPage(
  db: DbOrTx,
  figures: StudentFigures,
  scope: RecordsScope,
  query: ListStudentsQuery,
  where: SQL | undefined,
  version: number | null,
) {
  // A search orders by an expression the name index does not hold (`|| ''` sorts the same): otherwise the
  // planner, expecting hundreds of matches, walks the whole list in name order filtering each row, which
  // grows with the school ('%Maria Silva%': 36,113 rows filtered, 110 ms at 50,000 students; with this,
  // the trigram index finds the matches and only they are sorted, ~4 ms — docs/performance.md, issue 38).
  const byName = query.q ? sql`(${folded(students.nome)} || '')` : folded(students.nome);
  const order = orderByOf(
    query.sort,
    query.order,
    {
      nome: byName,
      matricula: students.matricula,
      turma: sql`(select lower(${classes.nome}) from ${classes} where ${classes.id} = ${students.turmaId})`,
      status: students.status,
    },
    [byName, students.id],
  );
  // The class of each row, read for the page's rows only: PostgreSQL evaluates a sub-select that no sort
  // needs after the sort and the limit. Joined instead, a search the planner expected hundreds of matches
  // for hashed every class of the school first (issue 38: a name pair at 50,000 students, a seq scan of
  // 1,667 classes, half of the statement's 2 ms on PGlite).
  const turma = sql<{
    id: string;
    nome: string;
    serie: string;
    nivel: string;
  } | null>`(select json_build_object('id', ${classes.id}, 'nome', ${classes.nome}, 'serie', ${classes.serie}, 'nivel', ${classes.nivel}) from ${classes} where ${classes.id} = ${students.turmaId})`;
  const columns = {
    student: listedStudentColumns,
    turma,
    version: studentsVersion.mapWith(Number),
  };
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const pageRows = () =>
    db
      .select(columns)
      .from(students)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);

  // A search whose total the cache does not hold counts its matches in the statement that sorts them: the
  // first cap + 1 matches are read once, counted by a window and sorted (issue 38: a name pair at 50,000
  // students cost a page and a count, two scans of the trigram index, 3.9–4.1 ms on PGlite; together
  // 2.7–2.9 ms). More than the cap, and those are any cap's worth of the matches: the page is read again
  // over all of them, and the search is remembered as broad (countInPage).
  const cap = searchCap(query);
  let rows: Awaited<ReturnType<typeof pageRows>>;
  let matched: { count: number; version: number | null } | undefined;
  if (cap !== null && countInPage(figures, scope, query, version)) {
    // Named as the table it reads, so the page's expressions read it (inside, `students` is still the table).
    const withinCap = db.$with('students').as(
      db
        .select()
        .from(students)
        .where(where)
        .limit(cap + 1),
    );
    const found = await db
      .with(withinCap)
      .select({ ...columns, matches: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(withinCap)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    matched = found[0] && { count: found[0].matches, version: found[0].version };
    rows = matched && matched.count <= cap ? found : await pageRows();
  } else rows = await pageRows();
  return { rows, matched };
}
