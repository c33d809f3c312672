import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { classes } from '../db/schema/classes.js';
import { studentAccounts } from '../db/schema/student-accounts.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { users } from '../db/schema/users.js';
import { clock } from '../lib/clock.js';

/**
 * The demo's student account (issue 31 §4, ADR 0029): the first Fundamental II student (by name) with a
 * principal guardian, made with that guardian's consent on a signed form, recorded by the direction.
 * The account row exists already (seed-demo's list); this ties it to the student and names it after them.
 */
export async function seedStudentAccount(tx: DbOrTx, usuarioId: string, direcaoId: string): Promise<void> {
  const [row] = await tx
    .select({ aluno: students, guardian: guardians })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .innerJoin(
      studentGuardians,
      and(eq(studentGuardians.alunoId, students.id), eq(studentGuardians.ehPrincipal, true)),
    )
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(and(eq(classes.nivel, 'Fundamental II'), eq(students.status, 'ativo')))
    .orderBy(asc(classes.serie), asc(students.nome))
    .limit(1);
  if (!row) return;
  const [direcao] = await tx.select({ nome: users.nome }).from(users).where(eq(users.id, direcaoId));
  await tx.update(users).set({ nome: row.aluno.nome }).where(eq(users.id, usuarioId));
  await tx.insert(studentAccounts).values({
    alunoId: row.aluno.id,
    usuarioId,
    consentimentoResponsavelId: row.guardian.id,
    consentimentoResponsavelNome: row.guardian.nome,
    consentimentoMeio: 'termo_assinado',
    consentimentoEm: clock.now(),
    registradoPorId: direcaoId,
    registradoPorNome: direcao?.nome ?? null,
  });
}
