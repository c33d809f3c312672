import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { entregas, notificacoes } from '../../db/schema/notificacoes.js';
import { mensalidades } from '../../db/schema/finance.js';
import { mensalidadeLembretes } from '../../db/schema/lembretes.js';
import { runTuitionNotices } from '../notificacoes/avisos.service.js';
import { school, setupFinanceTest, today } from './finance.test-setup.js';
import { lembretesSlot, runLembretes } from './lembretes.job.js';
import { insertTuition } from '../../test/records-fixtures.js';

const { t, call } = setupFinanceTest();
let s: Awaited<ReturnType<typeof school>>;

beforeEach(async () => {
  clock.pin(today); // 2026-06-15
  s = await school();
});

/** A tuition of Ana's (R$ 850,00) for month `mes`, due on `vencimento`, with anything else set. */
const tuition = (mes: string, vencimento: string, extra: Partial<typeof mensalidades.$inferInsert> = {}) =>
  insertTuition(t, s.ana.id, mes, vencimento, { turmaId: s.turma.id, ...extra });

const schedule = (changes: object = {}) =>
  call('PUT', '/api/financeiro/lembretes', s.admin, {
    ativo: true,
    antes: { ativo: true, dias: 3 },
    depois: { ativo: true, dias: 1 },
    atraso: { ativo: true, dias: 7 },
    ...changes,
  });

async function sentToday(dia = clock.today()) {
  const rows = await t.database.db
    .select({ id: mensalidadeLembretes.mensalidadeId, tipo: mensalidadeLembretes.tipo })
    .from(mensalidadeLembretes)
    .where(eq(mensalidadeLembretes.dia, dia));
  return new Map(rows.map((row) => [row.id, row.tipo]));
}

const bellOfMae = () =>
  t.database.db
    .select()
    .from(notificacoes)
    .where(eq(notificacoes.usuarioId, s.mae.usuarioId!))
    .orderBy(asc(notificacoes.createdAt), asc(notificacoes.titulo));

const emailsOfMae = () =>
  t.database.db
    .select()
    .from(entregas)
    .where(and(eq(entregas.usuarioId, s.mae.usuarioId!), eq(entregas.canal, 'email')));

describe('automatic reminders: which tuition, which day', () => {
  it('reminds 3 days before, the day after and 7 days after the due date, and nothing in between', async () => {
    expect((await schedule()).statusCode).toBe(200);
    const antes = await tuition('2026-07', '2026-06-18');
    const depois = await tuition('2026-06', '2026-06-14');
    const atraso = await tuition('2026-05', '2026-06-08');
    await tuition('2026-08', '2026-06-17'); // 2 days before
    await tuition('2026-04', '2026-06-13'); // 2 days after
    const later = await tuition('2026-03', '2026-06-09'); // 6 days after: its turn is tomorrow

    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 3, falhas: 0 });
    expect(await sentToday()).toEqual(
      new Map([
        [antes.id, 'antes'],
        [depois.id, 'depois'],
        [atraso.id, 'atraso'],
      ]),
    );
    expect((await bellOfMae()).map((row) => row.titulo).sort()).toEqual([
      'Mensalidade de julho de 2026',
      'Mensalidade de junho de 2026',
      'Mensalidade de maio de 2026',
    ]);

    clock.pin('2026-06-16');
    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 1, falhas: 0 });
    expect(await sentToday('2026-06-16')).toEqual(new Map([[later.id, 'atraso']]));
  });

  it('follows the days the school chose, and each moment switched off sends nothing', async () => {
    await tuition('2026-07', '2026-06-20'); // 5 days before
    const depois = await tuition('2026-06', '2026-06-14');
    await tuition('2026-05', '2026-06-05'); // 10 days after
    expect(
      (
        await schedule({
          antes: { ativo: true, dias: 5 },
          depois: { ativo: false, dias: 1 },
          atraso: { ativo: true, dias: 10 },
        })
      ).statusCode,
    ).toBe(200);
    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 2, falhas: 0 });
    expect([...(await sentToday()).values()].sort()).toEqual(['antes', 'atraso']);
    expect((await sentToday()).has(depois.id)).toBe(false);
  });

  it('sends nothing while the schedule is off (the default), and its slot stays closed', async () => {
    await tuition('2026-06', '2026-06-14');
    await tuition('2026-07', '2026-06-18');
    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 0, falhas: 0 });
    expect(await lembretesSlot(t.app.ctx, clock.now())).toBeNull();
    await schedule();
    expect(await lembretesSlot(t.app.ctx, clock.now())).toBe(today);
    // Before 08:00 in São Paulo the day's slot is not open yet.
    expect(await lembretesSlot(t.app.ctx, new Date(`${today}T07:30:00-03:00`))).toBeNull();
    await schedule({ ativo: false });
    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 0, falhas: 0 });
    expect(await bellOfMae()).toHaveLength(0);
  });

  it('never reminds a paid, em confirmação, cancelled or em negociação tuition', async () => {
    await schedule();
    await tuition('2026-01', '2026-06-14', { principalPago: 85_000, dataPagamento: '2026-06-14' });
    await tuition('2026-02', '2026-06-14', { confirmacaoDesde: '2026-06-14' });
    await tuition('2026-03', '2026-06-14', { canceladaEm: new Date(), motivoCancelamento: 'Saiu da escola' });
    const negotiated = await tuition('2026-04', '2026-06-14');
    const marked = await call('POST', `/api/financeiro/mensalidades/${negotiated.id}/negociacao`, s.admin, {
      motivo: 'Parcelamento combinado com a mãe',
    });
    expect(marked.statusCode).toBe(200);
    const open = await tuition('2026-05', '2026-06-14');

    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 1, falhas: 0 });
    expect(await sentToday()).toEqual(new Map([[open.id, 'depois']]));

    // Negotiation over: the next day's moment (7 days after) reaches it again.
    await call('POST', `/api/financeiro/mensalidades/${negotiated.id}/negociacao/encerrar`, s.admin, {
      motivo: 'A família não pagou a primeira parcela',
    });
    clock.pin('2026-06-21');
    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 2, falhas: 0 });
    expect((await sentToday('2026-06-21')).has(negotiated.id)).toBe(true);
  });
});

describe('automatic reminders: once per tuition per day', () => {
  it('sends one when the job runs twice, or on two instances at once', async () => {
    await schedule();
    await tuition('2026-06', '2026-06-14');
    await tuition('2026-07', '2026-06-18');
    const [first, second] = await Promise.all([runLembretes(t.app.ctx), runLembretes(t.app.ctx)]);
    expect(first.enviados + second.enviados).toBe(2);
    expect(first.falhas + second.falhas).toBe(0);
    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 0, falhas: 0 });
    expect(await bellOfMae()).toHaveLength(2);
    expect(await emailsOfMae()).toHaveLength(2);
  });

  it('queues the job once per day through the slot, whoever polls', async () => {
    await schedule();
    await tuition('2026-06', '2026-06-14');
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.drain();
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.drain();
    expect(await bellOfMae()).toHaveLength(1);
  });

  it("shares the day with the secretaria's reminder, in either order", async () => {
    await schedule();
    // Due on a Monday, reminded on the Tuesday: already overdue, so the secretaria may remind too (due on
    // a Sunday, the Monday is still without charges and not overdue).
    clock.pin('2026-06-16');
    const june = await tuition('2026-06', '2026-06-15');
    const url = `/api/financeiro/responsaveis/${s.mae.id}/lembrete`;
    const manual = await call('POST', url, s.admin);
    expect(manual.statusCode).toBe(200);
    expect(await runLembretes(t.app.ctx)).toEqual({ enviados: 0, falhas: 0 });
    expect(await sentToday()).toEqual(new Map([[june.id, 'manual']]));

    // A later day the automatic one went first: the secretaria's finds nothing new to say today.
    clock.pin('2026-06-22');
    await t.database.db.delete(mensalidadeLembretes);
    expect((await runLembretes(t.app.ctx)).enviados).toBe(1);
    const again = await call('POST', url, s.admin);
    // The family's 24-hour limit (the audit trail's clock) or today's key: either way, not twice.
    expect([409, 429]).toContain(again.statusCode);
    expect((await bellOfMae()).length).toBe(2);
  });

  it("refuses the secretaria's reminder when the automatic one already went today", async () => {
    await schedule();
    clock.pin('2026-06-16');
    await tuition('2026-06', '2026-06-15');
    expect((await runLembretes(t.app.ctx)).enviados).toBe(1);
    const manual = await call('POST', `/api/financeiro/responsaveis/${s.mae.id}/lembrete`, s.admin);
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(
      'Carla Souza já recebeu hoje o lembrete automático destas mensalidades. Um novo lembrete pode ir amanhã.',
    );
    expect(await bellOfMae()).toHaveLength(1);
  });

  it('takes the place of the daily tuition notices while on, so the family is not told twice', async () => {
    await tuition('2026-06', '2026-06-12'); // a Friday: overdue on the Monday
    const current = (await call('GET', '/api/configuracoes/sistema', s.admin)).json().data;
    delete current.updated_at;
    delete current.sms_disponivel;
    const saved = await call('PUT', '/api/configuracoes/sistema', s.admin, {
      ...current,
      notificar_mensalidades: true,
    });
    expect(saved.statusCode).toBe(200);
    const before = await runTuitionNotices(t.app.ctx);
    expect(before.atraso).toBe(1);
    await schedule();
    await t.database.db.delete(notificacoes);
    clock.pin('2026-06-16');
    await tuition('2026-07', '2026-06-17');
    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 0, atraso: 0 });
  });
});

describe('automatic reminders: what the family reads', () => {
  it('carries the amount of the day and the Pix code; the subject only the month', async () => {
    await schedule();
    // Due on a Monday, reminded on the Tuesday (due on the Sunday before, the Monday is still without
    // charges: the next test).
    clock.pin('2026-06-16');
    const june = await tuition('2026-06', '2026-06-15');
    const pix = (await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin)).json().data;
    // One day late: R$ 850,00 + 2 % multa (R$ 17,00) + 1 % a month for a day (R$ 0,28).
    expect(pix.valor).toBe(86_728);
    expect((await runLembretes(t.app.ctx)).enviados).toBe(1);

    const [bell] = await bellOfMae();
    expect(bell!.titulo).toBe('Mensalidade de junho de 2026');
    expect(bell!.texto).toContain('R$ 867,28');
    expect(bell!.texto).toContain(pix.copia_e_cola);
    expect(bell!.link).toBe('/dashboard/financeiro');

    const [email] = await emailsOfMae();
    expect(email!.assunto).toBe('Mensalidade de junho de 2026');
    expect(email!.texto).toContain('Valor para pagamento hoje (16/06/2026), com multa e juros: R$ 867,28.');
    expect(email!.texto).toContain(pix.copia_e_cola);
    expect(email!.texto).toContain('Se já pagou, por favor desconsidere esta mensagem.');
    expect(email!.texto).not.toMatch(/protesto|SPC|Serasa|negativa|cobrança judicial|suspens/i);
    const [row] = await t.database.db
      .select()
      .from(mensalidadeLembretes)
      .where(eq(mensalidadeLembretes.mensalidadeId, june.id));
    expect(row!.valor).toBe(86_728);
  });

  it('the day after a due date on a Sunday still asks no multa nor juros (Lei 7.089/1983), and says why', async () => {
    await schedule();
    const june = await tuition('2026-06', '2026-06-14');
    const pix = (await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin)).json().data;
    expect(pix.valor).toBe(85_000);
    expect((await runLembretes(t.app.ctx)).enviados).toBe(1);
    const [email] = await emailsOfMae();
    expect(email!.texto).toContain(
      'Valor para pagamento hoje (15/06/2026), ainda sem multa e juros, porque o vencimento caiu em dia sem expediente bancário: R$ 850,00.',
    );
    // From the Tuesday, the charges count from the due date: two days of juros.
    clock.pin('2026-06-16');
    const tuesday = (await call('GET', `/api/financeiro/mensalidades/${june.id}/pix`, s.admin)).json().data;
    expect(tuesday.valor).toBe(85_000 + 1_700 + 57);
  });

  it('reminds before the due date with the amount without charges', async () => {
    await schedule();
    await tuition('2026-07', '2026-06-18');
    await runLembretes(t.app.ctx);
    const [bell] = await bellOfMae();
    expect(bell!.texto).toContain('vence em 18/06/2026. Valor: R$ 850,00.');
  });
});
