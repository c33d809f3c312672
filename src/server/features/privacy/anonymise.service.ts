import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ANONYMOUS_STUDENT_PREFIX,
  ERASED_GUARDIAN,
  ERASED_STUDENT,
  KEPT_ACADEMIC,
  KEPT_FINANCIAL,
  KEPT_PROOF,
  type AnonymiseResult,
} from '../../../shared/anonymise.schemas.js';
import { formatPhone } from '../../../shared/format.js';
import { formatCpf } from '../../../shared/validators.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import {
  knownDevices,
  loginThrottle,
  passwordResets,
  sessions,
  signInFingerprints,
} from '../auth/auth.table.js';
import { rowsOf } from '../backup/backup-tables.service.js';
import { entregas, notificacaoPreferencias, notificacoes } from '../notificacoes/notificacoes.table.js';
import { rateLimitHits } from '../operations/rate-limit.table.js';
import { guardianEmailChanges, guardians, studentGuardians, students } from '../students/students.table.js';
import { users } from '../users/users.table.js';
import { consents } from './consent.table.js';
import { unpublishBlockedPhotos } from './consent.service.js';

/** What replaces a person's identifiers wherever they appear in free text. */
export const ANONYMOUS_MARK = '[anonimizado]';
/** Shorter values (a bare first name) would erase other people's words: only full identifiers are sought. */
const MIN_NEEDLE_LENGTH = 6;

/**
 * The forms in which a person's identifiers may be written: as stored (digits only for CPF and phone)
 * and as the screens, PDFs and messages print them.
 */
export function needlesOf(person: {
  nome?: string | null;
  email?: string | null;
  cpf?: string | null;
  telefone?: string | null;
  endereco?: string | null;
}): string[] {
  const values = new Set<string>();
  const add = (value: string | null | undefined) => {
    const trimmed = value?.trim();
    if (trimmed && trimmed.length >= MIN_NEEDLE_LENGTH) values.add(trimmed);
  };
  add(person.nome);
  add(person.email);
  add(person.endereco);
  add(person.cpf);
  if (person.cpf) add(formatCpf(person.cpf));
  add(person.telefone);
  if (person.telefone) add(formatPhone(person.telefone));
  return [...values];
}

const escapeRegex = (value: string) => value.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

/** One case-insensitive pattern for all needles, never inside a longer word or number. */
function patternOf(needles: string[]): string {
  return `(?<![[:alnum:]])(${needles.map(escapeRegex).join('|')})(?![[:alnum:]])`;
}

interface TextColumn {
  tbl: string;
  col: string;
  kind: 'text' | 'json' | 'array';
}

/** Every column of every table that can hold text, found in the catalogue (new tables are covered). */
export async function textColumns(db: DbOrTx): Promise<TextColumn[]> {
  return rowsOf<TextColumn>(
    await db.execute(sql`
      select c.table_name as tbl, c.column_name as col,
        case when c.data_type in ('json', 'jsonb') then 'json'
             when c.data_type = 'ARRAY' then 'array' else 'text' end as kind
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
             or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
      order by 1, 2`),
  );
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Replaces the identifiers wherever they are written — audit details, the outbox, notifications,
 * messages, issued documents, free-text notes — so nothing found by value survives. Answers how many
 * rows changed.
 */
export async function scrubEverywhere(tx: DbOrTx, needles: string[]): Promise<number> {
  if (needles.length === 0) return 0;
  const plain = patternOf(needles);
  // Inside JSON text a value is written escaped (quotes, backslashes, control characters).
  const json = patternOf(needles.map((needle) => JSON.stringify(needle).slice(1, -1)));
  let changed = 0;
  for (const { tbl, col, kind } of await textColumns(tx)) {
    const column = sql.raw(`${ident(tbl)}.${ident(col)}`);
    const table = sql.raw(ident(tbl));
    const target = sql.raw(ident(col));
    const statement =
      kind === 'text'
        ? sql`update ${table} set ${target} = regexp_replace(${column}, ${plain}, ${ANONYMOUS_MARK}, 'gi')
              where ${column} ~* ${plain}`
        : kind === 'json'
          ? sql`update ${table} set ${target} = regexp_replace(${column}::text, ${json}, ${ANONYMOUS_MARK}, 'gi')::jsonb
                where ${column}::text ~* ${json}`
          : sql`update ${table} set ${target} = array(
                  select regexp_replace(item, ${plain}, ${ANONYMOUS_MARK}, 'gi')
                  from unnest(${column}) with ordinality as u(item, n) order by n)
                where array_to_string(${column}, ' ') ~* ${plain}`;
    const result = (await tx.execute(statement)) as { rowCount?: number | null; affectedRows?: number };
    changed += result.rowCount ?? result.affectedRows ?? 0;
  }
  return changed;
}

/** Ends every current consent of the student (append-only history) and unpublishes their photos. */
async function endConsents(tx: DbOrTx, alunoId: string, actor: Actor): Promise<number> {
  const current = rowsOf<{ finalidade_id: string; versao_finalidade: number; concedido: boolean }>(
    await tx.execute(sql`
      select distinct on (finalidade_id) finalidade_id, versao_finalidade, concedido
      from consents where aluno_id = ${alunoId}
      order by finalidade_id, registrado_em desc, id desc`),
  ).filter((row) => row.concedido);
  for (const row of current)
    await tx.insert(consents).values({
      alunoId,
      finalidadeId: row.finalidade_id,
      concedido: false,
      versaoFinalidade: row.versao_finalidade,
      usuarioId: actor.id,
      registradoEm: clock.now(),
      ip: null,
    });
  return current.length > 0 ? unpublishBlockedPhotos(tx, actor) : 0;
}

interface Erasure {
  alunos: string[];
  responsaveis: string[];
  photosUnpublished: number;
}

async function eraseStudent(
  tx: DbOrTx,
  id: string,
  actor: Actor,
): Promise<{ needles: string[]; photos: number }> {
  const [student] = await tx.select().from(students).where(eq(students.id, id)).for('update');
  if (!student) throw notFound('Aluno não encontrado.');
  if (student.anonimizadoEm) throw new AppError('CONFLICT', 'Os dados deste aluno já foram anonimizados.');
  if (student.status === 'ativo')
    throw new AppError(
      'CONFLICT',
      'Um aluno ativo não pode ser anonimizado: a escola precisa dos dados enquanto ele estuda aqui. Registre antes a saída (transferência, conclusão ou inativação).',
    );
  const needles = needlesOf(student);
  await tx
    .update(students)
    .set({
      nome: `${ANONYMOUS_STUDENT_PREFIX} (matrícula ${student.matricula})`,
      email: null,
      telefone: null,
      endereco: null,
      cpf: null,
      observacoes: null,
      // The year stays (the histórico's age/series context); day and month identify the child.
      dataNascimento: `${student.dataNascimento.slice(0, 4)}-01-01`,
      anonimizadoEm: clock.now(),
      version: sql`${students.version} + 1`,
      updatedAt: clock.now(),
    })
    .where(eq(students.id, id));
  const photos = await endConsents(tx, id, actor);
  return { needles, photos };
}

async function activeChildren(tx: DbOrTx, guardianId: string, except: string[] = []): Promise<string[]> {
  const rows = await tx
    .select({ nome: students.nome })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(
      and(
        eq(studentGuardians.responsavelId, guardianId),
        eq(students.status, 'ativo'),
        except.length > 0 ? sql`${students.id} not in ${except}` : undefined,
      ),
    );
  return rows.map((row) => row.nome);
}

async function eraseGuardian(tx: DbOrTx, id: string): Promise<string[]> {
  const [guardian] = await tx.select().from(guardians).where(eq(guardians.id, id)).for('update');
  if (!guardian) throw notFound('Responsável não encontrado.');
  if (guardian.anonimizadoEm)
    throw new AppError('CONFLICT', 'Os dados deste responsável já foram anonimizados.');
  const active = await activeChildren(tx, id);
  if (active.length > 0)
    throw new AppError(
      'CONFLICT',
      `O responsável ainda tem aluno ativo na escola (${active.join(', ')}): seus dados são necessários enquanto houver matrícula.`,
    );
  const [account] = guardian.usuarioId
    ? await tx.select().from(users).where(eq(users.id, guardian.usuarioId)).for('update')
    : [];
  const needles = needlesOf(guardian);
  if (account) needles.push(...needlesOf(account).filter((needle) => !needles.includes(needle)));
  await tx
    .update(guardians)
    .set({
      nome: 'Responsável anonimizado',
      email: null,
      telefone: '',
      cpf: null,
      endereco: null,
      observacoes: null,
      usuarioId: null,
      anonimizadoEm: clock.now(),
      version: sql`${guardians.version} + 1`,
      updatedAt: clock.now(),
    })
    .where(eq(guardians.id, id));
  await tx.delete(guardianEmailChanges).where(eq(guardianEmailChanges.responsavelId, id));
  if (account) {
    // Anything keyed by the address or sent to it goes: counters, the outbox, the account's inbox.
    await tx.delete(entregas).where(
      or(
        eq(entregas.usuarioId, account.id),
        inArray(
          entregas.destino,
          [account.email, account.telefone, guardian.email, guardian.telefone].filter(
            (value): value is string => Boolean(value),
          ),
        ),
      ),
    );
    await tx.delete(loginThrottle).where(sql`position(${account.email} in ${loginThrottle.key}) > 0`);
    await tx.delete(rateLimitHits).where(sql`position(${account.email} in ${rateLimitHits.key}) > 0`);
    await tx.delete(sessions).where(eq(sessions.userId, account.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, account.id));
    await tx.delete(knownDevices).where(eq(knownDevices.userId, account.id));
    await tx.delete(signInFingerprints).where(eq(signInFingerprints.userId, account.id));
    await tx.delete(notificacoes).where(eq(notificacoes.usuarioId, account.id));
    await tx.delete(notificacaoPreferencias).where(eq(notificacaoPreferencias.usuarioId, account.id));
    await tx
      .update(users)
      .set({
        nome: 'Responsável anonimizado',
        email: `anonimizado-${account.id}@anonimizado.invalid`,
        telefone: null,
        endereco: null,
        dataNascimento: null,
        status: 'inativo',
        // Not a hash any password can match: the account can never sign in again.
        passwordHash: `anonimizado:${randomBytes(16).toString('hex')}`,
        version: sql`${users.version} + 1`,
        updatedAt: clock.now(),
      })
      .where(eq(users.id, account.id));
  } else if (guardian.email || guardian.telefone) {
    await tx.delete(entregas).where(
      inArray(
        entregas.destino,
        [guardian.email, guardian.telefone].filter((value): value is string => Boolean(value)),
      ),
    );
  }
  return needles;
}

/** The statement said to the requester: what was erased, what the law makes the school keep, and why. */
export function statementOf(erasure: {
  alunos: string[];
  responsaveis: string[];
}): Omit<AnonymiseResult, 'alunos' | 'responsaveis'> {
  const apagados = [
    ...(erasure.alunos.length > 0 ? ERASED_STUDENT : []),
    ...(erasure.responsaveis.length > 0 ? ERASED_GUARDIAN : []),
  ];
  const mantidos = [KEPT_ACADEMIC, KEPT_FINANCIAL, KEPT_PROOF];
  const texto = [
    'Os dados pessoais foram anonimizados.',
    `Apagado: ${apagados.join('; ')}.`,
    `Mantido, como a lei exige: ${mantidos.join('; ')}.`,
    'Os backups antigos são sobrescritos pelo rodízio automático (o mais antigo guardado tem até 12 meses).',
  ].join('\n');
  return { apagados, mantidos, texto };
}

async function finish(tx: DbOrTx, needles: string[], erasure: Erasure, actor: Actor): Promise<void> {
  await scrubEverywhere(tx, needles);
  for (const alunoId of erasure.alunos)
    await recordAudit(tx, actor, { action: 'anonimizar', entity: 'aluno', entityId: alunoId });
  for (const responsavelId of erasure.responsaveis)
    await recordAudit(tx, actor, { action: 'anonimizar', entity: 'responsavel', entityId: responsavelId });
}

/**
 * Anonymises a former student inside the caller's transaction (and, when asked, the guardians who have
 * no other child at the school). Refuses an active student.
 */
export async function anonymiseStudentInTx(
  tx: DbOrTx,
  id: string,
  options: { incluirResponsaveis: boolean },
  actor: Actor,
): Promise<Erasure> {
  const { needles, photos } = await eraseStudent(tx, id, actor);
  const responsaveis: string[] = [];
  if (options.incluirResponsaveis) {
    const linked = await tx
      .select({ id: guardians.id })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .where(and(eq(studentGuardians.alunoId, id), isNull(guardians.anonimizadoEm)));
    for (const guardian of linked) {
      // A guardian of another child still at the school (a sibling) keeps their data.
      if ((await activeChildren(tx, guardian.id, [id])).length > 0) continue;
      needles.push(...(await eraseGuardian(tx, guardian.id)));
      responsaveis.push(guardian.id);
    }
  }
  const erasure = { alunos: [id], responsaveis, photosUnpublished: photos };
  await finish(tx, [...new Set(needles)], erasure, actor);
  return erasure;
}

export async function anonymiseGuardianInTx(tx: DbOrTx, id: string, actor: Actor): Promise<Erasure> {
  const needles = await eraseGuardian(tx, id);
  const erasure = { alunos: [], responsaveis: [id], photosUnpublished: 0 };
  await finish(tx, needles, erasure, actor);
  return erasure;
}

async function toResult(ctx: AppContext, erasure: Erasure): Promise<AnonymiseResult> {
  if (erasure.photosUnpublished > 0) await ctx.content.refresh();
  return { alunos: erasure.alunos, responsaveis: erasure.responsaveis, ...statementOf(erasure) };
}

/** The admin's action on a former student: one transaction, all or nothing. */
export async function anonymiseStudent(
  ctx: AppContext,
  id: string,
  options: { incluirResponsaveis: boolean },
  actor: Actor,
): Promise<AnonymiseResult> {
  const erasure = await ctx.db.transaction((tx) => anonymiseStudentInTx(tx, id, options, actor));
  return toResult(ctx, erasure);
}

export async function anonymiseGuardian(ctx: AppContext, id: string, actor: Actor): Promise<AnonymiseResult> {
  const erasure = await ctx.db.transaction((tx) => anonymiseGuardianInTx(tx, id, actor));
  return toResult(ctx, erasure);
}

/** Guardians with no active child whose last child left (or who were last changed) before `before`. */
export async function guardiansDueForAnonymising(db: DbOrTx, before: Date): Promise<string[]> {
  const at = before.toISOString();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select g.id from guardians g
      where g.anonimizado_em is null and g.updated_at < ${at}::timestamptz
        and not exists (
          select 1 from student_guardians sg join students s on s.id = sg.aluno_id
          where sg.responsavel_id = g.id
            and (s.status = 'ativo' or s.updated_at >= ${at}::timestamptz
                 or exists (select 1 from class_memberships m
                            where m.aluno_id = s.id and (m.fim is null or m.fim >= ${at}::date))))
      order by g.id`),
  );
  return rows.map((row) => row.id);
}
