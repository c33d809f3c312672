import { eq, sql } from 'drizzle-orm';
import { classes } from '../db/schema/classes.js';
import type { AppContext } from '../context.js';
import { hashPassword } from '../features/auth/index.js';
import { recordAudit, systemActor } from '../features/audit/index.js';
import { users } from '../db/schema/users.js';
import { userPerfis } from '../db/schema/perfis.js';
import { builtInPerfilId } from '../features/perfis/index.js';
import { builtInPerfilNames } from '../../shared/permissions.js';
import { seedRecords } from './seed-records.js';
import { seedFinance, seedLateClassesTuition } from './seed-finance.js';
import { seedCensoAnoAnterior } from './seed-censo-anterior.js';
import { seedAcademics } from './seed-academics.js';
import { seedFamilyAbsence } from './seed-family-absence.js';
import { seedPareceres } from './seed-pareceres.js';
import { seedAgenda } from './seed-agenda.js';
import { seedGrades } from './seed-grades.js';
import { seedMedio } from './seed-medio.js';
import { seedLgpd } from './seed-lgpd.js';
import { seedComunicados } from './seed-comunicados.js';
import { seedDocuments } from './seed-documents.js';
import { seedContent } from './seed-content.js';
import { seedStudentAccount } from './seed-student-account.js';
import { seedMatriculas, seedSignatarios } from './seed-matriculas.js';
import { seedCensoProfissionais } from './seed-censo-profissionais.js';
import { seedCensoAlunos } from './seed-censo-alunos.js';
import { seedCensoEscola } from './seed-censo-escola.js';
import { clock } from '../lib/clock.js';
import { seedAnuidadesDemo } from '../features/matriculas/index.js';
import { seedCensoTurmasDemo } from '../features/censo/index.js';

/**
 * The demo's accounts, documented in the README. Only the demo has known passwords; it runs on its
 * own data directory (`./data-demo`), never on the school's.
 */
export const demoAccounts = [
  {
    nome: 'Ana Paula Ribeiro',
    email: 'admin@demo.escola',
    senha: 'Demo-Admin-2026',
    nivel: 'administrador',
    perfil: 'direcao',
  },
  {
    nome: 'Carlos Eduardo Lima',
    email: 'professor@demo.escola',
    senha: 'Demo-Prof-2026',
    nivel: 'professor',
    perfil: 'professor',
  },
  {
    nome: 'Juliana Martins Souza',
    email: 'responsavel@demo.escola',
    senha: 'Demo-Resp-2026',
    nivel: 'responsavel',
    perfil: 'responsavel',
  },
  // The people who run the school besides the direction (ADR 0025): each sees only her own areas.
  {
    nome: 'Marta Regina Alves',
    email: 'secretaria@demo.escola',
    senha: 'Demo-Secr-2026',
    nivel: 'administrador',
    perfil: 'secretaria',
  },
  {
    nome: 'Roberto Nunes Farias',
    email: 'financeiro@demo.escola',
    senha: 'Demo-Fin-2026',
    nivel: 'administrador',
    perfil: 'financeiro',
  },
  // A Fundamental II student's own account (issue 31 §4, ADR 0029); named after the student it reaches.
  {
    nome: 'Aluno da demonstração',
    email: 'aluno@demo.escola',
    senha: 'Demo-Alun-2026',
    nivel: 'aluno',
    perfil: 'aluno',
  },
  {
    nome: 'Beatriz Camargo Teles',
    email: 'coordenacao@demo.escola',
    senha: 'Demo-Coord-2026',
    nivel: 'administrador',
    perfil: 'coordenacao',
  },
] as const;

/** Fills an empty demo database; returns the account lines to print, or null when it already had data. */
export async function seedDemo(ctx: AppContext): Promise<string[] | null> {
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts[0].email));
  if (existing) return null;
  await ctx.db.transaction(async (tx) => {
    const ids: Record<string, string> = {};
    for (const account of demoAccounts) {
      const [row] = await tx
        .insert(users)
        .values({
          nome: account.nome,
          email: account.email,
          nivel: account.nivel,
          passwordHash: await hashPassword(account.senha),
          primeiroLogin: false,
        })
        .returning();
      await recordAudit(tx, systemActor, {
        action: 'criar',
        entity: 'usuario',
        entityId: row!.id,
        details: { demo: true },
      });
      await tx
        .insert(userPerfis)
        .values({ usuarioId: row!.id, perfilId: await builtInPerfilId(tx, account.perfil) });
      ids[account.perfil] = row!.id;
    }
    await seedContent(tx);
    await seedRecords(tx, {
      professorUserId: ids.professor!,
      responsavelUserId: ids.responsavel!,
      responsavelNome: demoAccounts[2].nome,
      responsavelEmail: demoAccounts[2].email,
    });
    await seedStudentAccount(tx, ids.aluno!, ids.direcao!);
    await seedAcademics(tx, clock.today());
    // A recent absence the family can still justify (ADR 0034: up to 30 days back).
    await seedFamilyAbsence(tx, ids.responsavel!, clock.today());
    // After the school year and the registrations: the tuition of every month of the year (Lei 9.870).
    await seedFinance(tx, clock.today(), ids.responsavel!);
    await seedMedio(tx, clock.today());
    // Censo Escolar (issue 37): the director and the teachers' census data.
    await seedCensoProfissionais(tx);
    await seedGrades(tx, clock.today());
    await seedPareceres(tx, ids.professor!, ids.direcao!, clock.today());
    // The Pré II A (seedPareceres) and the 1ª série A (seedMedio) have their tuition too, as the others.
    await seedLateClassesTuition(tx, clock.today(), ids.responsavel!);
    await seedLgpd(tx, ids.responsavel!);
    await seedAgenda(tx, ids.professor!, ids.responsavel!);
    await seedComunicados(tx, {
      administrador: ids.direcao!,
      professor: ids.professor!,
      responsavel: ids.responsavel!,
    });
    await seedDocuments(tx, ctx.config, {
      administrador: ids.direcao!,
      responsavel: ids.responsavel!,
    });
    await seedMatriculas(tx, { id: ids.secretaria!, nome: demoAccounts[3].nome });
    await seedSignatarios(tx, demoAccounts[0]);
    // The school's census data, records 00 and 10 (issue 37).
    await seedCensoEscola(tx);
    // Next year's anuidades and plans, published (Lei 9.870, issue 34).
    await seedAnuidadesDemo(tx, clock.today());
    // Census data of every class (issue 37): horários from the turno and the grade.
    await seedCensoTurmasDemo(tx);
    await seedCensoAlunos(tx);
    // The previous year, closed, with its census IDs (issue 37): last, over every other seed.
    await seedCensoAnoAnterior(tx, clock.today());
    // A school using the system since its year began: each class existed from the 1st of January of its
    // year (a roll is owed only from the day a class was created, attendance/roll-due.ts).
    await tx.execute(sql`
      update ${classes} set created_at = make_date(ano_letivo::int, 1, 1)
      where ano_letivo ~ '^[0-9]{4}$' and created_at > make_date(ano_letivo::int, 1, 1)`);
  });
  await ctx.content.refresh();
  return demoAccounts.map(
    (account) => `${builtInPerfilNames[account.perfil].padEnd(13)} ${account.email} / ${account.senha}`,
  );
}
