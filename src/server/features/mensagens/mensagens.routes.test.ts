import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversaDetalhe, Conversas, DestinosOpcoes } from '../../../shared/mensagens.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { dataOf, insertClass, insertGuardian, messageOf } from '../../test/records-fixtures.js';
import { classWithFamily, familyIn, teacherWithAccount } from '../../test/school-fixtures.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { entregas, notificacoes } from '../../db/schema/notificacoes.js';
import { mensagens } from '../../db/schema/mensagens.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

async function setup() {
  const { admin, teacher: teacherAccount, turma, family } = await classWithFamily(t);
  const otherTeacherAccount = await teacherWithAccount(t);
  await insertClass(t, otherTeacherAccount.teacher.id);
  const stranger = await familyIn(t, turma.id);
  return {
    admin,
    guardian: family.guardian,
    teacherAccount,
    teacher: teacherAccount.teacher,
    otherTeacherAccount,
    otherTeacher: otherTeacherAccount.teacher,
    family,
    child: family.child,
    stranger,
    strangerChild: stranger.child,
  };
}

describe('mensagens', () => {
  it('a guardian writes to their child’s teacher; the teacher replies; unread counts on both sides', async () => {
    const s = await setup();
    const destinos = dataOf<DestinosOpcoes>(await get('/api/mensagens/destinos', s.family.cookie));
    expect(destinos).toEqual([
      {
        aluno: { id: s.child.id, nome: s.child.nome },
        professores: [{ id: s.teacher.id, nome: s.teacher.nome }],
      },
    ]);
    const started = await send('POST', '/api/mensagens', s.family.cookie, {
      aluno_id: s.child.id,
      destino: 'professor',
      professor_id: s.teacher.id,
      assunto: 'Tarefa de casa',
      texto: 'Meu filho esqueceu o caderno, pode enviar a tarefa?',
    });
    expect(started.statusCode).toBe(201);
    const id = dataOf<ConversaDetalhe>(started).id;
    const inbox = dataOf<Conversas>(await get('/api/mensagens', s.teacherAccount.cookie));
    expect(inbox.items.map((item) => item.id)).toEqual([id]);
    expect(inbox.nao_lidas).toBe(1);
    // The e-mail says only that there is a message: never its content.
    const mails = await t.database.db
      .select()
      .from(entregas)
      .where(eq(entregas.destino, s.teacherAccount.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.texto).not.toContain('caderno');
    expect(mails[0]!.assunto).toBe('Você tem uma nova mensagem');

    const opened = dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.teacherAccount.cookie));
    expect(opened.mensagens.map((item) => item.lado)).toEqual(['familia']);
    expect(dataOf<Conversas>(await get('/api/mensagens', s.teacherAccount.cookie)).nao_lidas).toBe(0);
    await send('POST', `/api/mensagens/${id}`, s.teacherAccount.cookie, { texto: 'Claro, envio hoje.' });
    const family = dataOf<Conversas>(await get('/api/mensagens', s.family.cookie));
    expect(family.nao_lidas).toBe(1);
    const bell = dataOf<NotificacaoPage>(await get('/api/notificacoes', s.family.cookie));
    expect(bell.items[0]?.titulo).toBe('Nova mensagem: Tarefa de casa');
    const thread = dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.family.cookie));
    expect(thread.mensagens.map((item) => [item.lado, item.minha])).toEqual([
      ['familia', true],
      ['escola', false],
    ]);
  });

  it('nobody else reads a conversation: other guardian, other teacher, the admin for a teacher’s one (404)', async () => {
    const s = await setup();
    const id = dataOf<ConversaDetalhe>(
      await send('POST', '/api/mensagens', s.family.cookie, {
        aluno_id: s.child.id,
        destino: 'professor',
        professor_id: s.teacher.id,
        assunto: 'Particular',
        texto: 'Assunto reservado',
      }),
    ).id;
    for (const cookie of [s.stranger.cookie, s.otherTeacherAccount.cookie, s.admin.cookie]) {
      expect((await get(`/api/mensagens/${id}`, cookie)).statusCode).toBe(404);
      expect((await send('POST', `/api/mensagens/${id}`, cookie, { texto: 'oi' })).statusCode).toBe(404);
      expect(dataOf<Conversas>(await get('/api/mensagens', cookie)).items).toEqual([]);
    }
  });

  it('another administrator is the secretaria too; a guardian cannot write about another child or to a foreign teacher', async () => {
    const s = await setup();
    const id = dataOf<ConversaDetalhe>(
      await send('POST', '/api/mensagens', s.family.cookie, {
        aluno_id: s.child.id,
        destino: 'secretaria',
        assunto: 'Declaração escolar',
        texto: 'Preciso de uma declaração de matrícula.',
      }),
    ).id;
    const second = await signedIn(t, 'administrador');
    expect(
      dataOf<Conversas>(await get('/api/mensagens', second.cookie)).items.map((item) => item.id),
    ).toEqual([id]);
    expect((await get(`/api/mensagens/${id}`, s.teacherAccount.cookie)).statusCode).toBe(404);
    const foreignChild = await send('POST', '/api/mensagens', s.family.cookie, {
      aluno_id: s.strangerChild.id,
      destino: 'secretaria',
      assunto: 'Outro aluno',
      texto: 'x',
    });
    expect(foreignChild.statusCode).toBe(404);
    const foreignTeacher = await send('POST', '/api/mensagens', s.family.cookie, {
      aluno_id: s.child.id,
      destino: 'professor',
      professor_id: s.otherTeacher.id,
      assunto: 'Outro professor',
      texto: 'x',
    });
    expect(foreignTeacher.statusCode).toBe(404);
  });

  it('the secretaria is whoever may start a conversation with any family: not the Financeiro profile', async () => {
    const s = await setup();
    const caixa = await staffWith(t, 'financeiro');
    const secretaria = await staffWith(t, 'secretaria');
    const id = dataOf<ConversaDetalhe>(
      await send('POST', '/api/mensagens', s.family.cookie, {
        aluno_id: s.child.id,
        destino: 'secretaria',
        assunto: 'Remédio na escola',
        texto: 'Meu filho começou um tratamento; preciso falar sobre o horário do remédio.',
      }),
    ).id;
    expect((await get(`/api/mensagens/${id}`, caixa.cookie)).statusCode).toBe(404);
    expect((await send('POST', `/api/mensagens/${id}`, caixa.cookie, { texto: 'Resposta' })).statusCode).toBe(
      404,
    );
    expect(dataOf<Conversas>(await get('/api/mensagens', caixa.cookie)).items).toEqual([]);
    expect(
      dataOf<Conversas>(await get('/api/mensagens', secretaria.cookie)).items.map((item) => item.id),
    ).toEqual([id]);
    // Told of it: the secretaria and the direction (an administrator of no profile), not the cashier.
    const told = await t.database.db
      .select({ usuarioId: notificacoes.usuarioId })
      .from(notificacoes)
      .where(eq(notificacoes.tipo, 'mensagem'));
    const ids = told.map((row) => row.usuarioId);
    expect(ids).toContain(secretaria.user.id);
    expect(ids).toContain(s.admin.user.id);
    expect(ids).not.toContain(caixa.user.id);
  });

  it('a guardian unlinked from the child loses the conversations about it (404); the school keeps them, read-only', async () => {
    const s = await setup();
    const ids: string[] = [];
    for (const destino of [{ destino: 'secretaria' }, { destino: 'professor', professor_id: s.teacher.id }]) {
      const started = await send('POST', '/api/mensagens', s.family.cookie, {
        aluno_id: s.child.id,
        ...destino,
        assunto: 'Guarda compartilhada',
        texto: 'Quem busca a criança na sexta?',
      });
      expect(started.statusCode).toBe(201);
      ids.push(dataOf<ConversaDetalhe>(started).id);
    }
    // The other parent stays the child's guardian; this one is unlinked by the secretaria.
    const otherParent = await insertGuardian(t);
    const linked = await send('POST', `/api/alunos/${s.child.id}/responsaveis`, s.admin.cookie, {
      responsavel_id: otherParent.id,
      eh_principal: true,
    });
    expect(linked.statusCode).toBe(200);
    const unlinked = await send(
      'DELETE',
      `/api/alunos/${s.child.id}/responsaveis/${s.guardian.id}`,
      s.admin.cookie,
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);

    expect(dataOf<Conversas>(await get('/api/mensagens', s.family.cookie))).toEqual({
      items: [],
      nao_lidas: 0,
    });
    for (const id of ids) {
      expect((await get(`/api/mensagens/${id}`, s.family.cookie)).statusCode).toBe(404);
      expect(
        (await send('POST', `/api/mensagens/${id}`, s.family.cookie, { texto: 'Olá?' })).statusCode,
      ).toBe(404);
    }
    // The school still reads them, marked as closed, and does not write to someone no longer responsible.
    for (const [id, staff] of [
      [ids[0]!, s.admin],
      [ids[1]!, s.teacherAccount],
    ] as const) {
      const kept = await get(`/api/mensagens/${id}`, staff.cookie);
      expect(kept.statusCode).toBe(200);
      expect(dataOf<ConversaDetalhe>(kept)).toMatchObject({
        encerrada: true,
        mensagens: [{ texto: 'Quem busca a criança na sexta?' }],
      });
      const answer = await send('POST', `/api/mensagens/${id}`, staff.cookie, { texto: 'É a mãe.' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json<{ message: string }>().message).toMatch(/não está mais vinculado/);
    }
    // Nor is the unlinked guardian told of anything in the bell.
    const told = await t.database.db
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.usuarioId, s.family.user.id));
    expect(told).toHaveLength(0);

    // Linked again: the conversations come back.
    expect(
      (
        await send('POST', `/api/alunos/${s.child.id}/responsaveis`, s.admin.cookie, {
          responsavel_id: s.guardian.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(dataOf<Conversas>(await get('/api/mensagens', s.family.cookie)).items).toHaveLength(2);
    expect(dataOf<ConversaDetalhe>(await get(`/api/mensagens/${ids[0]!}`, s.admin.cookie)).encerrada).toBe(
      false,
    );
  });
});

describe('how many messages one account sends (ADR 0018)', () => {
  const hour = WRITE_LIMITS.mensagensHora;
  const day = WRITE_LIMITS.mensagensDia;
  const T0 = new Date('2026-05-12T14:00:00-03:00');
  beforeEach(() => clock.pin(T0));
  afterEach(() => clock.unpin());

  /** A conversation the family started now, plus `earlier` messages of theirs sent `minutesAgo`. */
  async function conversationWith(s: Awaited<ReturnType<typeof setup>>, earlier: number, minutesAgo: number) {
    const started = await send('POST', '/api/mensagens', s.family.cookie, {
      aluno_id: s.child.id,
      destino: 'professor',
      professor_id: s.teacher.id,
      assunto: 'Tarefa',
      texto: 'Primeira mensagem',
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = dataOf<ConversaDetalhe>(started).id;
    const at = new Date(T0.getTime() - minutesAgo * 60_000);
    await t.database.db.insert(mensagens).values(
      Array.from({ length: earlier }, (_, index) => ({
        conversaId: id,
        autorId: s.family.user.id,
        autorNome: 'Família',
        lado: 'familia' as const,
        texto: `Mensagem ${String(index)}`,
        createdAt: at,
      })),
    );
    return id;
  }

  it(`${String(hour.max)} an hour: the next is 429 with Retry-After and the cap, a new conversation too; the other side still answers`, async () => {
    const s = await setup();
    const id = await conversationWith(s, hour.max - 2, 50);
    const last = await send('POST', `/api/mensagens/${id}`, s.family.cookie, { texto: 'Dentro do limite' });
    expect(last.statusCode, last.body).toBe(200);
    const over = await send('POST', `/api/mensagens/${id}`, s.family.cookie, { texto: 'Além do limite' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBe(10 * 60);
    expect(messageOf(over)).toBe(
      `Limite de ${String(hour.max)} mensagens enviadas em 1 hora atingido. Você poderá enviar outra a partir de 12/05/2026 14:10.`,
    );
    const another = await send('POST', '/api/mensagens', s.family.cookie, {
      aluno_id: s.child.id,
      destino: 'secretaria',
      assunto: 'Outra',
      texto: 'Outra conversa',
    });
    expect(another.statusCode).toBe(429);
    // Nothing was stored or sent for the refused ones.
    const sent = await t.database.db.select().from(mensagens).where(eq(mensagens.autorId, s.family.user.id));
    expect(sent).toHaveLength(hour.max);
    // The teacher, and another family, are not held by this family's count.
    expect(
      (await send('POST', `/api/mensagens/${id}`, s.teacherAccount.cookie, { texto: 'Recebido.' }))
        .statusCode,
    ).toBe(200);
    const stranger = await send('POST', '/api/mensagens', s.stranger.cookie, {
      aluno_id: s.strangerChild.id,
      destino: 'secretaria',
      assunto: 'Dúvida',
      texto: 'Uma dúvida',
    });
    expect(stranger.statusCode, stranger.body).toBe(201);
  });

  it(`${String(day.max)} a day, whatever the hour`, async () => {
    const s = await setup();
    const id = await conversationWith(s, day.max - 2, 5 * 60);
    expect(
      (await send('POST', `/api/mensagens/${id}`, s.family.cookie, { texto: 'Ainda cabe' })).statusCode,
    ).toBe(200);
    const over = await send('POST', `/api/mensagens/${id}`, s.family.cookie, { texto: 'Não cabe' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBe(19 * 3600);
    expect(messageOf(over)).toContain(
      `Limite de ${String(day.max)} mensagens enviadas em 24 horas atingido.`,
    );
  });
});
