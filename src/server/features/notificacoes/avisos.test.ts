import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SystemSettings } from '../../../shared/settings.schemas.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { dataOf, insertClass, insertStudent, insertTuition } from '../../test/records-fixtures.js';
import { createSchoolYear, familyIn } from '../../test/school-fixtures.js';
import { requestsOf, sessionCookieOf, signedIn, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { users } from '../../db/schema/users.js';
import { NEW_DEVICE_TITLE, runTuitionNotices, tuitionNoticesSlot } from './avisos.service.js';
import { entregas, notificacoes } from '../../db/schema/notificacoes.js';
import { networkPrefixOf } from '../auth/security-notices.service.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());

/** Turns some of the school's switches (Configurações → Notificações) on or off, through the API. */
async function setSwitches(cookie: string, changes: Partial<SystemSettings>) {
  const current = dataOf<SystemSettings>(await get('/api/configuracoes/sistema', cookie));
  const values: Record<string, unknown> = { ...current, ...changes };
  delete values.updated_at;
  delete values.sms_disponivel;
  const saved = await send('PUT', '/api/configuracoes/sistema', cookie, values);
  expect(saved.statusCode).toBe(200);
}

const bellOf = (usuarioId: string) =>
  t.database.db.select().from(notificacoes).where(eq(notificacoes.usuarioId, usuarioId));
const emailsOf = (usuarioId: string) =>
  t.database.db
    .select()
    .from(entregas)
    .where(and(eq(entregas.usuarioId, usuarioId), eq(entregas.canal, 'email')));

/** A family (portal account + guardian record) with one child in the class. */
const family = (turmaId: string) => familyIn(t, turmaId);

/** Opens the 2026 year; returns its 1st bimestre's id. */
async function schoolYear(cookie: string) {
  return (await createSchoolYear(t, cookie)).periodos[0]!.id;
}

describe('boletim publicado', () => {
  it('tells the families of the classes just published, once, linking to the child', async () => {
    const admin = await signedIn(t, 'administrador');
    const periodo = await schoolYear(admin.cookie);
    const classA = await insertClass(t, null);
    const classB = await insertClass(t, null);
    const ana = await family(classA.id);
    const bia = await family(classB.id);
    // A family with children in both classes: one notice naming both, linking to the list.
    const caio = await family(classA.id);
    await insertStudent(t, classB.id, caio.guardian.id);

    const close = await send('POST', `/api/periodos/${periodo}/fechar`, admin.cookie, {});
    expect(close.statusCode).toBe(200);
    // Closing is not publishing: nobody is told yet.
    expect(await bellOf(ana.user.id)).toHaveLength(0);

    const onlyA = await send('POST', `/api/periodos/${periodo}/publicar`, admin.cookie, {
      turma_id: classA.id,
    });
    expect(onlyA.statusCode).toBe(200);
    const [anaNotice] = await bellOf(ana.user.id);
    expect(anaNotice).toMatchObject({
      tipo: 'boletim',
      titulo: 'Boletim publicado: 1º bimestre de 2026',
      link: `/dashboard/alunos?aluno=${ana.child.id}`,
    });
    expect(anaNotice?.texto).toContain(ana.child.nome);
    expect(await bellOf(bia.user.id)).toHaveLength(0);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);

    // The whole school now: B's families are told; A's, already told, are not told again.
    const all = await send('POST', `/api/periodos/${periodo}/publicar`, admin.cookie, {});
    expect(all.statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    expect(await bellOf(bia.user.id)).toHaveLength(1);
    const caioNotices = await bellOf(caio.user.id);
    // Caio was told with class A (one child then); B's publication tells him about the other child.
    expect(caioNotices).toHaveLength(2);
    // Unpublishing tells nobody.
    await send('POST', `/api/periodos/${periodo}/publicar`, admin.cookie, { publicado: false });
    expect(await bellOf(bia.user.id)).toHaveLength(1);
  });

  it('names both children in one notice when their classes publish together', async () => {
    const admin = await signedIn(t, 'administrador');
    const periodo = await schoolYear(admin.cookie);
    const classA = await insertClass(t, null);
    const classB = await insertClass(t, null);
    const caio = await family(classA.id);
    const second = await insertStudent(t, classB.id, caio.guardian.id);
    await send('POST', `/api/periodos/${periodo}/fechar`, admin.cookie, {});
    await send('POST', `/api/periodos/${periodo}/publicar`, admin.cookie, {});
    const notices = await bellOf(caio.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.link).toBe('/dashboard/alunos');
    expect(notices[0]?.texto).toContain(caio.child.nome);
    expect(notices[0]?.texto).toContain(second.nome);
  });
});

describe('falta registrada', () => {
  it('tells the guardians only when the school turned it on, once per child per day', async () => {
    const admin = await signedIn(t, 'administrador');
    await schoolYear(admin.cookie);
    const turma = await insertClass(t, null);
    const ana = await family(turma.id);
    const bia = await family(turma.id);
    const roll = (faltas: string[], data = '2026-03-19') =>
      send('PUT', `/api/frequencia/turmas/${turma.id}`, admin.cookie, {
        data,
        faltas: faltas.map((id) => ({ aluno_id: id })),
      });

    expect((await roll([ana.child.id], '2026-03-18')).statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(0);

    await setSwitches(admin.cookie, { notificar_faltas: true });
    expect((await roll([ana.child.id])).statusCode).toBe(200);
    const [notice] = await bellOf(ana.user.id);
    expect(notice).toMatchObject({
      tipo: 'falta',
      titulo: `Falta registrada: ${ana.child.nome}`,
      link: `/dashboard/alunos?aluno=${ana.child.id}&falta=2026-03-19`,
    });
    expect(notice?.texto).toContain('19/03/2026');
    expect(await bellOf(bia.user.id)).toHaveLength(0);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);

    // The roll corrected the same day: Bia's child added; Ana is not told again.
    expect((await roll([ana.child.id, bia.child.id])).statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    expect(await bellOf(bia.user.id)).toHaveLength(1);
    // Removed and recorded again the same day: still one notice.
    await roll([bia.child.id]);
    await roll([ana.child.id, bia.child.id]);
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);
  });

  it('withdraws the unread notice (and its queued e-mail) when the absence is corrected away or its roll removed', async () => {
    const admin = await signedIn(t, 'administrador');
    await schoolYear(admin.cookie);
    const turma = await insertClass(t, null);
    const ana = await family(turma.id);
    const bia = await family(turma.id);
    await setSwitches(admin.cookie, { notificar_faltas: true });
    const roll = async (faltas: string[]) => {
      const response = await send('PUT', `/api/frequencia/turmas/${turma.id}`, admin.cookie, {
        data: '2026-03-19',
        faltas: faltas.map((id) => ({ aluno_id: id })),
      });
      expect(response.statusCode).toBe(200);
      return dataOf<{ chamada: { id: string } }>(response).chamada.id;
    };
    await roll([ana.child.id, bia.child.id]);
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);

    // Ana's absence was a mistake: her notice and the e-mail still waiting go; Bia's stay.
    await roll([bia.child.id]);
    expect(await bellOf(ana.user.id)).toHaveLength(0);
    expect(await emailsOf(ana.user.id)).toHaveLength(0);
    expect(await bellOf(bia.user.id)).toHaveLength(1);
    expect(await emailsOf(bia.user.id)).toHaveLength(1);

    // Recorded again and delivered; Bia reads hers. Then the whole roll is removed.
    const id = await roll([ana.child.id, bia.child.id]);
    await t.app.ctx.notifier.worker.drain();
    expect((await emailsOf(ana.user.id)).map((row) => row.status)).toEqual(['enviado']);
    const read = await send('POST', '/api/notificacoes/lidas', bia.cookie, {});
    expect(read.statusCode).toBe(200);
    const removed = await send('DELETE', `/api/frequencia/chamadas/${id}`, admin.cookie, {
      motivo: 'Chamada do dia errado',
    });
    expect(removed.statusCode).toBe(200);
    // Ana had not read it: withdrawn. Bia had: it stays. Nothing new is sent to either.
    expect(await bellOf(ana.user.id)).toHaveLength(0);
    expect(await bellOf(bia.user.id)).toHaveLength(1);
    expect((await emailsOf(ana.user.id)).map((row) => row.status)).toEqual(['enviado']);
    expect(await emailsOf(bia.user.id)).toHaveLength(1);
    expect(await t.database.db.select().from(entregas).where(eq(entregas.status, 'pendente'))).toEqual([]);
  });

  it('keeps the day’s notice while the child still has an absence in another lesson of that day', async () => {
    const admin = await signedIn(t, 'administrador');
    await schoolYear(admin.cookie);
    const turma = await insertClass(t, null);
    const grid = await send('PUT', `/api/turmas/${turma.id}/disciplinas`, admin.cookie, {
      frequencia_modo: 'por_aula',
      disciplinas: [{ disciplina: 'Matemática', aulas_semanais: 10, dias_semana: [1, 2, 3, 4, 5] }],
    });
    expect(grid.statusCode).toBe(200);
    const ana = await family(turma.id);
    await setSwitches(admin.cookie, { notificar_faltas: true });
    const ids: string[] = [];
    for (const aula of [1, 2]) {
      const saved = await send('PUT', `/api/frequencia/turmas/${turma.id}`, admin.cookie, {
        data: '2026-03-19',
        disciplina: 'Matemática',
        aula,
        faltas: [{ aluno_id: ana.child.id }],
      });
      expect(saved.statusCode).toBe(200);
      ids.push(dataOf<{ chamada: { id: string } }>(saved).chamada.id);
    }
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    const remove = (id: string) =>
      send('DELETE', `/api/frequencia/chamadas/${id}`, admin.cookie, { motivo: 'Aula duplicada' });
    expect((await remove(ids[0]!)).statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);
    expect((await remove(ids[1]!)).statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(0);
    expect(await emailsOf(ana.user.id)).toHaveLength(0);
  });

  it('honours the school e-mail switch and the person’s own preference', async () => {
    const admin = await signedIn(t, 'administrador');
    await schoolYear(admin.cookie);
    const turma = await insertClass(t, null);
    const ana = await family(turma.id);
    const bia = await family(turma.id);
    await setSwitches(admin.cookie, { notificar_faltas: true, notificacoes_email: false });
    await send('PUT', `/api/frequencia/turmas/${turma.id}`, admin.cookie, {
      data: '2026-03-19',
      faltas: [{ aluno_id: ana.child.id }],
    });
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    expect(await emailsOf(ana.user.id)).toHaveLength(0);

    await setSwitches(admin.cookie, { notificacoes_email: true });
    const prefs = await send('PUT', '/api/notificacoes/preferencias', bia.cookie, {
      itens: [{ tipo: 'falta', email: false, sms: true }],
    });
    expect(prefs.statusCode).toBe(200);
    await send('PUT', `/api/frequencia/turmas/${turma.id}`, admin.cookie, {
      data: '2026-03-20',
      faltas: [{ aluno_id: ana.child.id }, { aluno_id: bia.child.id }],
    });
    expect(await bellOf(bia.user.id)).toHaveLength(1);
    expect(await emailsOf(bia.user.id)).toHaveLength(0);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);
  });
});

describe('mensalidades', () => {
  const tuition = (alunoId: string, mes: string, vencimento: string, extra: object = {}) =>
    insertTuition(t, alunoId, mes, vencimento, extra);

  it('announces due-in-3-days and overdue once each, only when on, never paid or cancelled ones', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const ana = await family(turma.id);
    await tuition(ana.child.id, '2026-03', '2026-03-22');
    await tuition(ana.child.id, '2026-02', '2026-02-28');
    await tuition(ana.child.id, '2026-04', '2026-04-10'); // too far ahead
    await tuition(ana.child.id, '2026-01', '2026-01-10', { principalPago: 85_000 }); // paid
    await tuition(ana.child.id, '2025-12', '2026-03-21', { canceladaEm: new Date() }); // cancelled
    await tuition(ana.child.id, '2025-11', '2025-11-10'); // overdue for months: not announced now

    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 0, atraso: 0 });
    expect(await tuitionNoticesSlot(t.app.ctx, clock.now())).toBeNull();
    expect(await bellOf(ana.user.id)).toHaveLength(0);

    await setSwitches(admin.cookie, { notificar_mensalidades: true });
    // Noon in São Paulo: the slot is today's date; at 06:00 it is not open yet.
    expect(await tuitionNoticesSlot(t.app.ctx, clock.now())).toBe('2026-03-20');
    expect(await tuitionNoticesSlot(t.app.ctx, new Date('2026-03-20T06:00:00-03:00'))).toBeNull();

    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 1, atraso: 1 });
    const notices = await bellOf(ana.user.id);
    expect(notices.map((row) => row.titulo).sort()).toEqual([
      `Mensalidade a vencer: ${ana.child.nome}`,
      `Mensalidade em atraso: ${ana.child.nome}`,
    ]);
    const due = notices.find((row) => row.titulo.startsWith('Mensalidade a vencer'));
    expect(due?.texto).toBe(
      `A mensalidade de março de 2026 de ${ana.child.nome} (R$ 850,00) vence em 22/03/2026.`,
    );
    expect(due?.link).toBe('/dashboard/financeiro');
    expect(await emailsOf(ana.user.id)).toHaveLength(2);

    // A retry, another instance, the next day: never twice.
    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 0, atraso: 0 });
    clock.pin('2026-03-21');
    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 0, atraso: 0 });
    // Due on Sunday 22/03, it may be paid on the Monday without charges (Lei 7.089/1983): not late yet.
    clock.pin('2026-03-23');
    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 0, atraso: 0 });
    // The March tuition, now overdue, gets its own 'atraso' notice once.
    clock.pin('2026-03-24');
    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 0, atraso: 1 });
    expect(await bellOf(ana.user.id)).toHaveLength(3);
  });

  it('names the enrolment fee as the fee in the bell, the e-mail and the SMS (ADR 0094)', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const ana = await family(turma.id);
    await tuition(ana.child.id, '2026-03', '2026-03-22', { tipo: 'taxa_matricula', anuidadeAno: 2027 });
    await tuition(ana.child.id, '2026-02', '2026-02-28');
    await setSwitches(admin.cookie, { notificar_mensalidades: true });

    expect(await runTuitionNotices(t.app.ctx)).toEqual({ vence: 1, atraso: 1 });
    const notices = await bellOf(ana.user.id);
    expect(notices.map((row) => [row.titulo, row.texto]).sort()).toEqual([
      [
        `Mensalidade em atraso: ${ana.child.nome}`,
        `A mensalidade de fevereiro de 2026 de ${ana.child.nome} venceu em 28/02/2026 e está em aberto.`,
      ],
      [
        `Taxa de matrícula a vencer: ${ana.child.nome}`,
        `A taxa de matrícula 2027 de ${ana.child.nome} (R$ 850,00) vence em 22/03/2026.`,
      ],
    ]);
    const emails = await emailsOf(ana.user.id);
    expect(emails.map((row) => row.assunto).sort()).toEqual([
      'Mensalidade de fevereiro de 2026 em atraso',
      'Taxa de matrícula 2027 vence em 22/03/2026',
    ]);
    const fee = emails.find((row) => row.assunto.startsWith('Taxa'));
    expect(fee?.texto).toContain(
      `A taxa de matrícula 2027 de ${ana.child.nome}, no valor de R$ 850,00, vence em 22/03/2026.`,
    );
  });

  it('runs once per day through the job queue slot', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const ana = await family(turma.id);
    await tuition(ana.child.id, '2026-03', '2026-03-22');
    await setSwitches(admin.cookie, { notificar_mensalidades: true });
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.drain();
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.drain();
    expect(await bellOf(ana.user.id)).toHaveLength(1);
  });
});

describe('avisos de segurança', () => {
  const login = (email: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
      headers,
      remoteAddress,
    });
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

  it('warns of a sign-in from a new device, not from a known browser or the same one without cookie', async () => {
    const ana = await signedIn(t, 'responsavel');
    // The first sign-in (signedIn) had nothing to compare with.
    expect(await bellOf(ana.user.id)).toHaveLength(0);
    const home = await login(ana.user.email, { 'user-agent': firefox }, '189.10.20.30');
    expect(home.statusCode).toBe(200);
    const [notice] = await bellOf(ana.user.id);
    expect(notice).toMatchObject({
      tipo: 'seguranca',
      titulo: 'Novo acesso à sua conta',
      link: '/trocar-senha',
    });
    expect(notice?.texto).toContain('Firefox no Windows');
    expect(await emailsOf(ana.user.id)).toHaveLength(1);

    // The same browser again, with its device cookie: known.
    const device = home.cookies.find((cookie) => cookie.name !== 'sid');
    expect(device).toBeDefined();
    await login(
      ana.user.email,
      { 'user-agent': firefox, cookie: `${device!.name}=${device!.value}` },
      '10.9.8.7',
    );
    // The same browser on the same network without its cookie (a private window): not new either.
    await login(ana.user.email, { 'user-agent': firefox }, '189.10.20.77');
    expect(await bellOf(ana.user.id)).toHaveLength(1);

    // A phone on another network: new.
    await login(ana.user.email, { 'user-agent': iphone }, '177.5.6.7');
    const notices = await bellOf(ana.user.id);
    expect(notices).toHaveLength(2);
    expect(notices.some((row) => row.texto.includes('Safari no iPhone/iPad'))).toBe(true);
  });

  it('warns of a changed password (not of the first sign-in’s forced change), even with e-mail off for the kind', async () => {
    const ana = await signedIn(t, 'responsavel');
    await send('PUT', '/api/notificacoes/preferencias', ana.cookie, {
      itens: [{ tipo: 'seguranca', email: false, sms: false }],
    });
    const changed = await send('POST', '/api/auth/change-password', ana.cookie, {
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Outra-Senha-Forte-77',
    });
    expect(changed.statusCode).toBe(200);
    const [notice] = await bellOf(ana.user.id);
    expect(notice).toMatchObject({ tipo: 'seguranca', titulo: 'Sua senha foi alterada' });
    const [email] = await emailsOf(ana.user.id);
    expect(email?.texto).toContain('acabou de ser alterada');

    const novo = await signedIn(t, 'responsavel', { primeiroLogin: true });
    const first = await send('POST', '/api/auth/change-password', novo.cookie, {
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Outra-Senha-Forte-77',
    });
    expect(first.statusCode).toBe(200);
    expect(await bellOf(novo.user.id)).toHaveLength(0);
    expect(sessionCookieOf(first)).toMatch(/^sid=/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, novo.user.id));
    expect(row?.primeiroLogin).toBe(false);
  });

  it('sends at most so many new-device notices a day; past that the sign-in goes on without one (ADR 0018)', async () => {
    const limit = WRITE_LIMITS.avisosDispositivoNovo;
    const ana = await signedIn(t, 'responsavel');
    const bia = await signedIn(t, 'responsavel');
    await t.database.db.insert(notificacoes).values(
      Array.from({ length: limit.max - 1 }, () => ({
        usuarioId: ana.user.id,
        tipo: 'seguranca' as const,
        titulo: NEW_DEVICE_TITLE,
        texto: 'Sua conta foi acessada de um dispositivo novo.',
        createdAt: new Date(clock.now().getTime() - 3600_000),
      })),
    );
    expect((await login(ana.user.email, { 'user-agent': iphone }, '177.5.6.7')).statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(limit.max);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);
    // One more new device: signed in, no notice, no e-mail.
    expect((await login(ana.user.email, { 'user-agent': firefox }, '189.10.20.30')).statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(limit.max);
    expect(await emailsOf(ana.user.id)).toHaveLength(1);
    // Another account is told as usual.
    expect((await login(bia.user.email, { 'user-agent': iphone }, '177.5.6.7')).statusCode).toBe(200);
    expect(await bellOf(bia.user.id)).toHaveLength(1);
    // A day after the oldest, the next new device is told again.
    clock.pin(new Date(clock.now().getTime() + 23 * 3600_000 + 1000));
    expect((await login(ana.user.email, { 'user-agent': firefox }, '200.1.2.3')).statusCode).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(limit.max + 1);
  });

  it('changes the password at most so many times a day: the next is 429 with Retry-After and the password stays (ADR 0018)', async () => {
    const limit = WRITE_LIMITS.trocasSenha;
    const ana = await signedIn(t, 'responsavel');
    const bia = await signedIn(t, 'responsavel');
    await t.database.db.insert(auditLog).values(
      Array.from({ length: limit.max - 1 }, () => ({
        actorId: ana.user.id,
        action: 'senha_alterada',
        entity: 'usuario',
        entityId: ana.user.id,
      })),
    );
    const change = (cookie: string, senhaAtual: string, novaSenha: string) =>
      send('POST', '/api/auth/change-password', cookie, { senhaAtual, novaSenha });
    const changed = await change(ana.cookie, TEST_PASSWORD, 'Outra-Senha-Forte-77');
    expect(changed.statusCode).toBe(200);
    const over = await change(sessionCookieOf(changed), 'Outra-Senha-Forte-77', 'Mais-Uma-Senha-Forte-88');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(24 * 3600 - 120);
    expect(over.json<{ message: string }>().message).toContain(
      `Limite de ${String(limit.max)} trocas de senha em 24 horas atingido. Você poderá trocar de novo a partir de`,
    );
    // The refused change changed nothing and told nobody.
    expect((await login(ana.user.email, {})).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: ana.user.email, password: 'Outra-Senha-Forte-77' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await bellOf(ana.user.id)).toHaveLength(1);
    expect((await change(bia.cookie, TEST_PASSWORD, 'Outra-Senha-Forte-77')).statusCode).toBe(200);
  });

  it('keeps the network part of an address only', () => {
    expect(networkPrefixOf('189.10.20.30')).toBe('189.10.20');
    expect(networkPrefixOf('::ffff:10.0.0.7')).toBe('10.0.0');
    expect(networkPrefixOf('2804:14c:5b80:8000::1')).toBe('2804:14c:5b80');
    expect(networkPrefixOf(null)).toBe('');
  });
});
