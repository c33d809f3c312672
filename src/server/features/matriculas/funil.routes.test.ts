import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Indicadores, InteressadoDetalhe } from '../../../shared/funil.schemas.js';
import { VISITA_NO_PASSADO, type Interessado } from '../../../shared/matriculas.schemas.js';
import { rowsOf } from '../../db/rows.js';
import { clock } from '../../lib/clock.js';
import { interessados } from '../../db/schema/matriculas.js';
import { dataOf, detailsOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const BASE = '/api/matriculas/interessados';

async function family(overrides: Partial<typeof interessados.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(interessados)
    .values({
      responsavelNome: 'Mariana Alves',
      email: 'mariana@familia.test',
      telefone: '11987654321',
      alunoNome: 'Lucas Alves',
      alunoNascimento: '2019-04-12',
      serie: '1º ano',
      anoLetivo: 2027,
      consentimentoEm: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

const patch = (cookie: string, id: string, body: object, version?: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `${BASE}/${id}`,
    headers: {
      cookie,
      'content-type': 'application/json',
      ...(version === undefined ? {} : { 'if-match': `"${String(version)}"` }),
    },
    payload: body,
  });

describe('the funnel (/api/matriculas/interessados)', () => {
  // The visits below are dated late in 2026: a visit before today is refused, so today is pinned.
  beforeEach(() => clock.pin('2026-11-20'));
  afterEach(() => clock.unpin());

  it('lists with filters and search (accents aside), for staff with matriculas.manage only', async () => {
    const admin = await signedIn(t, 'administrador');
    await family();
    await family({
      responsavelNome: 'João Souza',
      alunoNome: 'Ana Souza',
      email: 'joao@familia.test',
      serie: 'Infantil 4',
      etapa: 'visita',
    });
    await family({ responsavelNome: 'Clara Dias', email: 'clara@familia.test', anoLetivo: 2026 });
    const all = dataOf<Interessado[]>(await get(BASE, admin.cookie));
    expect(all).toHaveLength(3);
    expect(
      dataOf<Interessado[]>(await get(`${BASE}?etapa=visita`, admin.cookie)).map((row) => row.aluno_nome),
    ).toEqual(['Ana Souza']);
    expect(dataOf<Interessado[]>(await get(`${BASE}?ano_letivo=2026`, admin.cookie))).toHaveLength(1);
    expect(dataOf<Interessado[]>(await get(`${BASE}?serie=infantil%204`, admin.cookie))).toHaveLength(1);
    expect(
      dataOf<Interessado[]>(await get(`${BASE}?busca=joao`, admin.cookie)).map((row) => row.responsavel_nome),
    ).toEqual(['João Souza']);
    expect(dataOf<Interessado[]>(await get(`${BASE}?busca=98765`, admin.cookie))).toHaveLength(3);
    expect((await get(`${BASE}?etapa=nenhuma`, admin.cookie)).statusCode).toBe(400);

    const teacher = await signedIn(t, 'professor');
    expect((await get(BASE, teacher.cookie)).statusCode).toBe(403);
    const guardian = await signedIn(t, 'responsavel');
    expect((await get(BASE, guardian.cookie)).statusCode).toBe(403);
    expect((await get(BASE)).statusCode).toBe(401);
  });

  it('moves a family through the stages with its timeline and audit; lost needs a reason; a visit records its date', async () => {
    const admin = await signedIn(t, 'administrador');
    const row = await family();
    const visita = '2026-12-05T14:30:00-03:00';
    const scheduled = await patch(admin.cookie, row.id, { etapa: 'visita', visita_em: visita });
    expect(scheduled.statusCode).toBe(200);
    expect(dataOf<Interessado>(scheduled)).toMatchObject({
      etapa: 'visita',
      visita_em: '2026-12-05T17:30:00.000Z',
    });

    const noReason = await patch(admin.cookie, row.id, { etapa: 'perdido' });
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)).toEqual([{ path: 'motivo_perda', message: 'Informe o motivo da perda' }]);

    const lost = await patch(admin.cookie, row.id, {
      etapa: 'perdido',
      motivo_perda: 'Escolheu outra escola',
    });
    expect(dataOf<Interessado>(lost)).toMatchObject({
      etapa: 'perdido',
      motivo_perda: 'Escolheu outra escola',
    });
    // Reopened: the reason goes.
    const reopened = await patch(admin.cookie, row.id, { etapa: 'interessado' });
    expect(dataOf<Interessado>(reopened)).toMatchObject({ etapa: 'interessado', motivo_perda: null });

    const detail = dataOf<InteressadoDetalhe>(await get(`${BASE}/${row.id}`, admin.cookie));
    const textos = detail.eventos.map((evento) => `${evento.tipo}: ${evento.texto}`);
    expect(textos).toEqual(
      expect.arrayContaining([
        'etapa: Etapa: Interessado → Visita agendada.',
        'visita: Visita agendada para 05/12/2026 14:30.',
        'etapa: Etapa: Visita agendada → Perdido. Motivo: Escolheu outra escola',
        'etapa: Etapa: Perdido → Interessado.',
      ]),
    );
    expect(detail.eventos.every((evento) => evento.autor === admin.user.nome)).toBe(true);
    expect(detail.pre_matricula).toBeNull();
    expect(detail.consentimento_em).not.toBeNull();
    const audit = rowsOf<{ details: { etapa: string } }>(
      await t.database.db.execute(
        sql`select details from audit_log where action = 'mudar_etapa' order by at, id`,
      ),
    );
    expect(audit.map((entry) => entry.details.etapa)).toEqual(['visita', 'perdido', 'interessado']);
  });

  it('reschedules a visit on the same stage, and refuses a stale version (412)', async () => {
    const admin = await signedIn(t, 'administrador');
    const row = await family();
    const first = dataOf<Interessado>(
      await patch(admin.cookie, row.id, { etapa: 'visita', visita_em: '2026-12-05T14:30:00-03:00' }),
    );
    const again = await patch(
      admin.cookie,
      row.id,
      { etapa: 'visita', visita_em: '2026-12-06T09:00:00-03:00' },
      first.version,
    );
    expect(again.statusCode).toBe(200);
    expect(dataOf<Interessado>(again).visita_em).toBe('2026-12-06T12:00:00.000Z');
    const stale = await patch(admin.cookie, row.id, { etapa: 'pre_matricula' }, first.version);
    expect(stale.statusCode).toBe(412);
    expect(
      (await patch(admin.cookie, '00000000-0000-4000-8000-000000000000', { etapa: 'visita' })).statusCode,
    ).toBe(404);
  });

  it('refuses a visit on a day before today, keeps one later today, and leaves a recorded one alone', async () => {
    const admin = await signedIn(t, 'administrador');
    const row = await family();
    const past = await patch(admin.cookie, row.id, {
      etapa: 'visita',
      visita_em: '2025-01-10T09:00:00-03:00',
    });
    expect(past.statusCode).toBe(400);
    expect(messageOf(past)).toBe(VISITA_NO_PASSADO);
    expect(detailsOf(past)).toEqual([{ path: 'visita_em', message: VISITA_NO_PASSADO }]);
    // 19/11 23:30 in São Paulo is already 20/11 in UTC: the school's day is what counts.
    const yesterday = await patch(admin.cookie, row.id, {
      etapa: 'visita',
      visita_em: '2026-11-19T23:30:00-03:00',
    });
    expect(yesterday.statusCode).toBe(400);
    const today = await patch(admin.cookie, row.id, {
      etapa: 'visita',
      visita_em: '2026-11-20T08:00:00-03:00',
    });
    expect(today.statusCode).toBe(200);
    // Days later the family moves on: the same (now past) date is not a new schedule.
    clock.pin('2026-11-25');
    const again = await patch(admin.cookie, row.id, {
      etapa: 'visita',
      visita_em: '2026-11-20T08:00:00-03:00',
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a visit booked for 9999 (attacker’s review: every date-time is within 1900–2100)', async () => {
    const admin = await signedIn(t, 'administrador');
    const row = await family();
    const answer = await patch(admin.cookie, row.id, { etapa: 'visita', visita_em: '9999-12-31T10:00:00Z' });
    expect(answer.statusCode).toBe(400);
    expect(messageOf(answer)).toMatch(/entre 1900 e 2100/);
    const [saved] = rowsOf(
      await t.database.db.execute(sql`select visita_em from interessados where id = ${row.id}`),
    );
    expect(saved).toEqual({ visita_em: null });
  });

  it('adds notes and contacts to the timeline', async () => {
    const admin = await signedIn(t, 'administrador');
    const row = await family();
    const contato = await send('POST', `${BASE}/${row.id}/eventos`, admin.cookie, {
      tipo: 'contato',
      canal: 'whatsapp',
      texto: 'Mãe confirmou a visita.',
    });
    expect(contato.statusCode).toBe(201);
    expect(dataOf<InteressadoDetalhe>(contato).eventos[0]).toMatchObject({
      tipo: 'contato',
      texto: 'WhatsApp: Mãe confirmou a visita.',
    });
    const semCanal = await send('POST', `${BASE}/${row.id}/eventos`, admin.cookie, {
      tipo: 'contato',
      texto: 'Ligou',
    });
    expect(semCanal.statusCode).toBe(400);
    const vazio = await send('POST', `${BASE}/${row.id}/eventos`, admin.cookie, {
      tipo: 'nota',
      texto: '  ',
    });
    expect(messageOf(vazio)).toBeTruthy();
    expect(vazio.statusCode).toBe(400);
  });

  it('erases a family on request (timeline and pré-matrícula with it), audited without its name', async () => {
    const admin = await signedIn(t, 'administrador');
    const row = await family();
    await send('POST', `${BASE}/${row.id}/eventos`, admin.cookie, {
      tipo: 'nota',
      texto: 'Pediu exclusão dos dados.',
    });
    const erased = await send('DELETE', `${BASE}/${row.id}`, admin.cookie);
    expect(erased.statusCode).toBe(200);
    expect((await get(`${BASE}/${row.id}`, admin.cookie)).statusCode).toBe(404);
    const left = rowsOf<{ n: string }>(
      await t.database.db.execute(
        sql`select (select count(*) from interessados) + (select count(*) from interessado_eventos) as n`,
      ),
    );
    expect(Number(left[0]!.n)).toBe(0);
    const [audit] = rowsOf<{ details: object }>(
      await t.database.db.execute(
        sql`select details from audit_log where action = 'excluir' and entity = 'interessado'`,
      ),
    );
    expect(JSON.stringify(audit!.details)).not.toContain('Mariana');
  });

  it('gives the director’s figures: per stage, conversion, série and month, reasons for loss, places per class', async () => {
    const admin = await signedIn(t, 'administrador');
    const turmaA = await insertClass(t, null, 3, { nome: '1º ano A', serie: '1º ano', anoLetivo: '2027' });
    const turmaB = await insertClass(t, null, 2, { nome: '1º ano B', serie: '1º ano', anoLetivo: '2027' });
    await insertClass(t, null, 30, { nome: '1º ano 2026', serie: '1º ano', anoLetivo: '2026' });
    await insertStudent(t, turmaA.id);
    await insertStudent(t, turmaA.id);
    const enrolled = await insertStudent(t, turmaB.id);

    const ids: Record<string, string> = {};
    for (const [nome, serie] of [
      ['a', '1º ano'],
      ['b', '1º ano'],
      ['c', '1º ano'],
      ['d', '1º ano'],
      ['e', 'Infantil 4'],
      ['f', 'Infantil 4'],
    ] as const)
      ids[nome] = (await family({ alunoNome: nome, serie, email: `${nome}@familia.test` })).id;
    await family({ alunoNome: 'outro ano', anoLetivo: 2026 });
    await patch(admin.cookie, ids.b!, { etapa: 'visita', visita_em: '2026-12-01T10:00:00-03:00' });
    await patch(admin.cookie, ids.b!, { etapa: 'perdido', motivo_perda: 'Mensalidade alta' });
    await patch(admin.cookie, ids.e!, { etapa: 'perdido', motivo_perda: 'Mensalidade alta' });
    await patch(admin.cookie, ids.c!, { etapa: 'contrato_assinado' });
    await patch(admin.cookie, ids.d!, { etapa: 'matriculado' });
    // d was enrolled in 1º ano B already: it counts as enrolled there, not as a reserved place too.
    await t.database.db.execute(sql`update interessados set aluno_id = ${enrolled.id} where id = ${ids.d!}`);

    const response = await get(`${BASE}/indicadores?ano_letivo=2027`, admin.cookie);
    expect(response.statusCode).toBe(200);
    const figures = dataOf<Indicadores>(response);
    expect(figures.total).toBe(6);
    expect(Object.fromEntries(figures.por_etapa.map((item) => [item.etapa, item.total]))).toEqual({
      interessado: 2,
      visita: 0,
      pre_matricula: 0,
      contrato_enviado: 0,
      contrato_assinado: 1,
      matriculado: 1,
      perdido: 2,
    });
    // Reached each stage or beyond: b was lost after the visit, e before it.
    expect(Object.fromEntries(figures.conversao.map((item) => [item.etapa, item.alcancaram]))).toEqual({
      interessado: 6,
      visita: 3,
      pre_matricula: 2,
      contrato_enviado: 2,
      contrato_assinado: 2,
      matriculado: 1,
    });
    expect(figures.conversao.find((item) => item.etapa === 'matriculado')?.percentual).toBe(16.7);
    expect(figures.motivos_perda).toEqual([{ motivo: 'Mensalidade alta', total: 2 }]);
    expect(figures.por_serie).toEqual([
      { serie: '1º ano', total: 4, matriculados: 1, perdidos: 1 },
      { serie: 'Infantil 4', total: 2, matriculados: 0, perdidos: 1 },
    ]);
    expect(figures.por_serie_mes.reduce((sum, item) => sum + item.total, 0)).toBe(6);
    expect(figures.por_serie_mes[0]!.mes).toMatch(/^\d{4}-\d{2}$/);
    // 1º ano A: 3 places − 2 students − c's signed contract = 0; B: 2 − 1 (d, enrolled) = 1.
    expect(
      figures.vagas.map(({ turma, capacidade, matriculados, reservadas, vagas }) => ({
        turma,
        capacidade,
        matriculados,
        reservadas,
        vagas,
      })),
    ).toEqual([
      { turma: '1º ano A', capacidade: 3, matriculados: 2, reservadas: 1, vagas: 0 },
      { turma: '1º ano B', capacidade: 2, matriculados: 1, reservadas: 0, vagas: 1 },
    ]);
    expect((await get(`${BASE}/indicadores`, admin.cookie)).statusCode).toBe(400);
  });

  it('the secretaria writes down a family at the desk: in the funnel with her name, the family e-mailed; the same child again is a 409', async () => {
    const admin = await signedIn(t, 'administrador', { nome: 'Clara Secretária' });
    const body = {
      responsavel_nome: 'Paulo Ramos',
      email: 'Paulo.Ramos@familia.test',
      telefone: '(11) 98888-7777',
      aluno_nome: 'Bia Ramos',
      aluno_nascimento: '2020-02-03',
      serie: '1º ano',
      ano_letivo: 2027,
      origem: 'passou_em_frente',
      mensagem: 'Veio à escola com a filha.',
      consentimento: true,
    };
    const withoutConsent = await send('POST', BASE, admin.cookie, { ...body, consentimento: false });
    expect(withoutConsent.statusCode).toBe(400);
    expect(detailsOf(withoutConsent)).toEqual([
      {
        path: 'consentimento',
        message: 'Confirme que o responsável autorizou o uso dos dados da criança (LGPD, art. 14).',
      },
    ]);

    const created = await send('POST', BASE, admin.cookie, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(messageOf(created)).toBe('Família incluída no funil.');
    const detalhe = dataOf<InteressadoDetalhe>(created);
    expect(detalhe).toMatchObject({
      etapa: 'interessado',
      email: 'paulo.ramos@familia.test',
      aluno_nome: 'Bia Ramos',
      origem: 'passou_em_frente',
    });
    expect(detalhe.eventos.map((evento) => [evento.tipo, evento.autor])).toEqual(
      expect.arrayContaining([['criado', 'Clara Secretária']]),
    );
    const mails = rowsOf<{ destino: string }>(
      await t.database.db.execute(sql`select destino from entregas where canal = 'email'`),
    );
    expect(mails.map((mail) => mail.destino)).toContain('paulo.ramos@familia.test');

    const again = await send('POST', BASE, admin.cookie, body);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Bia Ramos já está no funil de 2027 (etapa Interessado).');
    expect(await t.database.db.select().from(interessados)).toHaveLength(1);

    const teacher = await signedIn(t, 'professor');
    expect((await send('POST', BASE, teacher.cookie, body)).statusCode).toBe(403);
  });
});
