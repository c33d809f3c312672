import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ConsentPurpose } from '../../shared/consent.schemas.js';
import { mensalidades, pagamentos } from '../db/schema/finance.js';
import { rowsOf } from '../db/rows.js';
import { dataOf, insertClass, insertTeacher, newCpf } from './records-fixtures.js';
import { requestsOf, signedIn, type TestApp } from './test-app.js';

/**
 * The 2026 year in bimestres and its 1st bimestre (01/02–30/04, closing on 10/05), inserted as rows
 * (no API): the ids a test hangs grades and records on.
 */
export async function insertFirstBimestre(t: TestApp) {
  const db = t.database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
  const year = await one<{ id: string }>(sql`
    insert into school_years (ano, inicio, fim, tipo_periodo) values (2026, '2026-02-01', '2026-12-15', 'bimestre') returning id`);
  const period = await one<{ id: string }>(sql`
    insert into school_periods (ano_letivo_id, numero, inicio, fim, data_fechamento)
    values (${year.id}, 1, '2026-02-01', '2026-04-30', '2026-05-10') returning id`);
  return { year, period };
}

/** Every row of every table as JSON text, per table: the whole database, to compare before and after. */
export async function snapshotDatabase(t: TestApp): Promise<Map<string, string[]>> {
  const db = t.database.db;
  const tables = rowsOf<{ tbl: string }>(
    await db.execute(sql`
      select table_name as tbl from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const snapshot = new Map<string, string[]>();
  for (const { tbl } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(sql`select to_jsonb(t)::text as row from ${sql.raw(`"${tbl}"`)} t order by 1`),
    );
    snapshot.set(
      tbl,
      rows.map((row) => row.row),
    );
  }
  return snapshot;
}

/** The rows that are no longer as they were (changed or deleted), per table. */
export function rowsGone(
  before: Map<string, string[]>,
  after: Map<string, string[]>,
): Record<string, string[]> {
  const gone: Record<string, string[]> = {};
  for (const [table, rows] of before) {
    const now = new Set(after.get(table) ?? []);
    const missing = rows.filter((row) => !now.has(row));
    if (missing.length > 0) gone[table] = missing;
  }
  return gone;
}

export const SCHOOL_PHONE = '1133334444';

/**
 * A school whose words collide with a guardian's: the class grid, an assessment and a teacher say
 * 'Matemática'; the school's phone is in the settings and in a document issued to another student. The
 * guardian (with a portal account, and a child who left the school) then sets their own address to
 * 'Matemática' and their phone to the school's, through the portal. Anonymising them must leave every
 * one of those other records byte for byte as it was.
 */
export async function schoolWithCollidingGuardian(t: TestApp, options: { childLeftAt?: string } = {}) {
  const { send, get } = requestsOf(() => t.app);
  const db = t.database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
  const admin = await signedIn(t, 'administrador');
  const current = dataOf<{ version: number }>(await get('/api/configuracoes/escola', admin.cookie));
  const school = await send('PUT', '/api/configuracoes/escola', admin.cookie, {
    nome: 'Escola Girassol',
    telefone: '(11) 3333-4444',
    endereco: 'Rua da Escola, 10',
    version: current.version,
  });
  expect(school.statusCode).toBe(200);

  const teacher = await insertTeacher(t);
  const turma = await insertClass(t, teacher.id);
  await db.execute(sql`
    insert into class_subjects (turma_id, disciplina, professor_id, aulas_semanais) values (${turma.id}, 'Matemática', ${teacher.id}, 5)`);
  const { period } = await insertFirstBimestre(t);
  await db.execute(sql`
    insert into assessments (turma_id, disciplina, periodo_id, nome, data)
    values (${turma.id}, 'Matemática', ${period.id}, 'Prova de Matemática', '2026-03-10')`);

  // Another family, with a document issued by the secretaria (it carries the school's phone).
  const otherGuardian = await one<{ id: string }>(sql`
    insert into guardians (nome, telefone, cpf) values ('Renata Outrafamília', '11977776666', ${newCpf()}) returning id`);
  const other = await one<{ id: string }>(sql`
    insert into students (nome, data_nascimento, matricula, status, turma_id, data_enturmacao)
    values ('Bernardo Outrafamília Lins', '2016-01-02', '2024-0001', 'ativo', ${turma.id}, '2026-02-01') returning id`);
  await db.execute(sql`
    insert into student_guardians (aluno_id, responsavel_id, parentesco, eh_principal) values (${other.id}, ${otherGuardian.id}, 'mae', true)`);
  await db.execute(sql`
    insert into class_memberships (aluno_id, turma_id, inicio) values (${other.id}, ${turma.id}, '2026-02-01')`);
  const issued = await send('POST', '/api/documentos', admin.cookie, {
    aluno_id: other.id,
    tipo: 'declaracao_matricula',
  });
  expect(issued.statusCode).toBe(201);

  // The guardian: a portal account, a child who left, and their own contact typed in the portal.
  const account = await signedIn(t, 'responsavel', { nome: 'Joana Colisão Prado' });
  const guardian = await one<{ id: string }>(sql`
    insert into guardians (nome, email, telefone, cpf, usuario_id, updated_at)
    values ('Joana Colisão Prado', ${account.user.email}, '11988887777', ${newCpf()}, ${account.user.id},
            ${options.childLeftAt ?? new Date().toISOString()}::timestamptz) returning id`);
  const child = await one<{ id: string }>(sql`
    insert into students (nome, data_nascimento, matricula, status, updated_at)
    values ('Caio Colisão Prado', '2012-05-05', '2020-0077', 'transferido',
            ${options.childLeftAt ?? new Date().toISOString()}::timestamptz) returning id`);
  await db.execute(sql`
    insert into student_guardians (aluno_id, responsavel_id, parentesco, eh_principal) values (${child.id}, ${guardian.id}, 'mae', true)`);
  const contact = await send('PUT', '/api/responsaveis/me', account.cookie, {
    telefone: '(11) 3333-4444',
    endereco: 'Matemática',
  });
  expect(contact.statusCode).toBe(200);
  if (options.childLeftAt)
    await db.execute(
      sql`update guardians set updated_at = ${options.childLeftAt}::timestamptz where id = ${guardian.id}`,
    );
  const stored = await one<{ telefone: string; endereco: string }>(
    sql`select telefone, endereco from guardians where id = ${guardian.id}`,
  );
  expect(stored).toEqual({ telefone: SCHOOL_PHONE, endereco: 'Matemática' });
  return { admin, account, guardian, child, other, document: dataOf<{ id: string }>(issued) };
}

/**
 * After the guardian is anonymised: the colliding records are byte for byte as they were, nothing of
 * anyone else changed, and the guardian's own data is gone.
 */
export async function expectOnlyTheGuardianErased(
  t: TestApp,
  before: Map<string, string[]>,
  family: { guardian: { id: string }; account: { user: { id: string } } },
) {
  const after = await snapshotDatabase(t);
  const gone = rowsGone(before, after);
  for (const table of [
    'settings',
    'content_sections',
    'content_history',
    'class_subjects',
    'assessments',
    'classes',
    'teachers',
    'school_documents',
    'audit_log',
    'students',
    'calendar_entries',
  ])
    expect(gone[table], `${table} mudou`).toBeUndefined();
  // Every row that changed or went is the guardian's or their account's, found by id (cache counters
  // aside: they move on any write).
  const theirs = [family.guardian.id, family.account.user.id];
  for (const [table, rows] of Object.entries(gone))
    for (const row of table === 'record_versions' ? [] : rows)
      expect(
        theirs.some((id) => row.includes(id)),
        `${table}: ${row}`,
      ).toBe(true);
  const db = t.database.db;
  const [guardian] = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select nome, email, telefone, endereco, cpf from guardians where id = ${family.guardian.id}`,
    ),
  );
  expect(guardian).toEqual({
    nome: 'Responsável anonimizado',
    email: null,
    telefone: '',
    endereco: null,
    cpf: null,
  });
  const [account] = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select nome, telefone, endereco, status from users where id = ${family.account.user.id}`,
    ),
  );
  expect(account).toEqual({
    nome: 'Responsável anonimizado',
    telefone: null,
    endereco: null,
    status: 'inativo',
  });
  // The collisions are still where they belong.
  const still = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select (select count(*)::int from class_subjects where disciplina = 'Matemática') as grade,
             (select count(*)::int from assessments where nome = 'Prova de Matemática') as avaliacao,
             (select count(*)::int from content_sections where data::text like '%(11) 3333-4444%') as configuracao,
             (select count(*)::int from school_documents where conteudo::text like ${`%${SCHOOL_PHONE}%`}) as documento`),
  )[0]!;
  for (const [where, n] of Object.entries(still)) expect(n, where).toBeGreaterThan(0);
}

/**
 * What a family leaves in the records, for the copy of its data (Meus dados): a March tuition of `paying`
 * paid by Pix, a consent given for `consenting`, the privacy acceptance and a correction request.
 */
export async function familyRecords(
  t: TestApp,
  parentCookie: string,
  children: { paying: string; consenting: string },
) {
  const { send, get } = requestsOf(() => t.app);
  const [tuition] = await t.database.db
    .insert(mensalidades)
    .values({
      alunoId: children.paying,
      mesReferencia: '2026-03',
      dataVencimento: '2026-03-10',
      valorOriginal: 85000,
      valor: 85000,
    })
    .returning();
  await t.database.db.insert(pagamentos).values({
    mensalidadeId: tuition!.id,
    valorPago: 85000,
    principal: 85000,
    multa: 0,
    juros: 0,
    dataPagamento: '2026-03-09',
    forma: 'pix',
  });
  const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', parentCookie));
  await send('POST', `/api/alunos/${children.consenting}/consentimentos`, parentCookie, {
    finalidade_id: purposes[0]!.id,
    concedido: true,
  });
  await send('POST', '/api/privacidade/aceite', parentCookie, { versao_privacidade: 1, versao_termos: 1 });
  await send('POST', '/api/solicitacoes', parentCookie, {
    tipo: 'correcao',
    descricao: 'Meu telefone mudou.',
  });
  return { tuition: tuition!, purposes };
}
