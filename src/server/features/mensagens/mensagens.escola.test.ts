import { DAY_MS } from '../../../shared/calendar.js';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  Acompanhamento,
  AlunoParaConversa,
  ConversaDetalhe,
  Conversas,
  DestinosOpcoes,
  MensagensConfig,
} from '../../../shared/mensagens.schemas.js';
import { mensagensConfigPadrao } from '../../../shared/mensagens.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { studentGuardians } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, messageOf } from '../../test/records-fixtures.js';
import { classWithFamily, guardianWithAccount, teacherWithAccount } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import type { FamilyFeedScope } from '../../lib/family-feed.js';
import { mensagensFeed } from './index.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
afterEach(() => clock.unpin());

/**
 * A class with its teacher and a child whose two separated parents have accounts (the mother the
 * principal guardian); another teacher with a class of their own; the school's director.
 */
async function setup() {
  const { admin, teacher, turma, family } = await classWithFamily(t);
  const father = await guardianWithAccount(t);
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId: family.child.id, responsavelId: father.guardian.id, parentesco: 'pai' });
  const otherTeacher = await teacherWithAccount(t);
  await insertClass(t, otherTeacher.teacher.id);
  return { admin, teacher, turma, mother: family, father, child: family.child, otherTeacher };
}

/** The scope the familia module gives every source: this guardian, these children, the last 30 days. */
function familyFeedScope(
  userId: string,
  guardianId: string,
  alunos: { id: string; nome: string }[],
): FamilyFeedScope {
  return {
    userId,
    guardianId,
    alunos: alunos.map(({ id, nome }) => ({ id, nome })),
    today: clock.today(),
    since: new Date(Date.now() - 30 * DAY_MS),
    until: clock.today(),
  };
}

const configure = (cookie: string, changes: Partial<MensagensConfig>) =>
  send('PUT', '/api/mensagens/configuracao', cookie, { ...mensagensConfigPadrao, ...changes });

const start = (cookie: string, alunoId: string, extra: object = {}) =>
  send('POST', '/api/mensagens', cookie, {
    aluno_id: alunoId,
    assunto: 'Adaptação na turma',
    texto: 'Podemos conversar sobre a semana?',
    ...extra,
  });

describe('conversations the school starts (issue 32 §2)', () => {
  it('a teacher writes to both guardians of a student of their class, each in a conversation of their own; another class’s student is 404', async () => {
    const s = await setup();
    const alunos = dataOf<AlunoParaConversa[]>(await get('/api/mensagens/alunos', s.teacher.cookie));
    expect(alunos.map((item) => item.aluno.id)).toEqual([s.child.id]);
    expect(alunos[0]!.turma).toEqual({ id: s.turma.id, nome: s.turma.nome });
    expect(alunos[0]!.responsaveis.map((item) => [item.id, item.principal, item.disponivel])).toEqual([
      [s.mother.guardian.id, true, true],
      [s.father.guardian.id, false, true],
    ]);
    expect(dataOf<AlunoParaConversa[]>(await get('/api/mensagens/alunos', s.otherTeacher.cookie))).toEqual(
      [],
    );

    const refused = await start(s.otherTeacher.cookie, s.child.id);
    expect(refused.statusCode).toBe(404);
    expect(messageOf(refused)).toBe('Aluno não encontrado.');

    const started = await start(s.teacher.cookie, s.child.id);
    expect(started.statusCode, started.body).toBe(201);
    expect(messageOf(started)).toBe('Mensagem enviada a 2 responsáveis.');
    const teacherList = dataOf<Conversas>(await get('/api/mensagens', s.teacher.cookie));
    expect(teacherList.items).toHaveLength(2);
    expect(teacherList.items.every((item) => item.iniciada_por === 'escola')).toBe(true);

    // Each parent reads theirs only; the mother answers, and the father does not see her answer.
    const mothers = dataOf<Conversas>(await get('/api/mensagens', s.mother.cookie));
    const fathers = dataOf<Conversas>(await get('/api/mensagens', s.father.cookie));
    expect(mothers.items).toHaveLength(1);
    expect(fathers.items).toHaveLength(1);
    expect(mothers.nao_lidas).toBe(1);
    expect(mothers.items[0]!.id).not.toBe(fathers.items[0]!.id);
    const bell = await t.database.db
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.usuarioId, s.father.user.id));
    expect(bell.map((item) => item.titulo)).toEqual(['Nova mensagem: Adaptação na turma']);
    const id = mothers.items[0]!.id;
    const answered = await send('POST', `/api/mensagens/${id}`, s.mother.cookie, { texto: 'Claro! Amanhã?' });
    expect(answered.statusCode).toBe(200);
    expect((await get(`/api/mensagens/${id}`, s.father.cookie)).statusCode).toBe(404);
    const thread = dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.teacher.cookie));
    expect(thread.mensagens.map((item) => [item.lado, item.texto])).toEqual([
      ['escola', 'Podemos conversar sobre a semana?'],
      ['familia', 'Claro! Amanhã?'],
    ]);
  });

  it('the separated-parents rule: only the principal guardian when the school says so; one chosen guardian otherwise', async () => {
    const s = await setup();
    const one = await start(s.teacher.cookie, s.child.id, { responsaveis: [s.father.guardian.id] });
    expect(one.statusCode, one.body).toBe(201);
    expect(messageOf(one)).toBe('Mensagem enviada.');
    expect(dataOf<Conversas>(await get('/api/mensagens', s.mother.cookie)).items).toEqual([]);

    expect((await configure(s.admin.cookie, { responsaveis: 'principal' })).statusCode).toBe(200);
    const refused = await start(s.teacher.cookie, s.child.id, { responsaveis: [s.father.guardian.id] });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toMatch(/somente ao responsável principal/);
    const principal = await start(s.teacher.cookie, s.child.id);
    expect(principal.statusCode).toBe(201);
    expect(dataOf<ConversaDetalhe>(principal).responsavel.id).toBe(s.mother.user.id);
    expect(dataOf<Conversas>(await get('/api/mensagens', s.father.cookie)).items).toHaveLength(1);
    const listed = dataOf<AlunoParaConversa[]>(await get('/api/mensagens/alunos', s.teacher.cookie));
    expect(listed[0]!.responsaveis.map((item) => [item.disponivel, item.motivo])).toEqual([
      [true, null],
      [false, 'so_principal'],
    ]);
    // A guardian of another student is not this student's: 404.
    const stranger = await guardianWithAccount(t);
    const foreign = await start(s.teacher.cookie, s.child.id, { responsaveis: [stranger.guardian.id] });
    expect(foreign.statusCode).toBe(404);
  });

  it('a school profile writes to any family; a profile without mensagens.iniciar cannot (403)', async () => {
    const s = await setup();
    const secretaria = await staffWith(t, 'secretaria');
    const found = dataOf<AlunoParaConversa[]>(
      await get(`/api/mensagens/alunos?q=${encodeURIComponent(s.child.nome.slice(0, 8))}`, secretaria.cookie),
    );
    expect(found.map((item) => item.aluno.id)).toEqual([s.child.id]);
    const started = await start(secretaria.cookie, s.child.id, { responsaveis: [s.mother.guardian.id] });
    expect(started.statusCode, started.body).toBe(201);
    const detail = dataOf<ConversaDetalhe>(started);
    expect(detail).toMatchObject({ destino: 'secretaria', professor: null, iniciada_por: 'escola' });
    // Every administrator is the secretaria; the family answers it as any conversation.
    expect(dataOf<Conversas>(await get('/api/mensagens', s.admin.cookie)).items).toHaveLength(1);
    const answer = await send('POST', `/api/mensagens/${detail.id}`, s.mother.cookie, { texto: 'Obrigada.' });
    expect(answer.statusCode).toBe(200);
    const financeiro = await staffWith(t, 'financeiro');
    expect((await start(financeiro.cookie, s.child.id)).statusCode).toBe(403);
    expect((await get('/api/mensagens/alunos?q=Aluno', financeiro.cookie)).statusCode).toBe(403);
    expect((await get('/api/mensagens/alunos?q=Aluno', s.mother.cookie)).statusCode).toBe(403);
  });

  it('monitoring: with the rule on, the coordination reads a teacher’s conversations (read only) and the family is told; a teacher of another class cannot', async () => {
    const s = await setup();
    const coordenacao = await staffWith(t, 'coordenacao');
    const id = dataOf<ConversaDetalhe>(
      await start(s.teacher.cookie, s.child.id, { responsaveis: [s.mother.guardian.id] }),
    ).id;
    // Off (today's behaviour): nobody but the teacher and the family.
    expect((await get(`/api/mensagens/${id}`, coordenacao.cookie)).statusCode).toBe(404);
    expect(dataOf<Acompanhamento>(await get('/api/mensagens/acompanhamento', coordenacao.cookie))).toEqual({
      ativo: false,
      items: [],
    });
    expect(dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.mother.cookie)).monitorada).toBe(
      false,
    );

    expect((await configure(s.admin.cookie, { monitoramento: true })).statusCode).toBe(200);
    const followed = dataOf<Acompanhamento>(await get('/api/mensagens/acompanhamento', coordenacao.cookie));
    expect(followed.ativo).toBe(true);
    expect(followed.items.map((item) => item.id)).toEqual([id]);
    const read = dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, coordenacao.cookie));
    expect(read).toMatchObject({ somente_leitura: true, monitorada: true });
    expect(read.mensagens).toHaveLength(1);
    const written = await send('POST', `/api/mensagens/${id}`, coordenacao.cookie, { texto: 'Olá' });
    expect(written.statusCode).toBe(403);
    expect(dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.mother.cookie)).monitorada).toBe(true);
    // The coordination's inbox stays the secretaria's; other people still get 404.
    expect(dataOf<Conversas>(await get('/api/mensagens', coordenacao.cookie)).items).toEqual([]);
    for (const cookie of [s.otherTeacher.cookie, s.father.cookie]) {
      expect((await get(`/api/mensagens/${id}`, cookie)).statusCode).toBe(404);
      expect((await send('POST', `/api/mensagens/${id}`, cookie, { texto: 'x' })).statusCode).toBe(404);
    }
    const secretaria = await staffWith(t, 'secretaria');
    expect((await get(`/api/mensagens/${id}`, secretaria.cookie)).statusCode).toBe(404);
    expect((await get('/api/mensagens/acompanhamento', secretaria.cookie)).statusCode).toBe(403);
  });

  it('families start with teachers only while the school allows it; the teacher’s own conversations stay answerable', async () => {
    const s = await setup();
    const teacherStarted = dataOf<ConversaDetalhe>(
      await start(s.teacher.cookie, s.child.id, { responsaveis: [s.mother.guardian.id] }),
    ).id;
    expect((await configure(s.admin.cookie, { familias_iniciam: 'somente_secretaria' })).statusCode).toBe(
      200,
    );
    const destinos = dataOf<DestinosOpcoes>(await get('/api/mensagens/destinos', s.mother.cookie));
    expect(destinos).toEqual([{ aluno: { id: s.child.id, nome: s.child.nome }, professores: [] }]);
    const refused = await send('POST', '/api/mensagens', s.mother.cookie, {
      aluno_id: s.child.id,
      destino: 'professor',
      professor_id: s.teacher.teacher.id,
      assunto: 'Dúvida',
      texto: 'Uma dúvida',
    });
    expect(refused.statusCode).toBe(403);
    const secretaria = await send('POST', '/api/mensagens', s.mother.cookie, {
      aluno_id: s.child.id,
      destino: 'secretaria',
      assunto: 'Dúvida',
      texto: 'Uma dúvida',
    });
    expect(secretaria.statusCode).toBe(201);
    const answer = await send('POST', `/api/mensagens/${teacherStarted}`, s.mother.cookie, { texto: 'Sim.' });
    expect(answer.statusCode).toBe(200);
    // A family leaving out whom to write to is told so (400), never a 500.
    const noDestino = await send('POST', '/api/mensagens', s.mother.cookie, {
      aluno_id: s.child.id,
      assunto: 'Dúvida',
      texto: 'Uma dúvida',
    });
    expect(noDestino.statusCode).toBe(400);
  });

  it('off hours: the family is told when the message reaches the teacher, who sees it and is told at 7h, not before', async () => {
    const s = await setup();
    expect((await configure(s.admin.cookie, { horario_ativo: true })).statusCode).toBe(200);
    clock.pin(new Date('2026-05-12T15:00:00-03:00')); // a Tuesday, within the hours
    const id = dataOf<ConversaDetalhe>(
      await start(s.teacher.cookie, s.child.id, { responsaveis: [s.mother.guardian.id] }),
    ).id;
    expect(
      dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.mother.cookie)).aviso_horario,
    ).toBeNull();

    clock.pin(new Date('2026-05-12T21:30:00-03:00'));
    expect(dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.mother.cookie)).aviso_horario).toBe(
      'Fora do horário: sua mensagem será entregue às 7h',
    );
    const late = await send('POST', `/api/mensagens/${id}`, s.mother.cookie, { texto: 'Pode ser amanhã?' });
    expect(late.statusCode).toBe(200);
    expect(messageOf(late)).toBe('Fora do horário: sua mensagem será entregue às 7h');
    expect(dataOf<ConversaDetalhe>(late).mensagens.at(-1)!.entrega_em).toBe('2026-05-13T10:00:00.000Z');

    const toldTeacher = () =>
      t.database.db
        .select()
        .from(notificacoes)
        .where(and(eq(notificacoes.usuarioId, s.teacher.user.id), eq(notificacoes.tipo, 'mensagem')));
    await t.app.ctx.jobs.drain();
    expect(await toldTeacher()).toHaveLength(0);
    expect(dataOf<Conversas>(await get('/api/mensagens', s.teacher.cookie)).nao_lidas).toBe(0);
    const before = dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.teacher.cookie));
    expect(before.mensagens.map((item) => item.texto)).toEqual(['Podemos conversar sobre a semana?']);

    clock.pin(new Date('2026-05-13T06:59:00-03:00'));
    await t.app.ctx.jobs.drain();
    expect(await toldTeacher()).toHaveLength(0);
    clock.pin(new Date('2026-05-13T07:00:00-03:00'));
    await t.app.ctx.jobs.drain();
    expect(await toldTeacher()).toHaveLength(1);
    expect(dataOf<Conversas>(await get('/api/mensagens', s.teacher.cookie)).nao_lidas).toBe(1);
    const after = dataOf<ConversaDetalhe>(await get(`/api/mensagens/${id}`, s.teacher.cookie));
    expect(after.mensagens.map((item) => item.texto)).toEqual([
      'Podemos conversar sobre a semana?',
      'Pode ser amanhã?',
    ]);
    // The secretaria has no hours: a family's message there reaches it at once.
    clock.pin(new Date('2026-05-13T22:00:00-03:00'));
    const toSecretaria = await send('POST', '/api/mensagens', s.mother.cookie, {
      aluno_id: s.child.id,
      destino: 'secretaria',
      assunto: 'Declaração',
      texto: 'Preciso de uma declaração.',
    });
    expect(messageOf(toSecretaria)).toBe('Mensagem enviada.');
  });

  it('the rules are the school’s: validated, audited, only with settings.manage', async () => {
    const s = await setup();
    expect(dataOf<MensagensConfig>(await get('/api/mensagens/configuracao', s.admin.cookie))).toEqual(
      mensagensConfigPadrao,
    );
    const bad = await configure(s.admin.cookie, { horario_inicio: '19:00', horario_fim: '07:00' });
    expect(bad.statusCode).toBe(400);
    expect((await configure(s.teacher.cookie, { monitoramento: true })).statusCode).toBe(403);
    expect((await get('/api/mensagens/configuracao', s.mother.cookie)).statusCode).toBe(403);
    expect((await configure(s.admin.cookie, { monitoramento: true })).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'configuracoes_mensagens'));
    expect(entry!.details).toEqual({ alteracoes: { monitoramento: true } });
  });
});

describe('mensagensFeed (the family’s feed)', () => {
  it('a conversation with an unread message is pending (Responder); a read one is recent, not pending', async () => {
    const s = await setup();
    const unread = dataOf<ConversaDetalhe>(
      await start(s.teacher.cookie, s.child.id, { responsaveis: [s.mother.guardian.id], assunto: 'Reunião' }),
    ).id;
    const read = dataOf<ConversaDetalhe>(
      await send('POST', '/api/mensagens', s.mother.cookie, {
        aluno_id: s.child.id,
        destino: 'secretaria',
        assunto: 'Uniforme',
        texto: 'Qual o tamanho?',
      }),
    ).id;
    const scope = familyFeedScope(s.mother.user.id, s.mother.guardian.id, [s.child]);
    const items = await mensagensFeed(t.database.db, scope);
    expect(items.map((item) => [item.id, item.pendente, item.titulo])).toEqual(
      expect.arrayContaining([
        [`mensagem:${unread}`, true, 'Responder: Reunião'],
        [`mensagem:${read}`, false, 'Uniforme'],
      ]),
    );
    expect(items).toHaveLength(2);
    expect(items.find((item) => item.pendente)).toMatchObject({
      tipo: 'mensagem',
      link: `/dashboard/mensagens?id=${unread}`,
      aluno_id: s.child.id,
    });
    // Read now: no longer pending. Another guardian's feed has nothing of hers.
    await get(`/api/mensagens/${unread}`, s.mother.cookie);
    expect((await mensagensFeed(t.database.db, scope)).every((item) => !item.pendente)).toBe(true);
    const fathers = familyFeedScope(s.father.user.id, s.father.guardian.id, [s.child]);
    expect(await mensagensFeed(t.database.db, fathers)).toEqual([]);
    // Old and read: out of the window.
    const later = { ...scope, since: new Date(Date.now() + 60_000) };
    expect(await mensagensFeed(t.database.db, later)).toEqual([]);
  });
});
