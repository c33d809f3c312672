import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AlunoParaConversa,
  alunosParaConversaQuerySchema,
  conversaInputSchema,
  MensagensConfig,
} from '../../../shared/mensagens.schemas.js';
import { can } from '../../../shared/permissions.js';
import { compareClasses } from '../../../shared/classes.schemas.js';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { conversaLeituras, conversas, mensagens } from '../../db/schema/mensagens.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { folded, matchesText } from '../../lib/text-search.js';
import { scopeOf, studentsInScope } from '../students/index.js';
import { getMensagensConfig } from './mensagens.config.js';
import { limitMessages, notifyOtherSide, type Viewer } from './mensagens.service.js';

/**
 * Conversations the school starts (issue 32 §2, ADR 0036): a teacher with the guardians of a student in
 * a class they teach, about that student; a person of the school holding `mensagens.iniciar` with any
 * family. Each guardian gets a conversation of their own (separated parents do not read each other), to
 * every guardian with a portal account or only the principal one, as the school's rule says.
 */

const noStudent = () => notFound('Aluno não encontrado.');
const PRINCIPAL_ONLY =
  'A escola escreve somente ao responsável principal deste aluno (Configurações → Mensagens).';

/** Who the school's side is for this student: the teacher (their id) or the secretaria; 404 out of reach. */
async function sideFor(
  tx: DbOrTx,
  viewer: Viewer,
  alunoId: string,
): Promise<{ destino: 'secretaria' | 'professor'; professorId: string | null }> {
  if (!can(viewer.permissoes ?? viewer.nivel, 'mensagens.iniciar'))
    throw new AppError('FORBIDDEN', 'O seu perfil não inicia conversas com as famílias.');
  const scope = await scopeOf(tx, viewer);
  if (scope.kind !== 'all' && scope.kind !== 'teacher') throw noStudent();
  const [found] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!found) throw noStudent();
  if (scope.kind === 'teacher') return { destino: 'professor', professorId: scope.teacherId };
  return { destino: 'secretaria', professorId: null };
}

/** The student's guardians, and whether the school may write to each (an account, the school's rule). */
async function guardiansOf(db: DbOrTx, alunoIds: string[], config: MensagensConfig) {
  if (alunoIds.length === 0) return [];
  const rows = await db
    .select({
      alunoId: studentGuardians.alunoId,
      id: guardians.id,
      nome: guardians.nome,
      parentesco: studentGuardians.parentesco,
      principal: studentGuardians.ehPrincipal,
      usuarioId: guardians.usuarioId,
      ativo: sql<boolean>`coalesce(${users.status} = 'ativo' and ${users.nivel} = 'responsavel', false)`,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .leftJoin(users, eq(users.id, guardians.usuarioId))
    .where(inArray(studentGuardians.alunoId, alunoIds))
    .orderBy(sql`${studentGuardians.ehPrincipal} desc`, asc(folded(guardians.nome)));
  return rows.map((row) => {
    const motivo =
      !row.ativo || row.usuarioId === null
        ? ('sem_acesso' as const)
        : config.responsaveis !== 'todos' && !row.principal
          ? ('so_principal' as const)
          : null;
    return { ...row, disponivel: motivo === null, motivo };
  });
}

export async function startBySchool(
  ctx: AppContext,
  viewer: Viewer,
  input: z.output<typeof conversaInputSchema>,
  now: Date,
): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    await limitMessages(tx, viewer);
    const side = await sideFor(tx, viewer, input.aluno_id);
    const config = await getMensagensConfig(tx);
    const all = await guardiansOf(tx, [input.aluno_id], config);
    const chosen = input.responsaveis
      ? [...new Set(input.responsaveis)].map((id) => {
          const guardian = all.find((one) => one.id === id);
          if (!guardian) throw notFound('Responsável não encontrado.');
          if (!guardian.disponivel) {
            const message =
              guardian.usuarioId === null || !guardian.ativo
                ? `${guardian.nome} não tem acesso ao portal: não recebe mensagens.`
                : PRINCIPAL_ONLY;
            throw new AppError('VALIDATION', message, [{ path: 'responsaveis', message }]);
          }
          return guardian;
        })
      : all.filter((guardian) => guardian.disponivel);
    if (chosen.length === 0) throw conflict('Nenhum responsável deste aluno tem acesso ao portal.');
    const ids: string[] = [];
    for (const guardian of chosen) {
      const [row] = await tx
        .insert(conversas)
        .values({
          alunoId: input.aluno_id,
          responsavelUsuarioId: guardian.usuarioId!,
          destino: side.destino,
          professorId: side.professorId,
          assunto: input.assunto,
          iniciadaPor: 'escola',
          ultimaMensagemEm: now,
          createdAt: now,
        })
        .returning();
      await tx.insert(mensagens).values({
        conversaId: row!.id,
        autorId: viewer.id,
        autorNome: viewer.nome,
        lado: 'escola',
        texto: input.texto,
        createdAt: now,
      });
      await tx.insert(conversaLeituras).values({ conversaId: row!.id, usuarioId: viewer.id, lidaAte: now });
      await notifyOtherSide(ctx, tx, row!, viewer);
      ids.push(row!.id);
    }
    return ids;
  });
}

const PAGE = 30;

/**
 * The students the school's side may start a conversation about, with their guardians: a teacher's
 * own classes' (all, or one class); anyone else holding `mensagens.iniciar`, any student found by name.
 */
export async function studentsToWriteAbout(
  db: Db,
  viewer: Viewer,
  query: z.output<typeof alunosParaConversaQuerySchema>,
): Promise<AlunoParaConversa[]> {
  if (!can(viewer.permissoes ?? viewer.nivel, 'mensagens.iniciar'))
    throw new AppError('FORBIDDEN', 'O seu perfil não inicia conversas com as famílias.');
  const scope = await scopeOf(db, viewer);
  if (scope.kind !== 'all' && scope.kind !== 'teacher') return [];
  const q = query.q?.trim() ?? '';
  if (scope.kind === 'all' && q.length < 2 && !query.turma_id) return [];
  const rows = await db
    .select({
      id: students.id,
      nome: students.nome,
      turmaId: classes.id,
      turmaNome: classes.nome,
      serie: classes.serie,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(
      and(
        eq(students.status, 'ativo'),
        studentsInScope(scope),
        query.turma_id ? eq(students.turmaId, query.turma_id) : undefined,
        q ? matchesText(students.nome, q) : undefined,
      ),
    )
    .orderBy(asc(classes.nome), asc(folded(students.nome)))
    .limit(scope.kind === 'teacher' ? 500 : PAGE);
  // The classes in school order (Pré II before the 1º ano, as on the other screens); a student without a
  // class last. The sort is stable: each class's students stay in the query's order by name.
  rows.sort((a, b) =>
    a.turmaId && b.turmaId
      ? compareClasses(
          { serie: a.serie ?? '', nome: a.turmaNome ?? '' },
          { serie: b.serie ?? '', nome: b.turmaNome ?? '' },
        )
      : Number(!a.turmaId) - Number(!b.turmaId),
  );
  const config = await getMensagensConfig(db);
  const family = await guardiansOf(
    db,
    rows.map((row) => row.id),
    config,
  );
  return rows.map((row) => ({
    aluno: { id: row.id, nome: row.nome },
    turma: row.turmaId ? { id: row.turmaId, nome: row.turmaNome ?? '' } : null,
    responsaveis: family
      .filter((guardian) => guardian.alunoId === row.id)
      .map((guardian) => ({
        id: guardian.id,
        nome: guardian.nome,
        parentesco: guardian.parentesco,
        principal: guardian.principal,
        disponivel: guardian.disponivel,
        motivo: guardian.motivo,
      })),
  }));
}
