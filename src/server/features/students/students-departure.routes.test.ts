import { afterEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { Student } from '../../../shared/students.schemas.js';
import type { MensalidadesAposSaida } from '../../../shared/mensalidades.schemas.js';
import { clock } from '../../lib/clock.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import {
  dataOf,
  detailsOf,
  insertClass,
  insertStudent,
  insertTuition,
  messageOf,
} from '../../test/records-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { patchStudentStatusOf } from '../../test/school-fixtures.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { mensalidades } from '../../db/schema/finance.js';
import { students } from '../../db/schema/students.js';

const t = setupTestApp();
afterEach(() => clock.unpin());

const patchStatus = patchStudentStatusOf(t);

/** A student in a class since 2026-02-02 with tuition due on the 10th of August to November. */
async function studentWithTuition() {
  const turma = await insertClass(t, null);
  const student = await insertStudent(t, turma.id, undefined, '2026-02-02');
  const months = {} as Record<string, { id: string }>;
  for (const mes of ['08', '09', '10', '11'])
    months[mes] = await insertTuition(t, student.id, `2026-${mes}`, `2026-${mes}-10`);
  return { turma, student, months };
}

/** The transfer dialog's line: what leaving on `data` would cancel (GET /mensalidades/apos-saida). */
const aposSaidaRequest = (alunoId: string, data: string, cookie: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/financeiro/mensalidades/apos-saida?aluno_id=${alunoId}&data=${data}`,
    headers: { cookie },
  });
const aposSaida = async (alunoId: string, data: string, cookie: string) =>
  dataOf<MensalidadesAposSaida>(await aposSaidaRequest(alunoId, data, cookie));

const openMonths = async (alunoId: string) =>
  (
    await t.database.db
      .select({ mes: mensalidades.mesReferencia })
      .from(mensalidades)
      .where(and(eq(mensalidades.alunoId, alunoId), isNull(mensalidades.canceladaEm)))
  )
    .map((row) => row.mes)
    .sort();

describe('a transfer on a day, with its destination and the tuition after it', () => {
  it('ends the roll the day before, records where the student went and cancels the later months', async () => {
    clock.pin('2026-09-20');
    const admin = await signedIn(t, 'administrador');
    const { student, months } = await studentWithTuition();
    // September is partly paid: kept for the Financeiro to settle.
    await t.database.db
      .update(mensalidades)
      .set({ principalPago: 20_000 })
      .where(eq(mensalidades.id, months['10']!.id));

    expect(await aposSaida(student.id, '2026-08-14', admin.cookie)).toEqual({
      quantidade: 2,
      taxas_matricula: 0,
      total: 170_000,
      com_pagamento: 1,
      em_confirmacao: 0,
    });

    const response = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-08-14',
      destino: { escola: 'EE Prof. Jorge Amado', municipio: 'Campinas', uf: 'sp' },
      cancelar_mensalidades: true,
    });
    expect(response.statusCode).toBe(200);
    expect(messageOf(response)).toBe(
      'Status alterado para Transferido. 2 mensalidades canceladas (vencimento depois de 14/08/2026).',
    );
    expect(dataOf<Student>(response)).toMatchObject({
      status: 'transferido',
      saida: { data: '2026-08-14', escola: 'EE Prof. Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    const [membership] = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, student.id));
    expect(membership).toMatchObject({ inicio: '2026-02-02', fim: '2026-08-13' });
    // August was due before the day; October has a payment: both stay.
    expect(await openMonths(student.id)).toEqual(['2026-08', '2026-10']);
    const [cancelled] = await t.database.db
      .select()
      .from(mensalidades)
      .where(eq(mensalidades.id, months['09']!.id));
    expect(cancelled!.motivoCancelamento).toBe('Transferência em 14/08/2026');
  });

  it('keeps a month whose comprovante awaits the school: the family says it paid it', async () => {
    clock.pin('2026-09-20');
    const admin = await signedIn(t, 'administrador');
    const { student, months } = await studentWithTuition();
    // 'Já paguei' for October, sent on the 18th (ADR 0035): the money may already be in the account.
    await t.database.db
      .update(mensalidades)
      .set({ confirmacaoDesde: '2026-09-18' })
      .where(eq(mensalidades.id, months['10']!.id));
    expect(await aposSaida(student.id, '2026-08-14', admin.cookie)).toEqual({
      quantidade: 2,
      taxas_matricula: 0,
      total: 170_000,
      com_pagamento: 0,
      em_confirmacao: 1,
    });
    const response = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-08-14',
      cancelar_mensalidades: true,
    });
    expect(messageOf(response)).toBe(
      'Status alterado para Transferido. 2 mensalidades canceladas (vencimento depois de 14/08/2026).',
    );
    expect(await openMonths(student.id)).toEqual(['2026-08', '2026-10']);
  });

  it('counts an enrolment fee due after the day as the fee, in the preview and in what it cancelled', async () => {
    clock.pin('2026-09-20');
    const admin = await signedIn(t, 'administrador');
    const { student, months } = await studentWithTuition();
    await t.database.db
      .update(mensalidades)
      .set({ tipo: 'taxa_matricula', anuidadeAno: 2027 })
      .where(eq(mensalidades.id, months['11']!.id));
    expect(await aposSaida(student.id, '2026-08-14', admin.cookie)).toMatchObject({
      quantidade: 3,
      taxas_matricula: 1,
    });
    const response = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-08-14',
      cancelar_mensalidades: true,
    });
    expect(messageOf(response)).toBe(
      'Status alterado para Transferido. 2 mensalidades canceladas e 1 taxa de matrícula cancelada (vencimento depois de 14/08/2026).',
    );
  });

  it('keeps the tuition when not asked; a later transfer keeps the day; coming back clears the departure', async () => {
    clock.pin('2026-09-20');
    const admin = await signedIn(t, 'administrador');
    const { student } = await studentWithTuition();
    const left = await patchStatus(student.id, admin.cookie, { status: 'inativo', data_saida: '2026-09-01' });
    expect(messageOf(left)).toBe('Status alterado para Inativo.');
    expect(dataOf<Student>(left).saida).toEqual({
      data: '2026-09-01',
      escola: null,
      municipio: null,
      uf: null,
    });
    expect(await openMonths(student.id)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    // The transfer's papers come later: it keeps the day the student stopped (never a future one).
    const ahead = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-10-01',
    });
    expect(ahead.statusCode).toBe(400);
    const papers = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      destino: { escola: 'EE Jorge Amado' },
    });
    expect(dataOf<Student>(papers).saida).toMatchObject({ data: '2026-09-01', escola: 'EE Jorge Amado' });
    const back = await patchStatus(student.id, admin.cookie, { status: 'ativo' });
    expect(dataOf<Student>(back)).toMatchObject({ status: 'ativo', saida: null });
  });

  it('corrects a departure’s day typed wrong: the roll’s end moves with it, never before the class began', async () => {
    clock.pin('2026-09-20');
    const admin = await signedIn(t, 'administrador');
    const { student } = await studentWithTuition();
    await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-09-15',
      destino: { escola: 'EE Jorge Amado' },
    });
    const membership = async () =>
      (
        await t.database.db
          .select({ inicio: classMemberships.inicio, fim: classMemberships.fim })
          .from(classMemberships)
          .where(eq(classMemberships.alunoId, student.id))
      )[0];
    expect(await membership()).toEqual({ inicio: '2026-02-02', fim: '2026-09-14' });

    // The child stopped on the 1st: the same status, the day right. The roll ends on 31/08.
    const earlier = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-09-01',
      destino: { escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(messageOf(earlier)).toBe('Saída corrigida.');
    expect(dataOf<Student>(earlier)).toMatchObject({
      status: 'transferido',
      saida: { data: '2026-09-01', escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    expect(await membership()).toEqual({ inicio: '2026-02-02', fim: '2026-08-31' });
    // And later again: the days up to it are the class's roll again.
    await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-09-10',
      destino: { escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    expect(await membership()).toEqual({ inicio: '2026-02-02', fim: '2026-09-09' });

    // Before the class began, or in the future: refused, nothing moves.
    const before = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-01-20',
    });
    expect(before.statusCode).toBe(400);
    expect(detailsOf(before)).toEqual([
      {
        path: 'data_saida',
        message: 'A data da saída deve ser a partir de 02/02/2026 (entrada na última turma).',
      },
    ]);
    expect(
      (await patchStatus(student.id, admin.cookie, { status: 'inativo', data_saida: '2026-09-21' }))
        .statusCode,
    ).toBe(400);
    expect(await membership()).toEqual({ inicio: '2026-02-02', fim: '2026-09-09' });

    // Inativo → transferido with the day it always had changes the status only.
    await patchStatus(student.id, admin.cookie, { status: 'inativo', data_saida: '2026-09-10' });
    expect(await membership()).toEqual({ inicio: '2026-02-02', fim: '2026-09-09' });

    // A correction cancels no tuition: asked to, it says so instead of ignoring it.
    const withTuition = await patchStatus(student.id, admin.cookie, {
      status: 'inativo',
      data_saida: '2026-09-05',
      cancelar_mensalidades: true,
    });
    expect(withTuition.statusCode).toBe(400);
    expect(detailsOf(withTuition)).toEqual([
      {
        path: 'cancelar_mensalidades',
        message: 'Na correção da saída, as mensalidades não são canceladas: cancele-as no Financeiro.',
      },
    ]);
    expect(await membership()).toEqual({ inicio: '2026-02-02', fim: '2026-09-09' });

    // A graduate's roll ended with the year: another status and day leave it where it was.
    await t.database.db.update(students).set({ status: 'formado' }).where(eq(students.id, student.id));
    const graduate = await patchStatus(student.id, admin.cookie, {
      status: 'inativo',
      data_saida: '2026-08-03',
    });
    expect(graduate.statusCode).toBeLessThan(500);
    expect(await membership()).toEqual({ inicio: '2026-02-02', fim: '2026-09-09' });
  });

  it('refuses a day in the future or before the student was in the class, and changes nothing', async () => {
    clock.pin('2026-09-20');
    const admin = await signedIn(t, 'administrador');
    const { student } = await studentWithTuition();
    const future = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-09-21',
    });
    expect(future.statusCode).toBe(400);
    expect(detailsOf(future)).toEqual([
      { path: 'data_saida', message: 'A data da saída não pode ser depois de hoje.' },
    ]);
    const before = await patchStatus(student.id, admin.cookie, {
      status: 'transferido',
      data_saida: '2026-01-30',
    });
    expect(before.statusCode).toBe(400);
    expect(messageOf(before)).toBe(
      'A data da saída deve ser a partir de 02/02/2026 (entrada na turma atual).',
    );
    const graduating = await patchStatus(student.id, admin.cookie, {
      status: 'formado',
      data_saida: '2026-09-01',
      destino: { escola: 'Outra' },
    });
    expect(detailsOf(graduating).map((issue) => issue.path)).toEqual(['data_saida', 'destino']);
    const detail = dataOf<Student>(
      await t.app.inject({
        method: 'GET',
        url: `/api/alunos/${student.id}`,
        headers: { cookie: admin.cookie },
      }),
    );
    expect(detail).toMatchObject({ status: 'ativo', saida: null });
  });

  it('lets only the Financeiro cancel tuition: the secretaria transfers without it', async () => {
    clock.pin('2026-09-20');
    const secretaria = await staffWith(t, 'secretaria');
    const { student } = await studentWithTuition();
    const refused = await patchStatus(student.id, secretaria.cookie, {
      status: 'transferido',
      cancelar_mensalidades: true,
    });
    expect(refused.statusCode).toBe(403);
    const preview = await aposSaidaRequest(student.id, '2026-09-20', secretaria.cookie);
    expect(preview.statusCode).toBe(403);
    const transferred = await patchStatus(student.id, secretaria.cookie, { status: 'transferido' });
    expect(dataOf<Student>(transferred).saida).toMatchObject({ data: '2026-09-20', escola: null });
    expect(await openMonths(student.id)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
  });

  it('lets a student enrolled for a class not begun yet leave before it starts (next year’s, in December)', async () => {
    clock.pin('2026-12-10');
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null, 25, { anoLetivo: '2027' });
    const student = await insertStudent(t, turma.id, undefined, '2027-02-01');
    const response = await patchStatus(student.id, admin.cookie, { status: 'transferido' });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<Student>(response).saida).toMatchObject({ data: '2026-12-10' });
    // The membership of a class never begun never covered a day: it goes.
    expect(
      await t.database.db.select().from(classMemberships).where(eq(classMemberships.alunoId, student.id)),
    ).toEqual([]);
  });
});
