/**
 * Issue 38: the family's home costs the same in a school of 500 or a network of 50,000. Every statement
 * the home sends (`me`, the guardian's stats, the feed, the bell's count) is planned with sequential scans
 * off, and none may read a table that grows with the school other than by an index condition: a `Seq Scan`,
 * or an index walked whole with a filter, is a read of every row of the school (at 50,000 students the
 * family's tuition read scanned 550,000 mensalidades four times a home: docs/performance.md, 'O início da
 * família a 50.000'). The plans of a tiny test database are not the plans of a big one, but with sequential
 * scans off the planner takes an index whenever one can serve the condition — so a statement that no
 * index can serve shows here.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { mensalidades } from '../../db/schema/finance.js';
import { insertClass, insertStudent } from '../../test/records-fixtures.js';
import { createSchoolYear, guardianWithAccount } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);
afterEach(() => clock.unpin());

/** Tables whose rows grow with the school (students, their year, their families, their messages). */
const GROWS_WITH_THE_SCHOOL = new Set([
  'users',
  'guardians',
  'students',
  'student_guardians',
  'classes',
  'class_memberships',
  'class_subjects',
  'attendance_rolls',
  'attendance_absences',
  'absence_justifications',
  'assessments',
  'grades',
  'mensalidades',
  'pagamentos',
  'notificacoes',
  'comunicado_destinatarios',
  'conversas',
  'mensagens',
  'consents',
  'school_documents',
  'agenda_dias',
  'pareceres',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** The scans of a plan that read a growing table whole: a sequential scan, or an index without a condition. */
function wholeReads(node: PlanNode, found: string[] = []): string[] {
  const table = node['Relation Name'];
  if (table && GROWS_WITH_THE_SCHOOL.has(table)) {
    const type = node['Node Type'];
    if (type === 'Seq Scan') found.push(`Seq Scan on ${table}`);
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'])
      found.push(`${type} using ${node['Index Name']} on ${table} (sem condição)`);
  }
  for (const child of node.Plans ?? []) wholeReads(child, found);
  return found;
}

/**
 * The generic plan of a statement (the one made without its `$n` values), with sequential scans and
 * merge and hash joins off:
 * prepared, then explained with NULL for every parameter under `force_generic_plan` (the values are not
 * looked at; `EXPLAIN (GENERIC_PLAN)` would do the same, but not through the extended protocol).
 */
async function planOf(statement: string): Promise<PlanNode> {
  const count = Math.max(0, ...[...statement.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  const args = count === 0 ? '' : `(${Array.from({ length: count }, () => 'NULL').join(', ')})`;
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('SET LOCAL enable_seqscan = off'));
    // A merge join walks a small table's index whole as its sorted input: in a big school the planner
    // joins a family's few rows by nested loops, each lookup an index condition.
    await tx.execute(sql.raw('SET LOCAL enable_mergejoin = off'));
    await tx.execute(sql.raw('SET LOCAL enable_hashjoin = off'));
    await tx.execute(sql.raw('SET LOCAL plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`PREPARE family_home_statement AS ${statement}`));
    try {
      const result = await tx.execute(sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE family_home_statement${args}`));
      const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
      const value = Object.values(row)[0];
      const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
      return parsed[0]!.Plan;
    } finally {
      await tx.execute(sql.raw('DEALLOCATE family_home_statement'));
    }
  });
}

describe('the family home at any size (issue 38)', () => {
  it('reads no table that grows with the school other than through an index condition', async () => {
    clock.pin('2026-05-12');
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const classA = await insertClass(t, null);
    const classB = await insertClass(t, null);
    const mother = await guardianWithAccount(t);
    const children = [
      await insertStudent(t, classA.id, mother.guardian.id, '2026-02-02'),
      await insertStudent(t, classB.id, mother.guardian.id, '2026-02-02'),
    ];
    for (const [index, child] of children.entries())
      for (const mes of ['03', '04', '05', '06'])
        await t.database.db.insert(mensalidades).values({
          alunoId: child.id,
          turmaId: index === 0 ? classA.id : classB.id,
          mesReferencia: `2026-${mes}`,
          dataVencimento: `2026-${mes}-10`,
          valorOriginal: 85_000,
          valor: 85_000,
          principalPago: mes === '03' ? 85_000 : 0,
        });

    // The school's other families: 3,000 charges (half open), analysed, so the planner weighs a walk of
    // every open charge (a partial index) against a read of the children's own, as in a real school. The
    // other tables stay without statistics: the planner then assumes them bigger than a few rows, as they
    // are in a school (analysed at a few rows, it walks a tiny table's index whole as a join's outer side).
    const others = [];
    for (let index = 0; index < 30; index++) others.push(await insertStudent(t, classA.id));
    await t.database.db.execute(sql`
      insert into mensalidades (aluno_id, turma_id, mes_referencia, data_vencimento, valor_original, valor, principal_pago)
      select aluno.id, ${classA.id}, to_char(date '2018-01-01' + make_interval(months => g), 'YYYY-MM'),
        date '2018-01-10' + make_interval(months => g), 85000, 85000, case when g % 2 = 0 then 85000 else 0 end
      from generate_series(0, 99) g
      cross join unnest(${sql.raw(`array[${others.map((other) => `'${other.id}'::uuid`).join(', ')}]`)}) as aluno(id)`);
    await t.database.db.execute(sql.raw('ANALYZE mensalidades'));

    const statements = await t.queriesOf(async () => {
      for (const path of [
        '/api/auth/me',
        '/api/dashboard/stats',
        '/api/familia/feed',
        '/api/notificacoes/contagem',
      ]) {
        const response = await get(path, mother.cookie);
        expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      }
    });
    const reads = [...new Set(statements.filter((statement) => /^\s*(select|with)\b/i.test(statement)))];
    // The home reads its children's tuition, attendance and feed: far more than a handful of statements.
    expect(reads.length).toBeGreaterThan(15);
    expect(reads.some((statement) => statement.includes('"mensalidades"'))).toBe(true);
    const offenders: string[] = [];
    for (const statement of reads) {
      const whole = wholeReads(await planOf(statement));
      if (whole.length > 0) offenders.push(`${whole.join(', ')} ← ${statement.slice(0, 160)}`);
    }
    expect(offenders).toEqual([]);
  });
});
