import { folded } from '../../lib/text-search.js';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  REQUEST_DEADLINE_DAYS,
  type DataRequest,
  type MeusDados,
} from '../../../shared/data-rights.schemas.js';
import { addDays, daysBetween } from '../../../shared/calendar.js';
import { can, type Permission } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import { guardianOfAccount } from '../students/index.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceWriteLimits, ownRows, WRITE_LIMITS } from '../../lib/write-limits.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { auditLog } from '../../db/schema/audit.js';
import { rowsOf } from '../../db/rows.js';
import { columnsReferencing } from '../../db/foreign-keys.js';
import { schoolPeriods, type SchoolPeriodRow } from '../../db/schema/calendar.js';
import { assessments, grades, rectificationRequests } from '../../db/schema/grades.js';
import { periodStatesFor } from '../calendar/index.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { anonymiseGuardianInTx, anonymiseStudentInTx, statementOf } from './anonymise.service.js';
import { dataRequests, type DataRequestRow } from '../../db/schema/privacy-requests.js';

/** Secrets and the school's internal notes never leave in an export. */
const HIDDEN_COLUMNS = new Set(['password_hash', 'token_hash', 'observacoes', 'bytes', 'device_hash']);
/** Technical tables with secrets or no meaning to a family. */
const SKIPPED_TABLES = new Set([
  'sessions',
  'password_resets',
  'known_devices',
  'sign_in_fingerprints',
  'guardian_email_changes',
  'jobs',
]);

interface Reference {
  tbl: string;
  col: string;
}

/** Every column of a public table that references `target` (found in the schema, so new tables join). */
export async function referencesTo(db: DbOrTx, target: string): Promise<Reference[]> {
  return (await columnsReferencing(db, target))
    .filter((ref) => !SKIPPED_TABLES.has(ref.tbl))
    .map(({ tbl, col }) => ({ tbl, col }));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

function clean(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !HIDDEN_COLUMNS.has(key)));
}

async function rowsReferring(db: DbOrTx, refs: Reference[], id: string) {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const ref of refs) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql.raw(`select * from ${ident(ref.tbl)} where ${ident(ref.col)} = '${id.replace(/'/g, '')}'`),
      ),
    );
    out[ref.tbl] = [...(out[ref.tbl] ?? []), ...rows.map(clean)];
  }
  return out;
}

/**
 * The avaliações of a child's grades (and retificação requests, which carry grades) whose period is not
 * published for the class: the boletim shows a family only published periods, and so does the export.
 */
async function unpublishedAssessments(db: DbOrTx, alunoId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: assessments.id, turmaId: assessments.turmaId, period: schoolPeriods })
    .from(assessments)
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, assessments.periodoId))
    .where(
      inArray(
        assessments.id,
        sql`(select ${grades.avaliacaoId} from ${grades} where ${grades.alunoId} = ${alunoId}
          union select ${rectificationRequests.avaliacaoId} from ${rectificationRequests} where ${rectificationRequests.alunoId} = ${alunoId})`,
      ),
    );
  const periodsByClass = new Map<string, Map<string, SchoolPeriodRow>>();
  for (const row of rows) {
    const periods = periodsByClass.get(row.turmaId) ?? new Map<string, SchoolPeriodRow>();
    periodsByClass.set(row.turmaId, periods.set(row.period.id, row.period));
  }
  const hidden = new Set<string>();
  for (const [turmaId, periods] of periodsByClass) {
    const states = await periodStatesFor(db, [...periods.values()], turmaId);
    for (const row of rows)
      if (row.turmaId === turmaId && !states.get(row.period.id)?.publicado) hidden.add(row.id);
  }
  return hidden;
}

/** Who asks for 'Meus dados': their account, their guardian record and its CPF (digits). */
interface Requester {
  userId: string;
  guardianId: string;
  cpf: string | null;
  email: string;
}

/**
 * A child's rows that are another guardian's, or that the portal does not show a family: the other
 * parent's conversations with the school, LGPD requests, Pix Automático authorisations, invoices (the
 * tomador's CPF and e-mail) and enrolment contacts; a parecer still a draft. The export has what the
 * portal shows this guardian, no more.
 */
const SHOWN: Record<string, (row: Record<string, unknown>, requester: Requester) => boolean> = {
  conversas: (row, { userId }) => row.responsavel_usuario_id === userId,
  data_requests: (row, { userId }) => row.usuario_id === userId,
  pix_recorrencias: (row, { guardianId }) => row.responsavel_id === guardianId,
  nfse: (row, { cpf }) => cpf !== null && row.tomador_cpf === cpf,
  interessados: (row, { email }) => typeof row.email === 'string' && row.email === email.toLowerCase(),
  pareceres: (row) => row.status === 'publicado',
};

/** A child's rows as this guardian may have them: others' own rows left out, others' IP addresses blank. */
function forRequester(
  tables: Record<string, Record<string, unknown>[]>,
  requester: Requester,
  hiddenAssessments: Set<string>,
) {
  for (const [table, rows] of Object.entries(tables))
    tables[table] = rows
      .filter((row) => SHOWN[table]?.(row, requester) ?? true)
      .filter(
        (row) =>
          !(table === 'grades' || table === 'rectification_requests') ||
          !hiddenAssessments.has(String(row.avaliacao_id)),
      )
      // An address is its owner's: the other parent's, or staff's when the secretaria recorded a form.
      .map((row) => ('ip' in row && row.usuario_id !== requester.userId ? { ...row, ip: null } : row));
  return tables;
}

async function ownGuardian(db: DbOrTx, user: Pick<UserRow, 'id'>) {
  const row = await guardianOfAccount(db, user.id);
  if (!row) throw notFound('Não há cadastro de responsável ligado a esta conta.');
  return row;
}

/** A row's identity when merging two lists of the same table: its id, or the whole row (a link table). */
const rowKey = (row: Record<string, unknown>) =>
  typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : JSON.stringify(row);

/** One row read as every other table of the export is: column names as stored (snake_case), no mapping. */
async function rawRow(db: DbOrTx, table: 'guardians' | 'students', id: string) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from ${sql.identifier(table)} where id = ${id}`),
  );
  return clean(row!);
}

/**
 * 'Meus dados' (LGPD art. 18, II and V): every row of every table that refers to the guardian, their
 * account or their children, found through the schema's foreign keys — a table added later is included
 * without touching this code — plus payments (through the tuition) and the account's sign-ins. A
 * child's rows are as the portal shows them to this guardian (forRequester): no grades of unpublished
 * periods nor draft pareceres, nothing that is the other parent's own, no one else's IP address.
 */
export async function collectMeusDados(ctx: AppContext, user: UserRow): Promise<MeusDados> {
  const db = ctx.db;
  const guardian = await ownGuardian(db, user);
  const responsavel: MeusDados['responsavel'] = {
    // Read raw, not through Drizzle: the guardian's record also refers to the account, so the account's
    // rows below bring it again, and the two copies must be the same row to be listed once.
    guardians: [await rawRow(db, 'guardians', guardian.id)],
    users: [
      clean({
        id: user.id,
        nome: user.nome,
        email: user.email,
        telefone: user.telefone,
        endereco: user.endereco,
        nivel: user.nivel,
        criado_em: user.createdAt.toISOString(),
        ultimo_login: user.ultimoLogin?.toISOString() ?? null,
      }),
    ],
  };
  for (const [table, rows] of Object.entries(
    await rowsReferring(db, await referencesTo(db, 'guardians'), guardian.id),
  ))
    if (table !== 'student_guardians') responsavel[table] = rows;
  for (const [table, rows] of Object.entries(
    await rowsReferring(db, await referencesTo(db, 'users'), user.id),
  )) {
    // A row that names both the guardian and their account (their own record, a request) is listed once.
    const seen = new Set((responsavel[table] ?? []).map(rowKey));
    responsavel[table] = [...(responsavel[table] ?? []), ...rows.filter((row) => !seen.has(rowKey(row)))];
  }
  responsavel.acessos_ao_portal = (
    await db
      .select({ em: auditLog.at, acao: auditLog.action, ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), inArray(auditLog.action, ['login', 'logout'])))
      .orderBy(desc(auditLog.at))
      .limit(500)
  ).map((row) => ({ ...row, em: row.em.toISOString() }));

  const children = await db
    .select({ id: students.id, nome: students.nome })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(eq(studentGuardians.responsavelId, guardian.id))
    .orderBy(asc(folded(students.nome)));
  const studentRefs = await referencesTo(db, 'students');
  const requester: Requester = {
    userId: user.id,
    guardianId: guardian.id,
    cpf: guardian.cpf?.replace(/\D/g, '') || null,
    email: user.email,
  };
  const filhos: MeusDados['filhos'] = [];
  for (const child of children) {
    const dados: MeusDados['filhos'][number]['dados'] = {
      students: [await rawRow(db, 'students', child.id)],
    };
    Object.assign(
      dados,
      forRequester(
        await rowsReferring(db, studentRefs, child.id),
        requester,
        await unpublishedAssessments(db, child.id),
      ),
    );
    dados.pagamentos = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql`select * from pagamentos where mensalidade_id in (select id from mensalidades where aluno_id = ${child.id}) order by data_pagamento`,
      ),
    ).map(clean);
    filhos.push({ id: child.id, nome: child.nome, dados });
  }
  return { gerado_em: clock.now().toISOString(), escola: await ctx.getSchoolName(), responsavel, filhos };
}

/* ---------- requests (art. 18): correction and deletion ---------- */

function daysLeft(prazo: string): number {
  return daysBetween(clock.today(), prazo);
}

type RequestJoin = {
  request: DataRequestRow;
  solicitante: string | null;
  aluno: { id: string; nome: string } | null;
};

function toRequest({ request, solicitante, aluno }: RequestJoin): DataRequest {
  return {
    id: request.id,
    tipo: request.tipo,
    descricao: request.descricao,
    situacao: request.situacao,
    resposta: request.resposta,
    prazo: request.prazo,
    dias_restantes: daysLeft(request.prazo),
    criado_em: request.criadoEm.toISOString(),
    respondido_em: request.respondidoEm?.toISOString() ?? null,
    solicitante,
    aluno,
  };
}

function selectRequests(db: DbOrTx) {
  return db
    .select({
      request: dataRequests,
      solicitante: guardians.nome,
      aluno: sql<{
        id: string;
        nome: string;
      } | null>`case when ${students.id} is null then null else json_build_object('id', ${students.id}, 'nome', ${students.nome}) end`,
    })
    .from(dataRequests)
    .leftJoin(guardians, eq(guardians.id, dataRequests.responsavelId))
    .leftJoin(students, eq(students.id, dataRequests.alunoId));
}

export async function createRequest(
  db: DbOrTx,
  user: UserRow,
  input: { tipo: 'correcao' | 'exclusao'; descricao: string; aluno_id?: string | null | undefined },
  actor: Actor,
): Promise<DataRequest> {
  const guardian = await ownGuardian(db, user);
  if (input.aluno_id) {
    const [link] = await db
      .select()
      .from(studentGuardians)
      .where(
        and(eq(studentGuardians.alunoId, input.aluno_id), eq(studentGuardians.responsavelId, guardian.id)),
      );
    if (!link) throw notFound('Aluno não encontrado.');
  }
  const id = await db.transaction(async (tx) => {
    // The queue is the secretaria's work list: one account files so many a day (ADR 0018).
    await enforceWriteLimits(tx, user, 'solicitacoes', [
      {
        limit: WRITE_LIMITS.solicitacoes,
        source: ownRows(dataRequests, dataRequests.criadoEm, dataRequests.usuarioId, user.id),
      },
    ]);
    const [row] = await tx
      .insert(dataRequests)
      .values({
        usuarioId: user.id,
        responsavelId: guardian.id,
        alunoId: input.aluno_id ?? null,
        tipo: input.tipo,
        descricao: input.descricao,
        prazo: addDays(clock.today(), REQUEST_DEADLINE_DAYS),
        criadoEm: clock.now(),
      })
      .returning({ id: dataRequests.id });
    await recordAudit(tx, actor, {
      action: `solicitar_${input.tipo}` as const,
      entity: 'solicitacao_lgpd',
      entityId: row!.id,
    });
    return row!.id;
  });
  const [created] = await selectRequests(db).where(eq(dataRequests.id, id));
  return toRequest(created!);
}

/**
 * The school's queue for whoever manages LGPD requests ('privacy.manage', a staff permission); anyone
 * else's own requests as a guardian ('privacy.self'). Pending first, by deadline.
 */
export async function listRequests(
  db: DbOrTx,
  user: UserRow & { permissoes: readonly Permission[] },
  situacao?: string,
): Promise<DataRequest[]> {
  const filters = [];
  if (!can(user.permissoes, 'privacy.manage'))
    filters.push(eq(dataRequests.responsavelId, (await ownGuardian(db, user)).id));
  if (situacao === 'pendente' || situacao === 'atendida' || situacao === 'recusada')
    filters.push(eq(dataRequests.situacao, situacao));
  const rows = await selectRequests(db)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(
      sql`${dataRequests.situacao} <> 'pendente'`,
      asc(dataRequests.prazo),
      desc(dataRequests.criadoEm),
    )
    .limit(500);
  return rows.map(toRequest);
}

export async function answerRequest(
  ctx: AppContext,
  id: string,
  input: { situacao: 'atendida' | 'recusada'; resposta: string },
  actor: Actor,
): Promise<DataRequest> {
  const db = ctx.db;
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
    if (!current) throw notFound('Solicitação não encontrada.');
    if (current.situacao !== 'pendente')
      throw new AppError('CONFLICT', 'Esta solicitação já foi respondida.');
    // A deletion answered as done is carried out here, in the same transaction: the requester's data
    // (or the named child's) is anonymised, and the answer says what the law makes the school keep.
    const erasing = current.tipo === 'exclusao' && input.situacao === 'atendida';
    const subject = erasing
      ? current.alunoId
        ? { alunos: [current.alunoId], responsaveis: [] }
        : current.responsavelId
          ? { alunos: [], responsaveis: [current.responsavelId] }
          : null
      : null;
    if (erasing && !subject)
      throw new AppError('CONFLICT', 'O titular desta solicitação não está mais cadastrado.');
    const resposta = subject ? `${input.resposta}\n\n${statementOf(subject).texto}` : input.resposta;
    // Read before the account is anonymised: the answer is mailed to it once, and never stored.
    const [account] =
      subject && subject.responsaveis.length > 0 && current.usuarioId
        ? await tx.select({ email: users.email }).from(users).where(eq(users.id, current.usuarioId))
        : [];
    await tx
      .update(dataRequests)
      .set({
        situacao: input.situacao,
        resposta,
        respondidoEm: clock.now(),
        respondidoPor: actor.id,
      })
      .where(eq(dataRequests.id, id));
    await recordAudit(tx, actor, {
      action: 'responder_solicitacao',
      entity: 'solicitacao_lgpd',
      entityId: id,
      details: { situacao: input.situacao },
    });
    let photos = 0;
    if (subject?.alunos[0])
      photos = (await anonymiseStudentInTx(tx, subject.alunos[0], { incluirResponsaveis: false }, actor))
        .photosUnpublished;
    else if (subject?.responsaveis[0]) await anonymiseGuardianInTx(tx, subject.responsaveis[0], actor);
    const [answered] = await tx
      .select({ resposta: dataRequests.resposta })
      .from(dataRequests)
      .where(eq(dataRequests.id, id));
    return { photos, mailTo: account?.email ?? null, resposta: answered?.resposta ?? resposta };
  });
  if (outcome.photos > 0) await ctx.content.refresh();
  // The account no longer exists to read the answer in the portal: it goes to the address once.
  if (outcome.mailTo)
    await ctx.mailer
      .send({
        to: outcome.mailTo,
        subject: `${await ctx.getSchoolName()}: sua solicitação de exclusão de dados foi atendida`,
        text: outcome.resposta,
      })
      .catch(() => false);
  const [row] = await selectRequests(db).where(eq(dataRequests.id, id));
  return toRequest(row!);
}
