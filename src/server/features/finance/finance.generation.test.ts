/**
 * Finance: generating tuition.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { classTuition } from '../../db/schema/finance.js';
import {
  classWithTuition,
  lastYear,
  mensalidadeOf,
  school,
  setupFinanceTest,
  thisYear,
  today,
} from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

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
