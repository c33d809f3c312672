import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ERASED_GUARDIAN,
  ERASED_STUDENT,
  KEPT,
  type AnonymiseResult,
} from '../../../shared/anonymise.schemas.js';
import { formatPhone } from '../../../shared/format.js';
import { formatCpf } from '../../../shared/validators.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { rowsOf } from '../../db/rows.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { consents } from '../../db/schema/consent.js';
import { unpublishBlockedPhotos } from './consent.service.js';
import { TREATMENTS } from './processing-register.js';
import type { Destino, Pessoa, Titular } from './processing-register.model.js';

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

/** The person's identifiers as a JSON document writes them (quotes, backslashes, control characters escaped). */
const inJson = (needles: string[]) => needles.map((needle) => JSON.stringify(needle).slice(1, -1));

/** The new value of one column in the person's rows, or null when the column is kept. */
function valueOf(column: PgColumn, destino: Destino | undefined, pessoa: Pessoa): SQL | null {
  if (destino === undefined || (typeof destino === 'object' && 'mantido' in destino)) return null;
  if (destino === 'nulo') return sql`null`;
  if (destino === 'marca') return sql`${ANONYMOUS_MARK}`;
  if (destino === 'texto') {
    if (pessoa.identificadores.length === 0) return null;
    return column.dataType === 'json'
      ? sql`regexp_replace(${column}::text, ${patternOf(inJson(pessoa.identificadores))}, ${ANONYMOUS_MARK}, 'gi')::jsonb`
      : sql`regexp_replace(${column}, ${patternOf(pessoa.identificadores)}, ${ANONYMOUS_MARK}, 'gi')`;
  }
  return destino.valor(pessoa);
}

const isPerKind = (
  destino: Destino | Partial<Record<Titular, Destino>>,
): destino is Partial<Record<Titular, Destino>> =>
  typeof destino === 'object' && !('mantido' in destino) && !('valor' in destino);

/**
 * Anonymises one person as the processing register says, table by table and column by column: only
 * the rows the register finds to be theirs by reference (their own, and the rows that point to them) are
 * changed or deleted. Nothing is searched by value across the database: a guardian whose address is
 * 'Matemática' leaves the class grid, the assessments, the settings, issued documents and the audit
 * trail as they were. Answers how many rows changed.
 */
export async function erasePerson(tx: DbOrTx, titular: Titular, pessoa: Pessoa): Promise<number> {
  let changed = 0;
  const count = (result: unknown) => {
    const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
    changed += rowCount ?? affectedRows ?? 0;
  };
  for (const treatment of TREATMENTS)
    for (const dado of treatment.dados) {
      if ('mantido' in dado) continue;
      if ('apagar' in dado) {
        const where = dado.apagar[titular]?.(pessoa);
        if (where) count(await tx.execute(sql`delete from ${dado.tabela} where ${where}`));
        continue;
      }
      const where = dado.de[titular]?.(pessoa);
      if (!where) continue;
      const changes = dado.colunas.flatMap(([column, destinos]) => {
        const value = valueOf(column, isPerKind(destinos) ? destinos[titular] : destinos, pessoa);
        return value ? [{ column, value }] : [];
      });
      if (changes.length === 0) continue;
      const assignments = sql.join(
        changes.map(({ column, value }) => sql`${sql.identifier(column.name)} = ${value}`),
        sql`, `,
      );
      // Only rows that really change are written (a note with no identifier in it stays untouched).
      const differs = sql.join(
        changes.map(({ column, value }) => sql`${column} is distinct from ${value}`),
        sql` or `,
      );
      count(
        await tx.execute(sql`update ${dado.tabela} set ${assignments} where (${where}) and (${differs})`),
      );
    }
  return changed;
}

const present = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

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

async function eraseStudent(tx: DbOrTx, id: string, actor: Actor): Promise<number> {
  const [student] = await tx.select().from(students).where(eq(students.id, id)).for('update');
  if (!student) throw notFound('Aluno não encontrado.');
  if (student.anonimizadoEm) throw new AppError('CONFLICT', 'Os dados deste aluno já foram anonimizados.');
  if (student.status === 'ativo')
    throw new AppError(
      'CONFLICT',
      'Um aluno ativo não pode ser anonimizado: a escola precisa dos dados enquanto ele estuda aqui. Registre antes a saída (transferência, conclusão ou inativação).',
    );
  await erasePerson(tx, 'aluno', {
    id,
    identificadores: needlesOf(student),
    enderecos: present([student.email, student.telefone]),
    emails: present([student.email]),
  });
  await tx
    .update(students)
    .set({ anonimizadoEm: clock.now(), version: sql`${students.version} + 1`, updatedAt: clock.now() })
    .where(eq(students.id, id));
  return endConsents(tx, id, actor);
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

async function eraseGuardian(tx: DbOrTx, id: string): Promise<void> {
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
  // One person: the guardian's record and their portal account share the identifiers sought.
  const pessoa = {
    identificadores: present([...needlesOf(guardian), ...(account ? needlesOf(account) : [])]),
    enderecos: present([guardian.email, guardian.telefone, account?.email, account?.telefone]),
    emails: present([guardian.email, account?.email]),
  };
  await erasePerson(tx, 'responsavel', { id, ...pessoa });
  await tx
    .update(guardians)
    .set({ anonimizadoEm: clock.now(), version: sql`${guardians.version} + 1`, updatedAt: clock.now() })
    .where(eq(guardians.id, id));
  if (account) {
    await erasePerson(tx, 'usuario', { id: account.id, ...pessoa });
    await tx
      .update(users)
      .set({ status: 'inativo', version: sql`${users.version} + 1`, updatedAt: clock.now() })
      .where(eq(users.id, account.id));
  }
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
  const mantidos = KEPT;
  const texto = [
    'Os dados pessoais foram anonimizados.',
    `Apagado: ${apagados.join('; ')}.`,
    `Mantido, como a lei exige: ${mantidos.join('; ')}.`,
    'Os backups antigos são sobrescritos pelo rodízio automático (o mais antigo guardado tem até 12 meses).',
  ].join('\n');
  return { apagados, mantidos, texto };
}

async function recordErasure(tx: DbOrTx, erasure: Erasure, actor: Actor): Promise<void> {
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
  const photos = await eraseStudent(tx, id, actor);
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
      await eraseGuardian(tx, guardian.id);
      responsaveis.push(guardian.id);
    }
  }
  const erasure = { alunos: [id], responsaveis, photosUnpublished: photos };
  await recordErasure(tx, erasure, actor);
  return erasure;
}

export async function anonymiseGuardianInTx(tx: DbOrTx, id: string, actor: Actor): Promise<Erasure> {
  await eraseGuardian(tx, id);
  const erasure = { alunos: [], responsaveis: [id], photosUnpublished: 0 };
  await recordErasure(tx, erasure, actor);
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
