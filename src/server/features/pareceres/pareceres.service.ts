import { folded } from '../../lib/text-search.js';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { periodName } from '../../../shared/calendar.schemas.js';
import { isInfantil } from '../../../shared/classes.schemas.js';
import {
  hasParecerText,
  type CampoCodigo,
  type Parecer,
  type ParecerStatus,
  parecerInputSchema,
} from '../../../shared/pareceres.schemas.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { pareceres, type ParecerRow } from '../../db/schema/pareceres.js';
import { studentGuardians, students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { assertVersion } from '../../lib/versioning.js';
import { recordAudit } from '../audit/index.js';
import { fanOut } from '../notificacoes/index.js';
import {
  classIdsTaughtBy,
  scopeOf,
  studentNotFound,
  studentsInScope,
  type RecordsScope,
  type Viewer,
} from '../students/index.js';

/**
 * Pareceres descritivos (ADR 0026): the class's teacher writes (PUT), the coordination reviews and
 * publishes; the family reads only what was published. Out of scope answers 404, as every record does.
 */

type ParecerData = z.output<typeof parecerInputSchema>;

export const parecerNotFound = () => notFound('Parecer não encontrado.');
export const NOT_INFANTIL =
  'Pareceres descritivos são da Educação Infantil: a turma deste aluno é avaliada por notas.';

const columns = {
  parecer: pareceres,
  alunoNome: students.nome,
  matricula: students.matricula,
  turmaNome: classes.nome,
  turmaSerie: classes.serie,
  numero: schoolPeriods.numero,
  tipo: schoolYears.tipoPeriodo,
  ano: schoolYears.ano,
  // The photos of the child's work (pareceres.fotos.ts), oldest first, without their bytes.
  fotos: sql<
    { id: string; largura: number; altura: number }[]
  >`coalesce((select json_agg(json_build_object('id', f.id, 'largura', f.largura, 'altura', f.altura) order by f.created_at, f.id) from parecer_fotos f where f.parecer_id = ${pareceres.id}), '[]'::json)`,
};
type JoinedRow = {
  parecer: ParecerRow;
  alunoNome: string;
  matricula: string;
  turmaNome: string;
  turmaSerie: string;
  numero: number;
  tipo: 'bimestre' | 'trimestre' | 'semestre';
  ano: number;
  fotos: { id: string; largura: number; altura: number }[];
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toParecer(row: JoinedRow): Parecer {
  const p = row.parecer;
  return {
    id: p.id,
    aluno_id: p.alunoId,
    aluno: { id: p.alunoId, nome: row.alunoNome, matricula: row.matricula },
    periodo_id: p.periodoId,
    periodo: { id: p.periodoId, nome: periodName(row.tipo, row.numero), ano: row.ano },
    turma_id: p.turmaId,
    turma: { id: p.turmaId, nome: row.turmaNome, serie: row.turmaSerie },
    texto: p.texto,
    campos: p.campos,
    status: p.status,
    enviado_em: iso(p.enviadoEm),
    autor: p.autorId && p.autorNome ? { id: p.autorId, nome: p.autorNome } : null,
    revisor: p.revisorId && p.revisorNome ? { id: p.revisorId, nome: p.revisorNome } : null,
    revisado_em: iso(p.revisadoEm),
    publicado_em: iso(p.publicadoEm),
    updated_at: p.updatedAt.toISOString(),
    version: p.version,
    fotos: row.fotos.map((foto) => ({
      ...foto,
      url: `/api/pareceres/${p.alunoId}/${p.periodoId}/fotos/${foto.id}`,
    })),
  };
}

export function selectJoined(db: DbOrTx) {
  return db
    .select(columns)
    .from(pareceres)
    .innerJoin(students, eq(students.id, pareceres.alunoId))
    .innerJoin(classes, eq(classes.id, pareceres.turmaId))
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, pareceres.periodoId))
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId));
}

/**
 * The pareceres a user reaches: the school all; a teacher those of the classes they teach; a family
 * only the published ones of their own children (a draft does not exist for them).
 */
function pareceresInScope(scope: RecordsScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'teacher')
    return scope.teacherId === null
      ? sql`false`
      : inArray(pareceres.turmaId, classIdsTaughtBy(scope.teacherId));
  if (scope.kind === 'student')
    return scope.alunoId === null
      ? sql`false`
      : and(eq(pareceres.status, 'publicado'), eq(pareceres.alunoId, scope.alunoId));
  if (scope.guardianId === null) return sql`false`;
  return and(
    eq(pareceres.status, 'publicado'),
    inArray(
      pareceres.alunoId,
      sql`(select ${studentGuardians.alunoId} from ${studentGuardians} where ${studentGuardians.responsavelId} = ${scope.guardianId})`,
    ),
  );
}

export async function findOne(db: DbOrTx, alunoId: string, periodoId: string, scope: RecordsScope) {
  const [row] = await selectJoined(db).where(
    and(eq(pareceres.alunoId, alunoId), eq(pareceres.periodoId, periodoId), pareceresInScope(scope)),
  );
  return row;
}

/** GET /api/pareceres?turma_id=&periodo_id=&aluno_id=&status= */
export async function listPareceres(
  db: DbOrTx,
  viewer: Viewer,
  query: {
    turma_id?: string | undefined;
    periodo_id?: string | undefined;
    aluno_id?: string | undefined;
    status?: ParecerStatus | undefined;
  },
): Promise<Parecer[]> {
  const scope = await scopeOf(db, viewer);
  const rows = await selectJoined(db)
    .where(
      and(
        pareceresInScope(scope),
        query.turma_id ? eq(pareceres.turmaId, query.turma_id) : undefined,
        query.periodo_id ? eq(pareceres.periodoId, query.periodo_id) : undefined,
        query.aluno_id ? eq(pareceres.alunoId, query.aluno_id) : undefined,
        query.status ? eq(pareceres.status, query.status) : undefined,
      ),
    )
    .orderBy(asc(schoolYears.ano), asc(schoolPeriods.numero), asc(classes.nome), asc(folded(students.nome)));
  return rows.map(toParecer);
}

/** The pareceres of one child (the development report), as the viewer reaches them; 404 when none. */
export async function pareceresOfChild(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  periodoId: string | undefined,
): Promise<Parecer[]> {
  const scope = await scopeOf(db, viewer);
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!student) throw studentNotFound();
  const found = await listPareceres(db, viewer, { aluno_id: alunoId, periodo_id: periodoId });
  if (found.length === 0)
    throw notFound(
      scope.kind === 'guardian' || scope.kind === 'student'
        ? 'Nenhum parecer publicado para este aluno no período.'
        : 'Nenhum parecer escrito para este aluno no período.',
    );
  return found;
}

/** The child's class (it must be Educação Infantil) and the period (of the class's school year). */
export async function writingTarget(tx: DbOrTx, scope: RecordsScope, alunoId: string, periodoId: string) {
  const [student] = await tx
    .select({ id: students.id, turmaId: students.turmaId })
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!student) throw studentNotFound();
  if (!student.turmaId) throw conflict('O aluno não está em nenhuma turma.');
  const [turma] = await tx.select().from(classes).where(eq(classes.id, student.turmaId));
  if (!turma) throw conflict('O aluno não está em nenhuma turma.');
  if (!isInfantil(turma.nivel)) throw conflict(NOT_INFANTIL);
  const [period] = await tx
    .select({ id: schoolPeriods.id, ano: schoolYears.ano })
    .from(schoolPeriods)
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .where(eq(schoolPeriods.id, periodoId));
  if (!period) throw notFound('Período não encontrado.');
  if (String(period.ano) !== turma.anoLetivo)
    throw new AppError('VALIDATION', `O período não é do ano letivo da turma (${turma.anoLetivo}).`, [
      { path: 'periodo_id', message: 'Período de outro ano letivo' },
    ]);
  return turma;
}

const sameCampos = (a: Partial<Record<CampoCodigo, string>>, b: Partial<Record<CampoCodigo, string>>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * PUT /api/pareceres/:aluno_id/:periodo_id — creates or rewrites the child's parecer of the period.
 * A change to a reviewed or published parecer sends it back to 'rascunho' (ADR 0026): the family stops
 * seeing it until the coordination publishes the new text. A save that changes nothing keeps the status.
 */
export async function saveParecer(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
  periodoId: string,
  input: ParecerData,
  expected: number | undefined,
  actor: Actor,
): Promise<Parecer> {
  const scope = await scopeOf(ctx.db, viewer);
  const id = await ctx.db.transaction(async (tx) => {
    const turma = await writingTarget(tx, scope, alunoId, periodoId);
    const [existing] = await tx
      .select()
      .from(pareceres)
      .where(and(eq(pareceres.alunoId, alunoId), eq(pareceres.periodoId, periodoId)))
      .for('update');
    const now = clock.now();
    const campos = input.campos ?? existing?.campos ?? {};
    if (!existing) {
      if (expected !== undefined) assertVersion(expected, 0);
      const [created] = await tx
        .insert(pareceres)
        .values({
          alunoId,
          periodoId,
          turmaId: turma.id,
          texto: input.texto,
          campos,
          enviadoEm: input.enviar ? now : null,
          autorId: actor.id,
          autorNome: actor.nome,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: pareceres.id });
      if (!created) throw conflict('Outra pessoa acabou de escrever este parecer: recarregue a página.');
      await recordAudit(tx, actor, {
        action: 'criar',
        entity: 'parecer',
        entityId: created.id,
        details: { aluno_id: alunoId, periodo_id: periodoId, turma_id: turma.id },
      });
      return created.id;
    }
    assertVersion(expected, existing.version);
    const changed = existing.texto !== input.texto || !sameCampos(existing.campos, campos);
    const sending = input.enviar === true && existing.status === 'rascunho' && existing.enviadoEm === null;
    if (!changed && !sending) return existing.id;
    const reopened = changed && existing.status !== 'rascunho';
    await tx
      .update(pareceres)
      .set({
        texto: input.texto,
        campos,
        turmaId: turma.id,
        status: changed ? 'rascunho' : existing.status,
        enviadoEm: input.enviar ? now : reopened ? null : existing.enviadoEm,
        ...(reopened ? { revisorId: null, revisorNome: null, revisadoEm: null, publicadoEm: null } : {}),
        autorId: actor.id,
        autorNome: actor.nome,
        version: existing.version + 1,
        updatedAt: now,
      })
      .where(eq(pareceres.id, existing.id));
    await recordAudit(tx, actor, {
      action: 'editar',
      entity: 'parecer',
      entityId: existing.id,
      details: {
        aluno_id: alunoId,
        periodo_id: periodoId,
        turma_id: turma.id,
        ...(reopened ? { status_anterior: existing.status } : {}),
        ...(input.enviar ? { enviado_para_revisao: true } : {}),
      },
    });
    return existing.id;
  });
  const [row] = await selectJoined(ctx.db).where(eq(pareceres.id, id));
  return toParecer(row!);
}

/**
 * POST …/revisar and …/publicar (the coordination). Reviewing needs a written parecer; publishing a
 * reviewed one, at any time (the period need not be closed). Repeating a step already done answers
 * the parecer as it is.
 */
export async function advanceParecer(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
  periodoId: string,
  step: 'revisar' | 'publicar',
  expected: number | undefined,
  actor: Actor,
): Promise<Parecer> {
  const scope = await scopeOf(ctx.db, viewer);
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ parecer: pareceres })
      .from(pareceres)
      .innerJoin(students, eq(students.id, pareceres.alunoId))
      .where(
        and(
          eq(pareceres.alunoId, alunoId),
          eq(pareceres.periodoId, periodoId),
          pareceresInScope(scope),
          studentsInScope(scope),
        ),
      )
      .for('update', { of: pareceres });
    if (!found) throw parecerNotFound();
    const existing = found.parecer;
    assertVersion(expected, existing.version);
    const target: ParecerStatus = step === 'revisar' ? 'revisado' : 'publicado';
    if (existing.status === target) return;
    if (step === 'revisar' && existing.status === 'publicado')
      throw conflict('O parecer já foi publicado: para mudá-lo, edite o texto e revise de novo.');
    if (step === 'revisar' && !hasParecerText(existing))
      throw conflict('O parecer está vazio: não há o que revisar.');
    if (step === 'publicar' && existing.status !== 'revisado')
      throw conflict('Revise o parecer antes de publicá-lo.');
    const now = clock.now();
    const fields =
      step === 'revisar'
        ? { status: 'revisado' as const, revisorId: actor.id, revisorNome: actor.nome, revisadoEm: now }
        : { status: 'publicado' as const, publicadoEm: now };
    await tx
      .update(pareceres)
      .set({ ...fields, version: existing.version + 1, updatedAt: now })
      .where(eq(pareceres.id, existing.id));
    await recordAudit(tx, actor, {
      action: step === 'revisar' ? 'revisar_parecer' : 'publicar_parecer',
      entity: 'parecer',
      entityId: existing.id,
      details: { aluno_id: alunoId, periodo_id: periodoId, turma_id: existing.turmaId },
    });
    if (step === 'publicar') await notifyFamily(ctx, tx, existing);
  });
  const row = await findOne(ctx.db, alunoId, periodoId, scope);
  if (!row) throw parecerNotFound();
  return toParecer(row);
}

/** A guardian who reads the portal: one with an active family account (`sg` a student_guardians row). */
const onPortal = sql`join guardians g on g.id = sg.responsavel_id and g.usuario_id is not null
      join users u on u.id = g.usuario_id and u.status = 'ativo' and u.nivel = 'responsavel'`;

/** The child's guardians with an active portal account: who hears that the parecer is published. */
const familyAccounts = (alunoId: string) =>
  sql`select g.usuario_id from student_guardians sg ${onPortal} where sg.aluno_id = ${alunoId}`;

/** How many of the child's guardians read the portal (0: the published parecer reaches nobody there). */
export async function familyOnPortal(db: DbOrTx, alunoId: string): Promise<number> {
  return rowsOf(await db.execute(familyAccounts(alunoId))).length;
}

/**
 * Of the given children, those with a guardian who reads the portal, in one query (a whole class, say,
 * for the daily agenda): a child left out has a family that what the school posts there reaches nobody of.
 */
export async function familiesOnPortal(db: DbOrTx, alunoIds: readonly string[]): Promise<Set<string>> {
  if (alunoIds.length === 0) return new Set();
  const ids = sql.join(
    alunoIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ aluno_id: string }>(
    await db.execute(
      sql`select distinct sg.aluno_id from student_guardians sg ${onPortal} where sg.aluno_id in (${ids})`,
    ),
  );
  return new Set(rows.map((row) => row.aluno_id));
}

/** The child's guardians with a portal account hear that the parecer is there (the bell, e-mail, SMS). */
async function notifyFamily(ctx: AppContext, tx: DbOrTx, parecer: ParecerRow) {
  const [info] = await tx
    .select({ nome: students.nome, numero: schoolPeriods.numero, tipo: schoolYears.tipoPeriodo })
    .from(students)
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, parecer.periodoId))
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .where(eq(students.id, parecer.alunoId));
  if (!info) return;
  const periodo = periodName(info.tipo, info.numero);
  await fanOut(ctx, tx, {
    tipo: 'boletim',
    recipients: familyAccounts(parecer.alunoId),
    titulo: `Relatório de desenvolvimento: ${info.nome}`,
    texto: `O parecer descritivo do ${periodo} de ${info.nome} está disponível no portal.`,
    link: `/dashboard/alunos?aluno=${parecer.alunoId}`,
    email: {
      assunto: `Relatório de desenvolvimento do ${periodo}`,
      texto: `A escola publicou o parecer descritivo do ${periodo} de ${info.nome}.`,
    },
    sms: `Relatório de desenvolvimento do ${periodo} de ${info.nome} publicado.`,
  });
}
