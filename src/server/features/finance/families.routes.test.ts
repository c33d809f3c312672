import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { entregas, notificacoes } from '../../db/schema/notificacoes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { classTuition, mensalidades } from '../../db/schema/finance.js';
import { pixCobrancasRecorrentes, pixRecorrencias } from '../../db/schema/pix-recorrencias.js';

const today = '2026-09-15';
// Registered before the app's hooks: pinned before the app is built, unpinned after it is closed.
beforeAll(() => clock.pin(today));
afterAll(() => clock.unpin());
const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

/**
 * One class of this year (R$ 850, day 10). The Prado family: Rita (principal, portal account) with Ana
 * and Beto; Beto's father Paulo also has an account but is not the one who pays. The Lima family: Diego
 * (principal, account) with Caio. The year is generated and paid up to `paidThrough`.
 */
async function school() {
  const admin = await signedIn(t, 'administrador');
  const db = t.database.db;
  const [turma] = await db
    .insert(classes)
    .values({ nome: '4º Ano B', nivel: 'Fundamental I', serie: '4º ano', turno: 'tarde', anoLetivo: '2026' })
    .returning();
  await db.insert(classTuition).values({ turmaId: turma!.id, valorMensalidade: 85_000, diaVencimento: 10 });
  const [ana, beto, caio] = await db
    .insert(students)
    .values([
      {
        nome: 'Ana Prado',
        dataNascimento: '2016-01-01',
        matricula: 'F1',
        turmaId: turma!.id,
        dataMatricula: '2024-02-01',
        email: 'ana.aluna@escola.test',
      },
      {
        nome: 'Beto Prado',
        dataNascimento: '2017-01-01',
        matricula: 'F2',
        turmaId: turma!.id,
        dataMatricula: '2026-02-01',
      },
      {
        nome: 'Caio Lima',
        dataNascimento: '2016-06-01',
        matricula: 'F3',
        turmaId: turma!.id,
        dataMatricula: '2025-02-01',
      },
    ])
    .returning();
  const rita = await signedIn(t, 'responsavel', { nome: 'Rita Prado' });
  const paulo = await signedIn(t, 'responsavel', { nome: 'Paulo Prado' });
  const diego = await signedIn(t, 'responsavel', { nome: 'Diego Lima' });
  const [ritaRow, pauloRow, diegoRow] = await db
    .insert(guardians)
    .values([
      { nome: 'Rita Prado', telefone: '11987654321', email: rita.user.email, usuarioId: rita.user.id },
      { nome: 'Paulo Prado', telefone: '11911112222', email: paulo.user.email, usuarioId: paulo.user.id },
      { nome: 'Diego Lima', telefone: '1133334444', email: diego.user.email, usuarioId: diego.user.id },
    ])
    .returning();
  await db.insert(studentGuardians).values([
    { alunoId: ana!.id, responsavelId: ritaRow!.id, parentesco: 'mae', ehPrincipal: true },
    { alunoId: beto!.id, responsavelId: ritaRow!.id, parentesco: 'mae', ehPrincipal: true },
    { alunoId: beto!.id, responsavelId: pauloRow!.id, parentesco: 'pai', ehPrincipal: false },
    { alunoId: caio!.id, responsavelId: diegoRow!.id, parentesco: 'pai', ehPrincipal: true },
  ]);
  const generated = await send('POST', '/api/financeiro/mensalidades/gerar', admin.cookie, { ano: 2026 });
  expect(generated.statusCode).toBe(201);
  return {
    admin: admin.cookie,
    rita,
    paulo,
    diego,
    ritaRow: ritaRow!,
    pauloRow: pauloRow!,
    diegoRow: diegoRow!,
    ana: ana!,
    beto: beto!,
    caio: caio!,
  };
}

async function pay(admin: string, alunoId: string, mes: string) {
  const [row] = await t.database.db
    .select()
    .from(mensalidades)
    .where(and(eq(mensalidades.alunoId, alunoId), eq(mensalidades.mesReferencia, mes)));
  const paid = await send('POST', `/api/financeiro/mensalidades/${row!.id}/pagamento`, admin, {
    valor_pago: 85_000,
    data_pagamento: `${mes}-10`,
    forma: 'pix',
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

/** Pays a student's months from `from` to `to` ('YYYY-MM'), leaving out `except`. */
async function payMonths(admin: string, alunoId: string, from: number, to: number, except: string[] = []) {
  for (let month = from; month <= to; month++) {
    const mes = `2026-${String(month).padStart(2, '0')}`;
    if (!except.includes(mes)) await pay(admin, alunoId, mes);
  }
}

describe('what a family owes now', () => {
  it('a family that paid everything due owes nothing, however many months were generated ahead', async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9);
    await payMonths(s.admin, s.beto.id, 2, 9);
    const home = (await get('/api/dashboard/stats', s.rita.cookie)).json().data;
    // October to December of two children are ahead, not 'em aberto' (the home said '6 em aberto').
    expect(home).toMatchObject({
      mensalidades_em_aberto: 0,
      mensalidades_vencidas: 0,
      valor_vencido: 0,
      proxima_mensalidade: { mes_referencia: '2026-10', data_vencimento: '2026-10-10', status: 'pendente' },
    });
  });

  it('an overdue July is a vencida, counted with its charges; the next one due is still the próxima', async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9, ['2026-07']);
    await payMonths(s.admin, s.beto.id, 2, 8);
    const home = (await get('/api/dashboard/stats', s.rita.cookie)).json().data;
    // Ana's July (overdue 67 days: multa R$ 17,00, juros 85000 × 1 % × 67/30 = R$ 18,98) and Beto's
    // September (due on the 10th, overdue too): two owed now; October is the next one, not July.
    expect(home).toMatchObject({
      mensalidades_em_aberto: 2,
      mensalidades_vencidas: 2,
      proxima_mensalidade: { mes_referencia: '2026-10', status: 'pendente' },
    });
    const july = 85_000 + 1_700 + 1_898;
    const september = 85_000 + 1_700 + 142; // 5 days: 85000 × 1 % × 5/30 = 141,67 → 142
    expect(home.valor_vencido).toBe(july + september);
  });

  it("gives each child's tuition alone too, for the home's child switcher", async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9, ['2026-07']);
    await payMonths(s.admin, s.beto.id, 2, 9);
    const home = (await get('/api/dashboard/stats', s.rita.cookie)).json().data;
    const byName = new Map(
      home.filhos.map((filho: { nome: string; mensalidades: unknown }) => [filho.nome, filho.mensalidades]),
    );
    // Ana's overdue July is hers alone: Beto owes nothing now, his next one is October.
    expect(byName.get('Ana Prado')).toEqual({
      mensalidades_em_aberto: 1,
      mensalidades_vencidas: 1,
      taxas_matricula_em_aberto: 0,
      taxas_matricula_vencidas: 0,
      valor_vencido: 85_000 + 1_700 + 1_898,
      proxima_mensalidade: expect.objectContaining({ aluno_nome: 'Ana Prado', mes_referencia: '2026-10' }),
    });
    expect(byName.get('Beto Prado')).toEqual({
      mensalidades_em_aberto: 0,
      mensalidades_vencidas: 0,
      taxas_matricula_em_aberto: 0,
      taxas_matricula_vencidas: 0,
      valor_vencido: 0,
      proxima_mensalidade: expect.objectContaining({ aluno_nome: 'Beto Prado', mes_referencia: '2026-10' }),
    });
    expect(home.mensalidades_vencidas).toBe(1);
  });

  it('this month’s tuition not yet due is em aberto; next month’s is not', async () => {
    clock.pin('2026-09-05');
    try {
      const s = await school();
      await payMonths(s.admin, s.ana.id, 1, 8);
      await payMonths(s.admin, s.beto.id, 2, 8);
      const home = (await get('/api/dashboard/stats', s.rita.cookie)).json().data;
      expect(home).toMatchObject({
        mensalidades_em_aberto: 2,
        mensalidades_vencidas: 0,
        proxima_mensalidade: { mes_referencia: '2026-09', status: 'pendente' },
      });
    } finally {
      clock.pin(today);
    }
  });

  it("says when the next one goes by a Pix Automático debit scheduled at the bank (the home's card)", async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9);
    await payMonths(s.admin, s.beto.id, 2, 9);
    const db = t.database.db;
    const octoberOf = async (alunoId: string) =>
      (
        await db
          .select()
          .from(mensalidades)
          .where(and(eq(mensalidades.alunoId, alunoId), eq(mensalidades.mesReferencia, '2026-10')))
      )[0]!;
    const [rec] = await db
      .insert(pixRecorrencias)
      .values(
        [s.ana, s.beto].map((aluno, index) => ({
          alunoId: aluno.id,
          responsavelId: s.ritaRow.id,
          idRec: `RR1234567820260915abcdefgh${String(index)}`,
          status: 'ativa' as const,
          valorMaximo: 100_000,
          dataInicial: '2026-09-01',
          contrato: `MAT-${String(index)}`,
          copiaECola: '000201',
          location: 'pix.example/rec',
        })),
      )
      .returning();
    const [anaOctober, betoOctober] = [await octoberOf(s.ana.id), await octoberOf(s.beto.id)];
    await db.insert(pixCobrancasRecorrentes).values([
      // Ana's October is scheduled at the bank; Beto's was withdrawn (it goes by Pix again).
      {
        recorrenciaId: rec!.id,
        mensalidadeId: anaOctober.id,
        txid: 'rana10',
        status: 'ativa',
        valor: 85_000,
        dataVencimento: '2026-10-10',
      },
      {
        recorrenciaId: rec!.id,
        mensalidadeId: betoOctober.id,
        txid: 'rbeto10',
        status: 'retirada',
        valor: 85_000,
        dataVencimento: '2026-10-10',
      },
    ]);
    const home = (await get('/api/dashboard/stats', s.rita.cookie)).json().data;
    const byName = new Map(
      home.filhos.map((filho: { nome: string; mensalidades: unknown }) => [filho.nome, filho.mensalidades]),
    );
    expect(byName.get('Ana Prado')).toMatchObject({
      proxima_mensalidade: { id: anaOctober.id, debito_automatico_em: '2026-10-10' },
    });
    expect(byName.get('Beto Prado')).toMatchObject({
      proxima_mensalidade: { id: betoOctober.id, debito_automatico_em: null },
    });
  });
});

describe('Inadimplência per responsável', () => {
  it('gives each family a phone and a link filter to their tuition', async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9, ['2026-07']);
    await payMonths(s.admin, s.beto.id, 2, 9);
    await payMonths(s.admin, s.caio.id, 1, 6);
    const report = (await get('/api/financeiro/relatorios/inadimplencia?ano=2026', s.admin)).json().data;
    const nothingNegotiated = {
      mensalidades_vencidas: 0,
      taxas_matricula_vencidas: 0,
      valor_em_aberto: 0,
      valor_atualizado: 0,
    };
    expect(report.por_responsavel).toEqual([
      {
        nome: 'Diego Lima',
        mensalidades_vencidas: 3,
        taxas_matricula_vencidas: 0,
        valor_em_aberto: 3 * 85_000,
        // Today (15/09) with 2 % multa each and 1 % a.m. pro rata: July 67 days, August 36, September 5.
        valor_atualizado: 3 * 85_000 + 3 * 1_700 + 1_898 + 1_020 + 142,
        em_negociacao: nothingNegotiated,
        responsavel_id: s.diegoRow.id,
        telefone: '1133334444',
        ultimo_lembrete: null,
      },
      {
        nome: 'Rita Prado',
        mensalidades_vencidas: 1,
        taxas_matricula_vencidas: 0,
        valor_em_aberto: 85_000,
        valor_atualizado: 85_000 + 1_700 + 1_898,
        em_negociacao: nothingNegotiated,
        responsavel_id: s.ritaRow.id,
        telefone: '11987654321',
        ultimo_lembrete: null,
      },
    ]);
    // The row's link: the school's list filtered by that guardian (the children they answer for).
    const family = (
      await get(`/api/financeiro/mensalidades?responsavel_id=${s.ritaRow.id}&status=vencido`, s.admin)
    ).json().data;
    expect(
      family.items.map((item: { aluno_nome: string; mes_referencia: string }) => [
        item.aluno_nome,
        item.mes_referencia,
      ]),
    ).toEqual([['Ana Prado', '2026-07']]);
    // …and says whose list it is ('Mostrando só as mensalidades de Rita Prado').
    expect(family.responsavel_nome).toBe('Rita Prado');
    // Paulo is not the principal of anyone: his filter is empty (the report does not list him either).
    const paulo = (await get(`/api/financeiro/mensalidades?responsavel_id=${s.pauloRow.id}`, s.admin)).json()
      .data;
    expect(paulo.total).toBe(0);
    expect(paulo.responsavel_nome).toBe('Paulo Prado');
    // A family never learns another guardian's name through the filter.
    const asRita = await get(`/api/financeiro/mensalidades?responsavel_id=${s.pauloRow.id}`, s.rita.cookie);
    expect(asRita.json().data.responsavel_nome).toBeNull();
    const csv = await get('/api/financeiro/relatorios/inadimplencia?ano=2026&format=csv', s.admin);
    expect(csv.body).toContain('Responsável;Rita Prado;1;0;850,00;885,98;0;0,00;(11) 98765-4321');
  });

  it('says what each family owes today, with multa and juros, and marks and totals the months em negociação', async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9, ['2026-07']);
    await payMonths(s.admin, s.beto.id, 2, 9);
    await payMonths(s.admin, s.caio.id, 1, 6);
    const [july] = await t.database.db
      .select()
      .from(mensalidades)
      .where(and(eq(mensalidades.alunoId, s.caio.id), eq(mensalidades.mesReferencia, '2026-07')));
    const marked = await send('POST', `/api/financeiro/mensalidades/${july!.id}/negociacao`, s.admin, {
      motivo: 'Parcelamento em 3 vezes',
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const report = (await get('/api/financeiro/relatorios/inadimplencia?ano=2026', s.admin)).json().data;
    const julyDue = 85_000 + 1_700 + 1_898;
    const diego = report.por_responsavel.find((row: { nome: string }) => row.nome === 'Diego Lima');
    expect(diego).toMatchObject({
      mensalidades_vencidas: 3,
      valor_em_aberto: 3 * 85_000,
      valor_atualizado: 263_160,
      em_negociacao: {
        mensalidades_vencidas: 1,
        taxas_matricula_vencidas: 0,
        valor_em_aberto: 85_000,
        valor_atualizado: julyDue,
      },
    });
    // The family's 'atualizado' is the tuition list's valor_atualizado of the same months, summed.
    const listed = (
      await get(`/api/financeiro/mensalidades?responsavel_id=${s.diegoRow.id}&status=vencido`, s.admin)
    ).json().data.items as { valor_atualizado: number }[];
    expect(listed.reduce((sum, item) => sum + item.valor_atualizado, 0)).toBe(diego.valor_atualizado);

    const totais = {
      mensalidades_vencidas: 4,
      taxas_matricula_vencidas: 0,
      valor_em_aberto: 4 * 85_000,
      valor_atualizado: 263_160 + julyDue,
      em_negociacao: {
        mensalidades_vencidas: 1,
        taxas_matricula_vencidas: 0,
        valor_em_aberto: 85_000,
        valor_atualizado: julyDue,
      },
    };
    expect(report.totais).toEqual(totais);
    // One class: its row is the whole report.
    expect(report.por_turma).toEqual([{ nome: '4º Ano B', ...totais }]);

    const csv = (await get('/api/financeiro/relatorios/inadimplencia?ano=2026&format=csv', s.admin)).body;
    expect(csv).toContain(
      'Agrupamento;Nome;Mensalidades vencidas;Taxas de matrícula vencidas;Valor em aberto;Atualizado hoje (com multa e juros);Em negociação (cobranças);Em negociação (valor em aberto);Telefone\r\n',
    );
    expect(csv).toContain('Responsável;Diego Lima;3;0;2550,00;2631,60;1;850,00;(11) 3333-4444');
    expect(csv).toContain('Total;Todas as cobranças vencidas;4;0;3400,00;3517,58;1;850,00;');
  });

  it('Enviar lembrete reaches only the guardian who pays, in neutral words, once a day, audited', async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9, ['2026-07']);
    await payMonths(s.admin, s.beto.id, 2, 9);
    await payMonths(s.admin, s.caio.id, 1, 9);
    const url = `/api/financeiro/responsaveis/${s.ritaRow.id}/lembrete`;
    const sent = await send('POST', url, s.admin);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      data: {
        responsavel_nome: 'Rita Prado',
        canais: ['portal', 'email'],
        mensalidades: 1,
        valor: 85_000 + 1_700 + 1_898,
      },
      message: 'Lembrete de 1 mensalidade enviado a Rita Prado (portal e e-mail).',
    });

    const bell = await t.database.db.select().from(notificacoes);
    expect(bell.map((row) => row.usuarioId)).toEqual([s.rita.user.id]);
    expect(bell[0]).toMatchObject({
      tipo: 'mensalidade',
      titulo: 'Lembrete de mensalidade',
      link: '/dashboard/financeiro',
    });
    const mail = await t.database.db.select().from(entregas);
    expect(mail.map((row) => row.destino)).toEqual([s.rita.user.email]);
    const words = `${bell[0]!.texto}\n${mail[0]!.assunto}\n${mail[0]!.texto}`;
    expect(words).toContain('Ana Prado, julho de 2026 (vencimento 10/07/2026): R$ 885,98');
    expect(words).toContain('Se o pagamento já foi feito, por favor desconsidere');
    // Neutral (CDC art. 42): no labels, no threats, nobody else's name.
    expect(words).not.toMatch(
      /inadimpl|devedor|d[ée]bito|cobran[çc]a|SPC|Serasa|protesto|judicial|bloque|suspens|Beto|Caio|Diego/i,
    );

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enviar_lembrete'), eq(auditLog.entityId, s.ritaRow.id)));
    expect(audit).toHaveLength(1);
    const report = (await get('/api/financeiro/relatorios/inadimplencia?ano=2026', s.admin)).json().data;
    expect(report.por_responsavel[0].ultimo_lembrete).toBe(audit[0]!.at.toISOString());

    // Once a day per family: 429 saying when, and nothing more written.
    const twice = await send('POST', url, s.admin);
    expect(twice.statusCode).toBe(429);
    expect(Number(twice.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(twice.json().message).toMatch(
      /^Já foi enviado um lembrete a Rita Prado em .*O próximo pode ser enviado a partir de /,
    );
    expect(await t.database.db.select().from(notificacoes)).toHaveLength(1);

    // Nothing overdue, not the principal, unknown: refused with the reason.
    const diego = await send('POST', `/api/financeiro/responsaveis/${s.diegoRow.id}/lembrete`, s.admin);
    expect(diego.statusCode).toBe(409);
    expect(diego.json().message).toBe('Não há mensalidade vencida deste responsável.');
    const paulo = await send('POST', `/api/financeiro/responsaveis/${s.pauloRow.id}/lembrete`, s.admin);
    expect(paulo.statusCode).toBe(409);
    const unknown = await send(
      'POST',
      '/api/financeiro/responsaveis/7d1e9a3c-0b1f-4c55-9d39-5d2f3f0a1b2c/lembrete',
      s.admin,
    );
    expect(unknown.statusCode).toBe(404);
    // A family cannot send one.
    expect((await send('POST', url, s.rita.cookie)).statusCode).toBe(403);
  });

  it('a guardian without a portal account gets the e-mail at the address on file; without either, the school is told to call', async () => {
    const s = await school();
    await payMonths(s.admin, s.ana.id, 1, 9, ['2026-07']);
    await t.database.db
      .update(guardians)
      .set({ usuarioId: null, email: 'rita@familia.test' })
      .where(eq(guardians.id, s.ritaRow.id));
    const sent = await send('POST', `/api/financeiro/responsaveis/${s.ritaRow.id}/lembrete`, s.admin);
    expect(sent.json().data.canais).toEqual(['email']);
    const mail = await t.database.db.select().from(entregas);
    expect(mail).toMatchObject([{ canal: 'email', destino: 'rita@familia.test' }]);
    expect(mail[0]!.texto).toMatch(/^Olá, Rita Prado\./);
    expect(mail[0]!.texto).toContain('fale com a secretaria');
    expect(await t.database.db.select().from(notificacoes)).toEqual([]);

    await t.database.db.update(guardians).set({ email: null }).where(eq(guardians.id, s.diegoRow.id));
    await t.database.db.update(guardians).set({ usuarioId: null }).where(eq(guardians.id, s.diegoRow.id));
    const none = await send('POST', `/api/financeiro/responsaveis/${s.diegoRow.id}/lembrete`, s.admin);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'Este responsável não tem acesso ao portal nem e-mail cadastrado: ligue para (11) 3333-4444.',
    );
  });
});
