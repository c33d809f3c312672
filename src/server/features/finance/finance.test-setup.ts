/**
 * The finance tests' common setup: the app on a fixed day (late fees and 'overdue' depend on the date),
 * emptied before each test, and the school every test starts from.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../env.js';
import { clock } from '../../lib/clock.js';
import { setupTestApp, signedIn, type TestApp } from '../../test/test-app.js';
import { exampleFinanceSettings } from '../../test/finance-settings-example.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { classTuition, mensalidades } from '../../db/schema/finance.js';

// Late fees and 'overdue' depend on the date: every test here runs on the same fixed day.
export const today = '2026-06-15';
let t: TestApp;

export const thisYear = Number(today.slice(0, 4));
export const lastYear = thisYear - 1;

/**
 * A class with R$ 850,00 due on the 10th, two students (one with a guardian account), an admin. The
 * class is last year's unless told (tuition follows the class's school year), so last year is all due.
 */
export async function school(options: { ano?: number } = {}) {
  const admin = await signedIn(t, 'administrador');
  const guardianLogin = await signedIn(t, 'responsavel');
  const otherGuardianLogin = await signedIn(t, 'responsavel');
  const teacherLogin = await signedIn(t, 'professor');
  const db = t.database.db;
  const [teacher] = await db
    .insert(teachers)
    .values({ nome: 'Marta Reis', email: 'marta@escola.test', usuarioId: teacherLogin.user.id })
    .returning();
  const [turma] = await db
    .insert(classes)
    .values({
      nome: '5º Ano A',
      nivel: 'Fundamental I',
      serie: '5º ano',
      turno: 'manha',
      anoLetivo: String(options.ano ?? lastYear),
      professorResponsavelId: teacher!.id,
    })
    .returning();
  const [ana, bruno] = await db
    .insert(students)
    .values([
      {
        nome: 'Ana Souza',
        dataNascimento: '2015-04-02',
        matricula: 'M001',
        turmaId: turma!.id,
        dataMatricula: `${lastYear - 1}-12-01`,
      },
      {
        nome: 'Bruno Lima',
        dataNascimento: '2015-06-12',
        matricula: 'M002',
        turmaId: turma!.id,
        dataMatricula: `${lastYear}-07-15`,
      },
    ])
    .returning();
  const [mae, pai] = await db
    .insert(guardians)
    .values([
      { nome: 'Carla Souza', telefone: '11912345678', usuarioId: guardianLogin.user.id },
      { nome: 'Diego Lima', telefone: '11912345679', usuarioId: otherGuardianLogin.user.id },
    ])
    .returning();
  await db.insert(studentGuardians).values([
    { alunoId: ana!.id, responsavelId: mae!.id, parentesco: 'mae', ehPrincipal: true },
    { alunoId: bruno!.id, responsavelId: pai!.id, parentesco: 'pai', ehPrincipal: true },
  ]);
  const configure = await t.app.inject({
    method: 'PUT',
    url: '/api/financeiro/configuracoes',
    headers: { cookie: admin.cookie },
    payload: exampleFinanceSettings(turma!.id),
  });
  expect(configure.statusCode).toBe(200);
  return {
    admin: admin.cookie,
    guardian: guardianLogin.cookie,
    otherGuardian: otherGuardianLogin.cookie,
    teacher: teacherLogin.cookie,
    turma: turma!,
    ana: ana!,
    bruno: bruno!,
    mae: mae!,
    pai: pai!,
  };
}

/** Another class with the same tuition (R$ 850,00, day 10), of `ano`; `alunos` move into it. */
export async function classWithTuition(nome: string, ano: number, alunos: string[] = []) {
  const db = t.database.db;
  const [turma] = await db
    .insert(classes)
    .values({ nome, nivel: 'Fundamental I', serie: '5º ano', turno: 'manha', anoLetivo: String(ano) })
    .returning();
  await db.insert(classTuition).values({ turmaId: turma!.id, valorMensalidade: 85_000, diaVencimento: 10 });
  for (const id of alunos) await db.update(students).set({ turmaId: turma!.id }).where(eq(students.id, id));
  return turma!;
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

export async function mensalidadeOf(alunoId: string, mes: string) {
  const [row] = await t.database.db
    .select()
    .from(mensalidades)
    .where(and(eq(mensalidades.alunoId, alunoId), eq(mensalidades.mesReferencia, mes)));
  return row!;
}

/**
 * Registers the file's hooks (the app, and what each test starts from): call once at the top of each
 * test file. Returns the app and `call`, its request helper.
 */
export function setupFinanceTest(overrides: Partial<AppConfig> = {}) {
  // Registered before the app's hooks: pinned before the app is built, unpinned after it is closed.
  beforeAll(() => clock.pin(today));
  afterAll(() => clock.unpin());
  t = setupTestApp(overrides);
  return { t, call };
}

/** The school's boleto agreement with Banco do Brasil (carteira 17), as the Configurações form sends it. */
export const BOLETO_BB = {
  ativo: true,
  banco: '001',
  agencia: '1234',
  conta: '56789',
  carteira: '17',
  convenio: '1234567',
  proximo_nosso_numero: 1,
  instrucoes: 'Não receber após 30 dias do vencimento.',
};
