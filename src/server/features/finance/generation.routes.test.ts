import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { classTuition, mensalidades } from '../../db/schema/finance.js';

// The day: late November, next year's classes already taking students.
const today = '2026-11-28';
// Registered before the app's hooks: pinned before the app is built, unpinned after it is closed.
beforeAll(() => clock.pin(today));
afterAll(() => clock.unpin());
const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

async function classOf(nome: string, ano: string, valor: number) {
  const [turma] = await t.database.db
    .insert(classes)
    .values({ nome, nivel: 'Fundamental I', serie: '1º ano', turno: 'manha', anoLetivo: ano })
    .returning();
  await t.database.db
    .insert(classTuition)
    .values({ turmaId: turma!.id, valorMensalidade: valor, diaVencimento: 10 });
  return turma!;
}

let seq = 0;
async function studentIn(turmaId: string, nome: string, dataMatricula: string) {
  seq += 1;
  const [student] = await t.database.db
    .insert(students)
    .values({ nome, dataNascimento: '2019-05-01', matricula: `G${seq}`, turmaId, dataMatricula })
    .returning();
  return student!;
}

/**
 * This year's class (R$ 850) with Lia, enrolled in February; next year's class (R$ 900) with three
 * students enrolled today (the form's default), as the issue found them.
 */
async function school() {
  const admin = await signedIn(t, 'administrador');
  const atual = await classOf('5º Ano A', '2026', 85_000);
  const proxima = await classOf('1º Ano A', '2027', 90_000);
  const lia = await studentIn(atual.id, 'Lia Prado', '2026-02-02');
  const novos = [
    await studentIn(proxima.id, 'Caio Novo', today),
    await studentIn(proxima.id, 'Duda Nova', today),
    await studentIn(proxima.id, 'Enzo Novo', today),
  ];
  return { admin: admin.cookie, atual, proxima, lia, novos };
}

async function monthsOf(alunoId: string) {
  const rows = await t.database.db
    .select({ mes: mensalidades.mesReferencia, vence: mensalidades.dataVencimento })
    .from(mensalidades)
    .where(eq(mensalidades.alunoId, alunoId))
    .orderBy(mensalidades.mesReferencia);
  return rows;
}

describe('tuition follows the class’s school year', () => {
  it('this year’s run charges next year’s students nothing; their own year starts at its first day', async () => {
    const s = await school();
    // The dialog's old defaults (this year, whole year) charged November — due today — and December.
    const thisYear = await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: 2026 });
    expect(thisYear.statusCode).toBe(201);
    expect(thisYear.json().data).toMatchObject({ criadas: 11 });
    for (const aluno of s.novos) expect(await monthsOf(aluno.id)).toEqual([]);
    expect((await monthsOf(s.lia.id)).map((row) => row.mes)).toEqual(
      Array.from({ length: 11 }, (_, index) => `2026-${String(index + 2).padStart(2, '0')}`),
    );
    // Only next year, asked for explicitly: nothing for them in 2026 still, and a message that says why.
    const onlyNext = await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, {
      ano: 2026,
      turma_id: s.proxima.id,
    });
    expect(onlyNext.statusCode).toBe(200);
    expect(onlyNext.json().message).toMatch(/fora do ano letivo/);

    // 2027 opened in the Calendário from 15 February: February falls due on the 15th (its first day), not
    // the 10th, and January — before the year — is not charged.
    await t.database.db.insert(schoolYears).values({ ano: 2027, inicio: '2027-02-15', fim: '2027-12-10' });
    const own = await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, {});
    expect(own.json().data).toMatchObject({ criadas: 33 });
    const caio = await monthsOf(s.novos[0]!.id);
    expect(caio).toHaveLength(11);
    expect(caio[0]).toEqual({ mes: '2027-02', vence: '2027-02-15' });
    expect(caio.at(-1)).toEqual({ mes: '2027-12', vence: '2027-12-10' });
  });

  it('without a calendar year the class’s year is January to December; never before the enrolment', async () => {
    const s = await school();
    await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: 2027 });
    const duda = await monthsOf(s.novos[1]!.id);
    expect(duda).toHaveLength(12);
    expect(duda[0]).toEqual({ mes: '2027-01', vence: '2027-01-10' });
    // Lia's class is 2026: a 2027 run does not touch her.
    expect(await monthsOf(s.lia.id)).toEqual([]);
  });
});

describe('preview and undo', () => {
  it('the preview counts and totals per class what Gerar then creates, and writes nothing', async () => {
    const s = await school();
    const preview = await send('POST', '/api/financeiro/mensalidades/gerar/simular', s.admin, {});
    expect(preview.statusCode).toBe(200);
    const plan = preview.json().data;
    expect(plan).toMatchObject({ mensalidades: 11 + 36, valor_total: 11 * 85_000 + 36 * 90_000 });
    expect(plan.turmas).toEqual([
      {
        turma_id: s.atual.id,
        turma_nome: '5º Ano A',
        ano_letivo: '2026',
        ano_letivo_de: '2026-01',
        ano_letivo_ate: '2026-12',
        alunos: 1,
        mensalidades: 11,
        valor: 11 * 85_000,
        primeiro_mes: '2026-02',
        ultimo_mes: '2026-12',
        ja_existiam: 0,
        // On 28/11, February to November are already past their due date (the 10th).
        vencidas: 10,
        com_plano: 0,
      },
      {
        turma_id: s.proxima.id,
        turma_nome: '1º Ano A',
        ano_letivo: '2027',
        ano_letivo_de: '2027-01',
        ano_letivo_ate: '2027-12',
        alunos: 3,
        mensalidades: 36,
        valor: 36 * 90_000,
        primeiro_mes: '2027-01',
        ultimo_mes: '2027-12',
        ja_existiam: 0,
        vencidas: 0,
        com_plano: 0,
      },
    ]);
    const [written] = await t.database.db.select({ n: count() }).from(mensalidades);
    expect(written!.n).toBe(0);
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'gerar_mensalidades')),
    ).toEqual([]);

    const created = await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, {});
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      ...plan,
      criadas: plan.mensalidades,
      lote_id: expect.any(String),
    });
    expect(created.json().message).toBe('47 mensalidades geradas.');
    // Then the preview says they exist.
    const after = (await send('POST', '/api/financeiro/mensalidades/gerar/simular', s.admin, {})).json().data;
    expect(after).toMatchObject({ mensalidades: 0, valor_total: 0 });
    expect(after.turmas.map((turma: { ja_existiam: number }) => turma.ja_existiam)).toEqual([11, 36]);
  });

  it('lists a year’s classes in school order: Infantil, Fundamental, Médio', async () => {
    const admin = await signedIn(t, 'administrador');
    for (const [nome, nivel, serie] of [
      ['1ª série A', 'Ensino Médio', '1ª série'],
      ['9º Ano B', 'Fundamental II', '9º ano'],
      ['Pré II A', 'Educação Infantil', 'Pré II'],
      ['10º Ano?', 'Fundamental II', 'Outra'],
    ] as const) {
      const [turma] = await t.database.db
        .insert(classes)
        .values({ nome, nivel, serie, turno: 'manha', anoLetivo: '2027' })
        .returning();
      await t.database.db
        .insert(classTuition)
        .values({ turmaId: turma!.id, valorMensalidade: 90_000, diaVencimento: 10 });
      await studentIn(turma!.id, `Aluno de ${nome}`, today);
    }
    const preview = await send('POST', '/api/financeiro/mensalidades/gerar/simular', admin.cookie, {
      ano: 2027,
    });
    expect(preview.json().data.turmas.map((turma: { turma_nome: string }) => turma.turma_nome)).toEqual([
      'Pré II A',
      '9º Ano B',
      '1ª série A',
      '10º Ano?',
    ]);
  });

  it('a batch is undone in one step: unpaid tuition cancelled with one reason, paid kept, audited, months free again', async () => {
    const s = await school();
    const family = await signedIn(t, 'responsavel');
    const [mae] = await t.database.db
      .insert(guardians)
      .values({ nome: 'Rita Prado', telefone: '11955554444', usuarioId: family.user.id })
      .returning();
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: s.lia.id, responsavelId: mae!.id, parentesco: 'mae', ehPrincipal: true });

    const batch = await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, { aluno_id: s.lia.id });
    const loteId = batch.json().data.lote_id as string;
    expect(batch.json().data.criadas).toBe(11);
    const [fevereiro] = await t.database.db
      .select()
      .from(mensalidades)
      .where(and(eq(mensalidades.alunoId, s.lia.id), eq(mensalidades.mesReferencia, '2026-02')));
    await send('POST', `/api/financeiro/mensalidades/${fevereiro!.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: '2026-02-10',
      forma: 'pix',
    });

    const url = `/api/financeiro/mensalidades/lotes/${loteId}/cancelar`;
    expect((await send('POST', url, s.admin, { motivo: '' })).statusCode).toBe(400);
    expect(
      (
        await send(
          'POST',
          '/api/financeiro/mensalidades/lotes/7d1e9a3c-0b1f-4c55-9d39-5d2f3f0a1b2c/cancelar',
          s.admin,
          {
            motivo: 'Gerado por engano',
          },
        )
      ).statusCode,
    ).toBe(404);
    const undone = await send('POST', url, s.admin, { motivo: 'Valor da turma errado' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({
      data: { canceladas: 10, mantidas: 1 },
      message:
        'Geração desfeita: 10 mensalidades canceladas. 1 mensalidade com pagamento registrado foi mantida.',
    });
    const rows = await t.database.db.select().from(mensalidades).where(eq(mensalidades.loteId, loteId));
    expect(rows.filter((row) => row.canceladaEm !== null)).toHaveLength(10);
    expect(new Set(rows.filter((row) => row.canceladaEm).map((row) => row.motivoCancelamento))).toEqual(
      new Set(['Valor da turma errado']),
    );
    expect(rows.find((row) => row.id === fevereiro!.id)).toMatchObject({
      canceladaEm: null,
      principalPago: 85_000,
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'desfazer_lote'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'mensalidade',
      entityId: loteId,
      details: { motivo: 'Valor da turma errado', canceladas: 10, mantidas: 1 },
    });
    const again = await send('POST', url, s.admin, { motivo: 'De novo' });
    expect(again.statusCode).toBe(409);

    // The family's list does not show them at all; the school still finds them (status filter).
    const familyList = (await get('/api/financeiro/mensalidades?pageSize=50', family.cookie)).json().data;
    expect(familyList.total).toBe(1);
    expect(familyList.items).toMatchObject([{ mes_referencia: '2026-02', status: 'pago' }]);
    const familyCancelled = await get('/api/financeiro/mensalidades?status=cancelado', family.cookie);
    expect(familyCancelled.json().data.total).toBe(0);
    const cancelled = await get(
      `/api/financeiro/mensalidades?status=cancelado&aluno_id=${s.lia.id}&pageSize=50`,
      s.admin,
    );
    expect(cancelled.json().data.total).toBe(10);
    // And the months can be generated again (after fixing the class's value, say).
    const redo = await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, { aluno_id: s.lia.id });
    expect(redo.json().data.criadas).toBe(10);
    // A tuition cancelled on its own still holds its month: generating again does not bring it back.
    const [marco] = await t.database.db
      .select()
      .from(mensalidades)
      .where(
        and(
          eq(mensalidades.alunoId, s.lia.id),
          like(mensalidades.mesReferencia, '2026-03'),
          eq(mensalidades.desfeita, false),
        ),
      );
    await send('POST', `/api/financeiro/mensalidades/${marco!.id}/cancelar`, s.admin, {
      motivo: 'Intercâmbio',
    });
    expect(
      (await send('POST', '/api/financeiro/mensalidades/gerar', s.admin, { aluno_id: s.lia.id })).json().data
        .criadas,
    ).toBe(0);
  });
});
