import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { classTuition, mensalidades } from '../../db/schema/finance.js';
import { hasValidCrc, parseTlv } from './pix.js';

// Late fees and 'overdue' depend on the date: every test here runs on the same fixed day.
const today = '2026-06-15';
let t: TestApp;
beforeAll(async () => {
  clock.pin(today);
  t = await createTestApp();
});
afterAll(async () => {
  clock.unpin();
  await t.close();
});
beforeEach(() => t.reset());

const thisYear = Number(today.slice(0, 4));
const lastYear = thisYear - 1;

/**
 * A class with R$ 850,00 due on the 10th, two students (one with a guardian account), an admin. The
 * class is last year's unless told (tuition follows the class's school year), so last year is all due.
 */
async function school(options: { ano?: number } = {}) {
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
    payload: {
      pix_chave: 'financeiro@escola.com.br',
      pix_beneficiario: 'Escola Girassol',
      pix_cidade: 'São Paulo',
      multa_percentual: 2,
      juros_mensal_percentual: 1,
      dia_vencimento_padrao: 10,
      turmas: [{ turma_id: turma!.id, valor_mensalidade: 85_000, dia_vencimento: 10 }],
    },
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
async function classWithTuition(nome: string, ano: number, alunos: string[] = []) {
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

async function mensalidadeOf(alunoId: string, mes: string) {
  const [row] = await t.database.db
    .select()
    .from(mensalidades)
    .where(and(eq(mensalidades.alunoId, alunoId), eq(mensalidades.mesReferencia, mes)));
  return row!;
}

describe('generating tuition', () => {
  it('creates a year for each active student, only from the enrolment month, and never twice', async () => {
    const s = await school();
    const first = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    expect(first.statusCode).toBe(201);
    // Ana: 12 months; Bruno enrolled in July: July to December (6).
    expect(first.json().data).toMatchObject({ criadas: 18, mensalidades: 18, valor_total: 18 * 85_000 });
    const again = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    expect(again.json().data).toMatchObject({ criadas: 0 });
    // Ana goes on to this year's class: this year's tuition is hers now (one month, one student).
    await classWithTuition('6º Ano A', thisYear, [s.ana.id]);
    const one = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, {
      ano: thisYear,
      mes: 2,
      aluno_id: s.ana.id,
    });
    expect(one.json().data).toMatchObject({ criadas: 1 });
    const row = await mensalidadeOf(s.ana.id, `${thisYear}-02`);
    expect(row).toMatchObject({ valor: 85_000, dataVencimento: `${thisYear}-02-10` });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'gerar_mensalidades'));
    expect(audit).toHaveLength(3);
  });

  it('the month a student enrols in falls due on the enrolment day, never before it (no multa on day one)', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    // Bruno enrolled on 15 July; the class's tuition falls due on the 10th.
    expect((await mensalidadeOf(s.bruno.id, `${lastYear}-07`)).dataVencimento).toBe(`${lastYear}-07-15`);
    expect((await mensalidadeOf(s.bruno.id, `${lastYear}-08`)).dataVencimento).toBe(`${lastYear}-08-10`);
    expect((await mensalidadeOf(s.ana.id, `${lastYear}-07`)).dataVencimento).toBe(`${lastYear}-07-10`);

    // Registered today, after this month's due day: this month's tuition is open, not overdue.
    const current = await classWithTuition('6º Ano A', thisYear);
    const register = (nome: string, matricula: string, dataMatricula?: string) =>
      call('POST', '/api/alunos', s.admin, {
        nome,
        data_nascimento: '2015-09-01',
        matricula,
        turma_id: current.id,
        ...(dataMatricula ? { data_matricula: dataMatricula } : {}),
        responsavel: {
          nome: `Mãe de ${nome}`,
          telefone: '11912340000',
          parentesco: 'mae',
          eh_principal: false,
        },
      });
    const novo = await register('Caio Novo', 'M003');
    expect(novo.statusCode, novo.body).toBe(201);
    const caio = novo.json().data.aluno.id as string;
    // Joined on the 1st (before the 10th) of this month: due on the 10th, overdue by today, as any.
    const antigo = await register('Davi Antigo', 'M004', `${today.slice(0, 8)}01`);
    const davi = antigo.json().data.aluno.id as string;
    for (const alunoId of [caio, davi])
      await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear, aluno_id: alunoId });
    const june = async (alunoId: string) =>
      (
        await call(
          'GET',
          `/api/financeiro/mensalidades?aluno_id=${alunoId}&mes=${today.slice(0, 7)}`,
          s.admin,
        )
      ).json<{ data: { items: unknown[] } }>().data.items;
    expect(await june(caio)).toMatchObject([{ data_vencimento: today, status: 'pendente', multa: 0 }]);
    expect(await june(davi)).toMatchObject([
      { data_vencimento: `${today.slice(0, 8)}10`, status: 'vencido', multa: 1_700 },
    ]);
    // Nothing before the month of the matrícula.
    expect(await mensalidadeOf(caio, `${thisYear}-05`)).toBeUndefined();
  });

  it('says why nothing was generated: no class with a tuition, or everything already there', async () => {
    const s = await school();
    await t.database.db.delete(classTuition);
    const none = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      data: { criadas: 0 },
      message:
        'Nenhuma mensalidade gerada: nenhum aluno ativo está numa turma com mensalidade definida. Defina o valor de cada turma em Configurar.',
    });
    await t.database.db
      .insert(classTuition)
      .values({ turmaId: s.turma.id, valorMensalidade: 85_000, diaVencimento: 10 });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const again = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    expect(again.json()).toMatchObject({
      data: { criadas: 0 },
      message: 'Nenhuma mensalidade nova: todas já existiam.',
    });
  });

  it('applies a bolsa', async () => {
    const s = await school();
    const bolsa = await call('PUT', `/api/financeiro/bolsas/${s.bruno.id}`, s.admin, {
      percentual: 50,
      motivo: 'Irmãos',
    });
    expect(bolsa.statusCode).toBe(200);
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear, mes: 8 });
    expect((await mensalidadeOf(s.bruno.id, `${lastYear}-08`)).valor).toBe(42_500);
  });
});

describe('payments', () => {
  it('a payment 10 days late carries multa R$ 17,00 and juros R$ 2,83; paying twice is 409', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const quote = await call(
      'GET',
      `/api/financeiro/mensalidades/${march.id}/cotacao?data=${lastYear}-03-20`,
      s.admin,
    );
    expect(quote.json().data).toEqual({
      principal: 85_000,
      multa: 1_700,
      juros: 283,
      total: 86_983,
      dias_atraso: 10,
    });

    const paid = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: 86_983,
      data_pagamento: `${lastYear}-03-20`,
      forma: 'pix',
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data.mensalidade).toMatchObject({
      status: 'pago',
      multa: 1_700,
      juros: 283,
      valor_pago: 86_983,
      valor_atualizado: 0,
      data_pagamento: `${lastYear}-03-20`,
    });
    const twice = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: 86_983,
      data_pagamento: `${lastYear}-03-20`,
      forma: 'pix',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Esta mensalidade já está paga.');

    // The payment is a receita of its own, read-only in the transactions screen.
    const receitas = await call('GET', '/api/financeiro/transacoes?tipo=receita', s.admin);
    const [receita] = receitas.json().data.items;
    expect(receita).toMatchObject({
      valor: 86_983,
      categoria: 'Mensalidade',
      automatica: true,
      status: 'pago',
    });
    expect((await call('DELETE', `/api/financeiro/transacoes/${receita.id}`, s.admin)).statusCode).toBe(409);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registrar_pagamento'), eq(auditLog.entityId, march.id)));
    expect(audit).toHaveLength(1);
  });

  it('records a partial payment and leaves the rest open', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const partial = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: 40_000,
      data_pagamento: `${lastYear}-03-05`,
      forma: 'dinheiro',
    });
    expect(partial.statusCode).toBe(201);
    expect(partial.json().data.mensalidade).toMatchObject({ status: 'vencido', principal_pago: 40_000 });
    expect(partial.json().message).toMatch(/parcial/);
    const detail = await call('GET', `/api/financeiro/mensalidades/${march.id}`, s.admin);
    expect(detail.json().data.pagamentos).toHaveLength(1);
    // The remaining R$ 450,00 is overdue today and carries charges on it only.
    expect(detail.json().data.multa).toBe(900);
    const rest = detail.json().data.valor_atualizado as number;
    const settle = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: rest,
      data_pagamento: today,
      forma: 'pix',
    });
    expect(settle.json().data.mensalidade.status).toBe('pago');
  });

  it('refuses a non-positive amount, a future date, more than is due and an unknown method', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const url = `/api/financeiro/mensalidades/${march.id}/pagamento`;
    const base = { valor_pago: 85_000, data_pagamento: `${lastYear}-03-05`, forma: 'pix' };
    expect((await call('POST', url, s.admin, { ...base, valor_pago: 0 })).statusCode).toBe(400);
    expect((await call('POST', url, s.admin, { ...base, valor_pago: -100 })).statusCode).toBe(400);
    const future = await call('POST', url, s.admin, { ...base, data_pagamento: `${thisYear + 1}-01-01` });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('A data do pagamento não pode estar no futuro.');
    expect((await call('POST', url, s.admin, { ...base, valor_pago: 85_001 })).statusCode).toBe(400);
    expect((await call('POST', url, s.admin, { ...base, forma: 'cheque' })).statusCode).toBe(400);
  });

  it('cancels and discounts with a reason, both audited', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const april = await mensalidadeOf(s.ana.id, `${lastYear}-04`);
    const may = await mensalidadeOf(s.ana.id, `${lastYear}-05`);
    const noReason = await call('POST', `/api/financeiro/mensalidades/${april.id}/cancelar`, s.admin, {
      motivo: '',
    });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await call('POST', `/api/financeiro/mensalidades/${april.id}/cancelar`, s.admin, {
      motivo: 'Aluno em intercâmbio',
    });
    expect(cancelled.json().data.status).toBe('cancelado');
    const payCancelled = await call('POST', `/api/financeiro/mensalidades/${april.id}/pagamento`, s.admin, {
      valor_pago: 100,
      data_pagamento: today,
      forma: 'pix',
    });
    expect(payCancelled.statusCode).toBe(409);
    const discounted = await call('POST', `/api/financeiro/mensalidades/${may.id}/desconto`, s.admin, {
      desconto: 10_000,
      motivo: 'Acordo com a família',
    });
    expect(discounted.json().data).toMatchObject({ valor: 75_000, valor_original: 85_000 });
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['cancelar', 'conceder_desconto']));
  });
});

describe('list, exports and documents', () => {
  it('lists with status, month and search filters, derived status and pt-BR exports', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const list = await call('GET', `/api/financeiro/mensalidades?mes=${lastYear}-08&q=ana`, s.admin);
    expect(list.statusCode).toBe(200);
    const page = list.json().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      aluno_nome: 'Ana Souza',
      aluno_id: s.ana.id,
      mes_referencia: `${lastYear}-08`,
      data_vencimento: `${lastYear}-08-10`,
      valor: 85_000,
      status: 'vencido',
      data_pagamento: null,
      multa: 1_700,
    });
    expect(page.items[0].juros).toBeGreaterThan(0);
    expect(page.items[0].valor_atualizado).toBe(85_000 + 1_700 + Number(page.items[0].juros));
    const overdue = await call(
      'GET',
      `/api/financeiro/mensalidades?status=vencido&ano=${lastYear}&pageSize=100`,
      s.admin,
    );
    expect(overdue.json().data.total).toBe(18);
    const csv = await call('GET', `/api/financeiro/mensalidades?mes=${lastYear}-08&format=csv`, s.admin);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="mensalidades-/);
    expect(csv.body).toContain('Aluno;Turma;Referência');
    expect(csv.body).toContain('Ana Souza;5º Ano A;agosto de');
    expect(csv.body).toContain(';850,00;Vencido;17,00;');
    const xlsx = await call('GET', `/api/financeiro/mensalidades?mes=${lastYear}-08&format=xlsx`, s.admin);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('gives a PIX code that decodes back and a PDF receipt once paid', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const june = await mensalidadeOf(s.ana.id, `${lastYear}-06`);
    const pix = await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin);
    expect(pix.statusCode).toBe(200);
    const { copia_e_cola, qrcode, valor } = pix.json().data;
    expect(hasValidCrc(copia_e_cola)).toBe(true);
    const fields = parseTlv(copia_e_cola);
    expect(parseTlv(fields.get('26')!).get('01')).toBe('financeiro@escola.com.br');
    expect(fields.get('54')).toBe((valor / 100).toFixed(2));
    expect(qrcode).toMatch(/^data:image\/png;base64,/);
    const noReceipt = await call('GET', `/api/financeiro/mensalidades/${june.id}/recibo`, s.admin);
    expect(noReceipt.statusCode).toBe(409);
    await call('POST', `/api/financeiro/mensalidades/${june.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${lastYear}-06-10`,
      forma: 'boleto',
    });
    const pdf = await call('GET', `/api/financeiro/mensalidades/${june.id}/recibo`, s.admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin)).statusCode).toBe(409);
  });
});

describe('who sees what', () => {
  it("a guardian sees only their own children's tuition; other rows are 404", async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const mine = await call('GET', '/api/financeiro/mensalidades?pageSize=100', s.guardian);
    expect(mine.statusCode).toBe(200);
    const names = new Set(mine.json().data.items.map((item: { aluno_nome: string }) => item.aluno_nome));
    expect([...names]).toEqual(['Ana Souza']);
    expect(mine.json().data.total).toBe(12);
    const brunos = await mensalidadeOf(s.bruno.id, `${lastYear}-08`);
    const anas = await mensalidadeOf(s.ana.id, `${lastYear}-08`);
    for (const suffix of ['', '/pix', '/recibo', '/cotacao']) {
      const other = await call('GET', `/api/financeiro/mensalidades/${brunos.id}${suffix}`, s.guardian);
      expect(other.statusCode, suffix).toBe(404);
    }
    expect((await call('GET', `/api/financeiro/mensalidades/${anas.id}/pix`, s.guardian)).statusCode).toBe(
      200,
    );
    const filtered = await call('GET', `/api/financeiro/mensalidades?aluno_id=${s.bruno.id}`, s.guardian);
    expect(filtered.json().data.total).toBe(0);
    // Managing money is the school's: a guardian cannot pay by registering, nor see the school's figures.
    const pay = await call('POST', `/api/financeiro/mensalidades/${anas.id}/pagamento`, s.guardian, {
      valor_pago: 85_000,
      data_pagamento: today,
      forma: 'pix',
    });
    expect(pay.statusCode).toBe(403);
    expect((await call('GET', '/api/financeiro/stats', s.guardian)).statusCode).toBe(403);
    expect((await call('GET', '/api/financeiro/transacoes', s.guardian)).statusCode).toBe(403);
  });

  it('a teacher gets 403 on finance', async () => {
    const s = await school();
    for (const url of [
      '/api/financeiro/stats',
      '/api/financeiro/mensalidades',
      '/api/financeiro/transacoes',
    ]) {
      expect((await call('GET', url, s.teacher)).statusCode, url).toBe(403);
    }
  });
});

describe('transactions, figures and reports', () => {
  it('creates, edits and deletes a despesa with audit, and the cards agree with the reports to the centavo', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const month = today.slice(0, 7);
    const current = await mensalidadeOf(s.ana.id, month);
    await call('POST', `/api/financeiro/mensalidades/${current.id}/pagamento`, s.admin, {
      valor_pago: 30_000,
      data_pagamento: today,
      forma: 'pix',
    });
    const created = await call('POST', '/api/financeiro/transacoes', s.admin, {
      tipo: 'despesa',
      descricao: 'Conta de luz',
      categoria: 'Água e Luz',
      valor: 45_678,
      data: today,
      forma_pagamento: 'boleto',
      status: 'pago',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    await call('POST', '/api/financeiro/transacoes', s.admin, {
      tipo: 'receita',
      descricao: 'Festa junina',
      categoria: 'Eventos',
      valor: 12_345,
      data: today,
      status: 'pago',
    });
    await call('POST', '/api/financeiro/transacoes', s.admin, {
      tipo: 'receita',
      descricao: 'Doação prometida',
      categoria: 'Doações',
      valor: 5_000,
      data: today,
      status: 'pendente',
    });
    const stale = await call('PUT', `/api/financeiro/transacoes/${id}`, s.admin, {
      tipo: 'despesa',
      descricao: 'Conta de luz',
      categoria: 'Água e Luz',
      valor: 45_000,
      data: today,
      status: 'pago',
      version: 9,
    });
    expect(stale.statusCode).toBe(412);
    const edited = await call('PUT', `/api/financeiro/transacoes/${id}`, s.admin, {
      tipo: 'despesa',
      descricao: 'Conta de luz',
      categoria: 'Água e Luz',
      valor: 45_000,
      data: today,
      status: 'pago',
      version: 1,
    });
    expect(edited.json().data).toMatchObject({ valor: 45_000, version: 2 });

    const stats = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    const paidTuition = 30_000;
    expect(stats.receita_mes_atual).toBe(paidTuition + 12_345);
    expect(stats.despesas_mes).toBe(45_000);
    expect(stats.saldo_atual).toBe(paidTuition + 12_345 - 45_000);
    const fluxo = (await call('GET', `/api/financeiro/relatorios/fluxo?ano=${thisYear}`, s.admin)).json()
      .data;
    const row = fluxo.linhas.find((line: { mes: string }) => line.mes === month);
    expect(row.receitas).toBe(stats.receita_mes_atual);
    expect(row.despesas).toBe(stats.despesas_mes);
    expect(fluxo.total_receitas).toBe(stats.receita_total);
    const serie = stats.serie_mensal.at(-1);
    expect(serie).toEqual({ mes: month, receitas: row.receitas, despesas: row.despesas });
    const categorias = (
      await call('GET', `/api/financeiro/relatorios/categorias?ano=${thisYear}`, s.admin)
    ).json().data;
    const receitasPorCategoria = categorias.linhas
      .filter((line: { tipo: string }) => line.tipo === 'receita')
      .reduce((sum: number, line: { valor: number }) => sum + line.valor, 0);
    expect(receitasPorCategoria).toBe(stats.receita_total);

    const deleted = await call('DELETE', `/api/financeiro/transacoes/${id}`, s.admin);
    expect(deleted.statusCode).toBe(200);
    const after = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(after.saldo_atual).toBe(Number(stats.saldo_atual) + 45_000);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'transacao'))).map(
      (entry) => entry.action,
    );
    expect(actions.sort()).toEqual(['atualizar', 'criar', 'criar', 'criar', 'excluir']);
  });

  it('counts overdue tuition and delinquency by class and guardian, matching the cards', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const jan = await mensalidadeOf(s.ana.id, `${lastYear}-01`);
    await call('POST', `/api/financeiro/mensalidades/${jan.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${lastYear}-01-10`,
      forma: 'pix',
    });
    const stats = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(stats.mensalidades_vencidas).toBe(17);
    // 17 of 18 overdue by value: 17 × 850 / (18 × 850) = 94.4 %
    expect(stats.inadimplencia_taxa).toBe(94.4);
    const report = (
      await call('GET', `/api/financeiro/relatorios/inadimplencia?ano=${lastYear}`, s.admin)
    ).json().data;
    expect(report.por_turma).toEqual([
      { nome: '5º Ano A', mensalidades_vencidas: 17, valor_em_aberto: 17 * 85_000 },
    ]);
    expect(report.por_responsavel).toEqual([
      {
        nome: 'Carla Souza',
        mensalidades_vencidas: 11,
        valor_em_aberto: 11 * 85_000,
        responsavel_id: s.mae.id,
        telefone: '11912345678',
        ultimo_lembrete: null,
      },
      {
        nome: 'Diego Lima',
        mensalidades_vencidas: 6,
        valor_em_aberto: 6 * 85_000,
        responsavel_id: s.pai.id,
        telefone: '11912345679',
        ultimo_lembrete: null,
      },
    ]);
    const csv = await call(
      'GET',
      `/api/financeiro/relatorios/inadimplencia?ano=${lastYear}&format=csv`,
      s.admin,
    );
    expect(csv.body).toContain('Turma;5º Ano A;17;14450,00');
  });

  it('refuses a multa above 2 % and audits settings changes', async () => {
    const s = await school();
    const response = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      multa_percentual: 2.5,
      juros_mensal_percentual: 1,
      dia_vencimento_padrao: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/2%/);
    const settings = (await call('GET', '/api/financeiro/configuracoes', s.admin)).json().data;
    expect(settings).toMatchObject({ multa_percentual: 2, juros_mensal_percentual: 1, version: 1 });
    expect(settings.turmas[0]).toMatchObject({
      turma_nome: '5º Ano A',
      valor_mensalidade: 85_000,
      alunos_count: 2,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'configuracoes_financeiras'));
    expect(audit).toHaveLength(1);
  });
});

describe('GET /api/dashboard/stats', () => {
  it('gives the admin the school, the teacher their classes and the guardian their children', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const admin = (await call('GET', '/api/dashboard/stats', s.admin)).json().data;
    expect(admin).toMatchObject({ escopo: 'escola', total_alunos: 2, total_professores: 1, total_turmas: 1 });
    expect(admin.mensalidades_pendentes).toBe(18);
    expect(admin.matriculas_por_mes).toHaveLength(6);
    expect(admin.atividades.length).toBeLessThanOrEqual(5);
    expect(admin.atividades[0].descricao).toMatch(/gerou 18 mensalidade/);
    const finance = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(admin.receita_mes).toBe(finance.receita_mes_atual);

    const teacher = (await call('GET', '/api/dashboard/stats', s.teacher)).json().data;
    expect(teacher).toMatchObject({ escopo: 'professor', total_turmas: 1, total_alunos: 2 });
    expect(JSON.stringify(teacher)).not.toMatch(/receita|mensalidade/);

    const guardian = (await call('GET', '/api/dashboard/stats', s.guardian)).json().data;
    expect(guardian.escopo).toBe('responsavel');
    expect(guardian.filhos.map((f: { nome: string }) => f.nome)).toEqual(['Ana Souza']);
    // Last year is all overdue: twelve owed now, all 'vencidas' — none of them is 'a próxima'.
    expect(guardian).toMatchObject({
      mensalidades_em_aberto: 12,
      mensalidades_vencidas: 12,
      proxima_mensalidade: null,
    });
    expect(JSON.stringify(guardian)).not.toMatch(/Bruno/);
  });
});
