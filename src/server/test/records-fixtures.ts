import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { FieldError } from '../../shared/api.js';
import { GENERATED_PASSWORD_LENGTH } from '../../shared/users.schemas.js';
import { completeCpf } from '../../shared/validators.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../db/schema/attendance.js';
import { classes } from '../db/schema/classes.js';
import { mensalidades } from '../db/schema/finance.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import type { TestApp } from './test-app.js';

/** The envelope's payload, typed by the caller (the boundary the tests check). */
export function dataOf<T>(response: LightMyRequestResponse): T {
  return response.json<{ data: T }>().data;
}

/**
 * The payload of a 201 that saved a record together with its portal account: the test fails here unless
 * the account was created with a generated password (GENERATED_PASSWORD_LENGTH characters).
 */
export function createdWithAccount<T extends { usuarioCriado: boolean; senhaGerada?: string }>(
  response: LightMyRequestResponse,
): T {
  expect(response.statusCode).toBe(201);
  const created = dataOf<T>(response);
  expect(created.usuarioCriado).toBe(true);
  expect(created.senhaGerada).toHaveLength(GENERATED_PASSWORD_LENGTH);
  return created;
}

export function messageOf(response: LightMyRequestResponse): string {
  return response.json<{ message: string }>().message;
}

/** The field errors of a 400 answer (none when it has no `details`). */
export const detailsOf = (response: { json: () => unknown }) =>
  (response.json() as { details?: FieldError[] }).details ?? [];

let cpfCounter = 100_000_000;
export function newCpf(): string {
  cpfCounter += 7;
  return completeCpf(String(cpfCounter));
}

export async function insertTeacher(t: TestApp, usuarioId: string | null = null) {
  const [row] = await t.database.db
    .insert(teachers)
    .values({
      nome: `Prof ${randomUUID().slice(0, 6)}`,
      email: `prof-${randomUUID().slice(0, 8)}@escola.test`,
      disciplinas: ['Matemática'],
      usuarioId,
    })
    .returning();
  return row!;
}

export async function insertClass(
  t: TestApp,
  professorId: string | null,
  capacidade = 25,
  overrides: Partial<typeof classes.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(classes)
    .values({
      nome: `Turma ${randomUUID().slice(0, 4)}`,
      nivel: 'Fundamental I',
      serie: '3º ano',
      turno: 'noite',
      anoLetivo: '2026',
      capacidadeMaxima: capacidade,
      professorResponsavelId: professorId,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertGuardian(t: TestApp, usuarioId: string | null = null) {
  const [row] = await t.database.db
    .insert(guardians)
    .values({ nome: `Resp ${randomUUID().slice(0, 6)}`, telefone: '11912345678', cpf: newCpf(), usuarioId })
    .returning();
  return row!;
}

/** A student (with a membership of the class from `desde`, as the services keep it). */
export async function insertStudent(
  t: TestApp,
  turmaId: string | null,
  guardianId?: string,
  desde = '2026-01-01',
) {
  const [row] = await t.database.db
    .insert(students)
    .values({
      nome: `Aluno ${randomUUID().slice(0, 6)}`,
      dataNascimento: '2015-03-10',
      matricula: `M-${randomUUID().slice(0, 8)}`,
      turmaId,
      dataEnturmacao: turmaId ? desde : null,
      cpf: newCpf(),
    })
    .returning();
  if (turmaId)
    await t.database.db.insert(classMemberships).values({ alunoId: row!.id, turmaId, inicio: desde });
  if (guardianId) {
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: row!.id, responsavelId: guardianId, parentesco: 'mae', ehPrincipal: true });
  }
  return row!;
}

export function validStudentBody(
  overrides: Record<string, unknown> = {},
  guardian: Record<string, unknown> = {},
) {
  return {
    nome: 'Beatriz Almeida Santos',
    data_nascimento: '2016-05-20',
    matricula: `2026${Math.floor(Math.random() * 1e6)}`,
    responsavel: {
      nome: 'Fernanda Almeida Santos',
      email: `fernanda-${randomUUID().slice(0, 8)}@familia.test`,
      telefone: '(11) 98765-4321',
      cpf: newCpf(),
      parentesco: 'mae',
      eh_principal: true,
      ...guardian,
    },
    ...overrides,
  };
}

/**
 * Ten daily rolls of the class in March 2026 (02/03 to 11/03), the student missing the first `faltas`.
 * `scale` repeats the ten days' pattern (10 × scale days from 02/03 on, `faltas` absent in each ten), so
 * the same frequency can carry enough absences to pass the Conselho Tutelar line, a count over the
 * year's planned lessons (ADR 0117).
 */
export async function insertRollsWithAbsences(
  t: TestApp,
  turmaId: string,
  alunoId: string,
  faltas: number,
  scale = 1,
) {
  for (let index = 0; index < 10 * scale; index++) {
    const data = new Date(Date.UTC(2026, 2, 2 + index)).toISOString().slice(0, 10);
    const [roll] = await t.database.db.insert(attendanceRolls).values({ turmaId, data }).returning();
    if (index % 10 < faltas)
      await t.database.db.insert(attendanceAbsences).values({ chamadaId: roll!.id, alunoId });
  }
}

/**
 * A mensalidade of R$ 850,00 of the student for month `mes` (YYYY-MM), due on `vencimento`, written
 * straight to the table (no class unless `extra` says); `extra` sets any other column.
 */
export async function insertTuition(
  t: TestApp,
  alunoId: string,
  mes: string,
  vencimento: string,
  extra: Partial<typeof mensalidades.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(mensalidades)
    .values({
      alunoId,
      mesReferencia: mes,
      dataVencimento: vencimento,
      valorOriginal: 85_000,
      valor: 85_000,
      ...extra,
    })
    .returning();
  return row!;
}

/**
 * A family's address in São Paulo (Avenida Paulista, 1000, ap 12) in parts but the CEP (01310-100),
 * which each test types as its form or table does (with or without the hyphen).
 */
export const PAULISTA_ADDRESS = {
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: 'ap 12',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
} as const;
