/** The online rematrícula round (issue 34 §3) and the art. 5º / art. 6º rules of Lei 9.870. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { MatriculasConfig, RodadaRematricula } from '../../../shared/anuidades.schemas.js';
import {
  MENSAGEM_INADIMPLENCIA_PADRAO,
  PAGAMENTO_EM_CONFIRMACAO_REMATRICULA,
} from '../../../shared/anuidades.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { guardianWithAccount } from '../../test/school-fixtures.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { mensalidades } from '../../db/schema/finance.js';
import { interessadoEventos, interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { guardians, students } from '../../db/schema/students.js';
import { enviarConvite } from './pre-matricula.service.js';
import { systemActor } from '../audit/index.js';
import type { AppContext } from '../../context.js';
import { avisoInadimplencia } from './index.js';
import { enviarLembretes, iniciarRodada, type EnviarConvite } from './rematricula-online.service.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-10-05'));
afterEach(() => clock.unpin());

const URL = '/api/matriculas/rematricula-online';
/** One red pixel: an image that proves no payment. */
const PIXEL = { create: { width: 1, height: 1, channels: 3, background: '#f00' } } as const;
const CONFIG = '/api/matriculas/anuidades/configuracao';

/**
 * Stands for the pré-matrícula part's `enviarConvite` (its own tests cover it): records the call and
 * leaves what the real one leaves — the family's `pre_matriculas` row and the stage `pre_matricula`.
 */
function conviteRegistrado() {
  const calls: string[] = [];
  const enviar: EnviarConvite = async (ctx: AppContext, interessadoId: string) => {
    calls.push(interessadoId);
    const tokenHash = createHash('sha256').update(randomBytes(32)).digest('hex');
    await ctx.db
      .insert(preMatriculas)
      .values({ interessadoId, tokenHash, expiraEm: new Date('2026-11-30T12:00:00Z'), dados: {} as never })
      .onConflictDoUpdate({ target: preMatriculas.interessadoId, set: { tokenHash } });
    await ctx.db
      .update(interessados)
      .set({ etapa: 'pre_matricula' })
      .where(eq(interessados.id, interessadoId));
  };
  return { calls, enviar };
}

/**
 * 2026: a 3º ano class with Ana (her mother has an e-mail), Bruno (his guardian none) and Carla, and
 * a 9º ano class with Davi (the school offers no Ensino Médio: he finishes). Next year is 2027.
 */
async function school() {
  const admin = await signedIn(t, 'administrador');
  const terceiro = await insertClass(t, null, 25, { nome: '3º Ano A', serie: '3º ano', anoLetivo: '2026' });
  const nono = await insertClass(t, null, 25, {
    nome: '9º Ano A',
    serie: '9º ano',
    nivel: 'Fundamental II',
    anoLetivo: '2026',
  });
  const mae = await guardianWithAccount(t);
  await t.database.db
    .update(guardians)
    .set({ nome: 'Maria Souza', email: 'maria@familia.test' })
    .where(eq(guardians.id, mae.guardian.id));
  const ana = await insertStudent(t, terceiro.id, mae.guardian.id);
  const brunoGuardian = await guardianWithAccount(t);
  const bruno = await insertStudent(t, terceiro.id, brunoGuardian.guardian.id);
  const carlaGuardian = await guardianWithAccount(t);
  await t.database.db
    .update(guardians)
    .set({ email: 'carla.resp@familia.test' })
    .where(eq(guardians.id, carlaGuardian.guardian.id));
  const carla = await insertStudent(t, terceiro.id, carlaGuardian.guardian.id);
  const davi = await insertStudent(t, nono.id);
  await t.database.db.update(students).set({ nome: 'Ana' }).where(eq(students.id, ana.id));
  return { admin, terceiro, mae, ana, bruno, carla, carlaGuardian, davi };
}

async function overdue(alunoId: string) {
  await t.database.db.insert(mensalidades).values({
    alunoId,
    mesReferencia: '2026-08',
    dataVencimento: '2026-08-10',
    valorOriginal: 95_000,
    valor: 95_000,
  });
}

const rodada = async (cookie: string, query = '') =>
  dataOf<RodadaRematricula>(await get(`${URL}?ano_letivo=2027${query}`, cookie));

describe('the online rematrícula round', () => {
  it('creates a row per current student at the next série, sends the links, and follows each family', async () => {
    const s = await school();
    const convite = conviteRegistrado();
    const started = await iniciarRodada(
      t.app.ctx,
      2027,
      { ...systemActor, id: s.admin.user.id, nome: 'Direção' },
      convite.enviar,
    );
    // Davi (9º ano, no Ensino Médio here) finishes: no rematrícula.
    expect(started).toMatchObject({ criadas: 3, convites_enviados: 2, convites_falhos: 1 });
    const rows = await t.database.db.select().from(interessados).where(eq(interessados.tipo, 'rematricula'));
    expect(rows.map((row) => [row.alunoId, row.serie, row.anoLetivo]).sort()).toEqual(
      [
        [s.ana.id, '4º ano', 2027],
        [s.bruno.id, '4º ano', 2027],
        [s.carla.id, '4º ano', 2027],
      ].sort(),
    );
    const anaRow = rows.find((row) => row.alunoId === s.ana.id)!;
    expect(anaRow).toMatchObject({
      responsavelNome: 'Maria Souza',
      email: 'maria@familia.test',
      alunoNome: 'Ana',
    });
    // Bruno's guardian has no e-mail: no link, and the table says so.
    expect(convite.calls).toHaveLength(2);
    expect(convite.calls).not.toContain(rows.find((row) => row.alunoId === s.bruno.id)!.id);

    let state = await rodada(s.admin.cookie);
    expect(state.iniciada_em).not.toBeNull();
    expect(state.contagem).toMatchObject({ convidado: 2, sem_convite: 1 });
    expect(state.pendentes).toBe(3);

    // Ana's mother opens and submits; Carla's family signs and pays the fee.
    const carlaRow = rows.find((row) => row.alunoId === s.carla.id)!;
    await t.database.db
      .update(preMatriculas)
      .set({ abertoEm: clock.now(), enviadoEm: clock.now() })
      .where(eq(preMatriculas.interessadoId, anaRow.id));
    state = await rodada(s.admin.cookie);
    expect(state.familias.find((row) => row.id === anaRow.id)).toMatchObject({
      status: 'enviado',
      pendente: false,
    });
    await t.database.db
      .update(interessados)
      .set({ etapa: 'contrato_assinado' })
      .where(eq(interessados.id, carlaRow.id));
    expect((await rodada(s.admin.cookie)).familias.find((row) => row.id === carlaRow.id)!.status).toBe(
      'assinado',
    );
    await t.database.db.insert(mensalidades).values({
      alunoId: s.carla.id,
      mesReferencia: '2027-01',
      dataVencimento: '2027-01-10',
      valorOriginal: 50_000,
      valor: 50_000,
      principalPago: 50_000,
      dataPagamento: '2026-10-05',
    });
    state = await rodada(s.admin.cookie);
    expect(state.contagem).toMatchObject({ enviado: 1, pago: 1, sem_convite: 1, convidado: 0 });
    expect(state.pendentes).toBe(1);
    // Filters.
    expect((await rodada(s.admin.cookie, '&status=pendentes')).familias.map((row) => row.aluno_id)).toEqual([
      s.bruno.id,
    ]);
    expect((await rodada(s.admin.cookie, '&status=pago')).familias.map((row) => row.aluno_id)).toEqual([
      s.carla.id,
    ]);
    expect((await rodada(s.admin.cookie, '&busca=maria')).familias.map((row) => row.aluno_id)).toEqual([
      s.ana.id,
    ]);
    expect((await get(`${URL}?ano_letivo=2027&status=xyz`, s.admin.cookie)).statusCode).toBe(400);

    // Starting again adds only who is missing (a student enrolled since) and retries no sent link.
    const late = await insertStudent(t, s.terceiro.id);
    const again = await iniciarRodada(t.app.ctx, 2027, systemActor, convite.enviar);
    expect(again.criadas).toBe(1);
    expect(
      (await t.database.db.select().from(interessados).where(eq(interessados.alunoId, late.id))).length,
    ).toBe(1);
    expect(convite.calls).toHaveLength(2);
    const timeline = await t.database.db
      .select()
      .from(interessadoEventos)
      .where(eq(interessadoEventos.interessadoId, anaRow.id));
    expect(timeline[0]!.texto).toBe('Incluída na rematrícula online de 2027 (4º ano, vindo de 3º Ano A).');
  });

  it('through the API: starts the round (the links go through the pré-matrícula seam), audited, for matriculas.manage only', async () => {
    const s = await school();
    const guardian = await guardianWithAccount(t);
    expect((await send('POST', URL, guardian.cookie, { ano_letivo: 2027 })).statusCode).toBe(403);
    expect((await send('POST', URL, s.admin.cookie, { ano_letivo: 'x' })).statusCode).toBe(400);
    const response = await send('POST', URL, s.admin.cookie, { ano_letivo: 2027 });
    expect(response.statusCode, response.body).toBe(200);
    const result = dataOf<{ criadas: number; convites_enviados: number; convites_falhos: number }>(response);
    expect(result.criadas).toBe(3);
    // Whatever the seam does, every family is either sent its link or shown as not sent: never a 500.
    expect(result.convites_enviados + result.convites_falhos).toBe(3);
    expect(messageOf(response)).toMatch(/^Rematrícula online de 2027: 3 famílias incluídas/);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'rematricula_online'));
    expect(audit[0]).toMatchObject({ action: 'criar', entityId: '2027', actorId: s.admin.user.id });
  });

  it('without a mail server (SMTP_URL) never says a link was sent: the screen and the answers say no family gets it', async () => {
    const s = await school();
    expect(
      dataOf<RodadaRematricula>(await get(`${URL}?ano_letivo=2027`, s.admin.cookie)).email_configurado,
    ).toBe(true);
    t.mailer.delivery = 'arquivo';
    try {
      const rodada = dataOf<RodadaRematricula>(await get(`${URL}?ano_letivo=2027`, s.admin.cookie));
      expect(rodada.email_configurado).toBe(false);
      const started = await send('POST', URL, s.admin.cookie, { ano_letivo: 2027 });
      expect(started.statusCode, started.body).toBe(200);
      expect(messageOf(started)).toBe(
        'Rematrícula online de 2027: 3 famílias incluídas. O e-mail não está configurado neste servidor: os links da rematrícula não chegam às famílias. Quem instalou o sistema configura o envio na variável SMTP_URL (veja o README).',
      );
      const reminded = await send('POST', `${URL}/lembretes`, s.admin.cookie, { ano_letivo: 2027 });
      expect(reminded.statusCode, reminded.body).toBe(200);
      expect(messageOf(reminded)).not.toMatch(/enviad/);
      expect(messageOf(reminded)).toMatch(/^O e-mail não está configurado neste servidor/);
    } finally {
      t.mailer.delivery = 'smtp';
    }
  });

  it('reminds the pending families once a day: a new link before the form is sent, a note to sign when the contract waits', async () => {
    const s = await school();
    const convite = conviteRegistrado();
    await iniciarRodada(t.app.ctx, 2027, systemActor, convite.enviar);
    const rows = await t.database.db.select().from(interessados).where(eq(interessados.tipo, 'rematricula'));
    const carlaRow = rows.find((row) => row.alunoId === s.carla.id)!;
    await t.database.db
      .update(interessados)
      .set({ etapa: 'contrato_enviado' })
      .where(eq(interessados.id, carlaRow.id));
    await t.database.db
      .update(preMatriculas)
      .set({ enviadoEm: clock.now() })
      .where(eq(preMatriculas.interessadoId, carlaRow.id));
    convite.calls.length = 0;

    const first = await enviarLembretes(t.app.ctx, 2027, undefined, systemActor, convite.enviar);
    // Ana: a new link; Carla: the note to sign; Bruno: no e-mail, so nothing could be sent.
    expect(first).toEqual({ enviados: 2, ja_lembrados_hoje: 0, falhas: 1 });
    expect(convite.calls).toEqual([rows.find((row) => row.alunoId === s.ana.id)!.id]);
    expect(t.mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['carla.resp@familia.test', 'Rematrícula 2027: o contrato aguarda a sua assinatura'],
    ]);
    const second = await enviarLembretes(t.app.ctx, 2027, undefined, systemActor, convite.enviar);
    expect(second).toEqual({ enviados: 0, ja_lembrados_hoje: 2, falhas: 1 });
    expect(t.mailer.sent).toHaveLength(1);
    const state = await rodada(s.admin.cookie);
    expect(state.familias.find((row) => row.id === carlaRow.id)!.ultimo_lembrete_em).toBe(
      clock.now().toISOString(),
    );

    // The next day they may be reminded again; through the API, only the families chosen.
    clock.pin('2026-10-06');
    const response = await send('POST', `${URL}/lembretes`, s.admin.cookie, {
      ano_letivo: 2027,
      ids: [carlaRow.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response)).toEqual({ enviados: 1, ja_lembrados_hoje: 0, falhas: 0 });
    expect(messageOf(response)).toBe('1 lembrete enviado.');
    expect(t.mailer.sent).toHaveLength(2);
  });
});

describe('families in default (Lei 9.870, art. 5º) and documents (art. 6º)', () => {
  it('the school chooses to refuse renewal and writes the message; the family is flagged and sees it', async () => {
    const s = await school();
    await overdue(s.ana.id);
    // Off by default: no message, whatever the debt.
    const initial = dataOf<MatriculasConfig>(await get(CONFIG, s.admin.cookie));
    expect(initial).toEqual({
      recusar_inadimplentes: false,
      mensagem_inadimplencia: MENSAGEM_INADIMPLENCIA_PADRAO,
      rematricula_aplica: 'todos',
      version: 0,
    });
    expect(MENSAGEM_INADIMPLENCIA_PADRAO).toContain('Lei 9.870/1999, art. 5º');
    expect(MENSAGEM_INADIMPLENCIA_PADRAO).toMatch(
      /^Consta um débito em aberto nas mensalidades ou na taxa de matrícula do aluno\. /,
    );
    expect(await avisoInadimplencia(t.database.db, s.ana.id)).toBeNull();

    const mensagem =
      'Há mensalidades em aberto. Pela Lei 9.870, art. 5º, a rematrícula depende da regularização: fale com o financeiro.';
    const saved = await send('PUT', CONFIG, s.admin.cookie, {
      recusar_inadimplentes: true,
      mensagem_inadimplencia: mensagem,
      rematricula_aplica: 'todos',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await avisoInadimplencia(t.database.db, s.ana.id)).toBe(mensagem);
    expect(await avisoInadimplencia(t.database.db, s.carla.id)).toBeNull();
    // A stale save is refused; an empty message too.
    expect(
      (
        await send('PUT', CONFIG, s.admin.cookie, {
          recusar_inadimplentes: false,
          mensagem_inadimplencia: mensagem,
          rematricula_aplica: 'todos',
          version: 0,
        })
      ).statusCode,
    ).toBe(412);
    expect(
      (
        await send('PUT', CONFIG, s.admin.cookie, {
          recusar_inadimplentes: true,
          mensagem_inadimplencia: ' ',
          rematricula_aplica: 'todos',
        })
      ).statusCode,
    ).toBe(400);

    // Paid or not yet due is not default; awaiting the school's answer to a comprovante still is, and
    // the family is told it waits for that answer (ADR 0073).
    await t.database.db
      .update(mensalidades)
      .set({ confirmacaoDesde: '2026-10-01' })
      .where(eq(mensalidades.alunoId, s.ana.id));
    expect(await avisoInadimplencia(t.database.db, s.ana.id)).toBe(PAGAMENTO_EM_CONFIRMACAO_REMATRICULA);
    await t.database.db
      .update(mensalidades)
      .set({ confirmacaoDesde: null })
      .where(eq(mensalidades.alunoId, s.ana.id));

    const convite = conviteRegistrado();
    const started = await iniciarRodada(t.app.ctx, 2027, systemActor, convite.enviar);
    // The family still gets the link: the form shows the message (the pré-matrícula part calls avisoInadimplencia).
    expect(started.inadimplentes).toBe(1);
    expect(convite.calls).toHaveLength(2);
    const state = await rodada(s.admin.cookie);
    expect(state.familias.filter((row) => row.inadimplente).map((row) => row.aluno_id)).toEqual([s.ana.id]);
    const [anaRow] = await t.database.db
      .select()
      .from(interessados)
      .where(and(eq(interessados.alunoId, s.ana.id), eq(interessados.tipo, 'rematricula')));
    const notes = await t.database.db
      .select()
      .from(interessadoEventos)
      .where(and(eq(interessadoEventos.interessadoId, anaRow!.id), eq(interessadoEventos.tipo, 'nota')));
    expect(notes[0]!.texto).toMatch(/art\. 5º da Lei 9\.870/);
    // What is counted is any charge overdue, the enrolment fee too: the note says so.
    expect(notes[0]!.texto).toMatch(/^Família com mensalidade ou taxa de matrícula em atraso: /);

    // Through the real link: the form shows the school's message and refuses to be sent while it stands.
    const { url } = await enviarConvite(t.app.ctx, anaRow!.id, systemActor);
    const token = url.slice(url.lastIndexOf('/') + 1);
    const form = await get(`/api/matricula-online/${token}`, '');
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.aviso_inadimplencia).toBe(mensagem);
    const refused = await send('POST', `/api/matricula-online/${token}/enviar`, '', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(mensagem);
    expect((await get(`/api/matricula-online/${token}`, '')).json().data.estado, 'nothing was sent').toBe(
      'rascunho',
    );
  });

  it("any image sent as 'Já paguei' does not lift the refusal: the debt counts until the school confirms", async () => {
    const s = await school();
    await overdue(s.ana.id);
    const [august] = await t.database.db
      .select()
      .from(mensalidades)
      .where(eq(mensalidades.alunoId, s.ana.id));
    await send('PUT', CONFIG, s.admin.cookie, {
      recusar_inadimplentes: true,
      mensagem_inadimplencia: MENSAGEM_INADIMPLENCIA_PADRAO,
      rematricula_aplica: 'todos',
    });
    await iniciarRodada(t.app.ctx, 2027, systemActor, conviteRegistrado().enviar);
    const [anaRow] = await t.database.db
      .select()
      .from(interessados)
      .where(and(eq(interessados.alunoId, s.ana.id), eq(interessados.tipo, 'rematricula')));
    const { url } = await enviarConvite(t.app.ctx, anaRow!.id, systemActor);
    const token = url.slice(url.lastIndexOf('/') + 1);

    // The mother answers 'Já paguei' with any picture: the tuition is em confirmação.
    const file = multipartFile(await sharp(PIXEL).png().toBuffer(), 'foto.png', 'image/png', 'arquivo');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/financeiro/mensalidades/${august!.id}/comprovante`,
      headers: { cookie: s.mae.cookie, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // The school's round and the form still see the debt, and the form is not sent.
    const state = await rodada(s.admin.cookie);
    expect(state.familias.find((row) => row.aluno_id === s.ana.id)?.inadimplente).toBe(true);
    // Still refused; what the form says is that the school has not confirmed the payment yet.
    expect((await get(`/api/matricula-online/${token}`, '')).json().data.aviso_inadimplencia).toBe(
      PAGAMENTO_EM_CONFIRMACAO_REMATRICULA,
    );
    const refused = await send('POST', `/api/matricula-online/${token}/enviar`, '', {});
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(PAGAMENTO_EM_CONFIRMACAO_REMATRICULA);
  });

  it('a guardian in default still gets a declaração and the boletim (art. 6º: documents never withheld)', async () => {
    const s = await school();
    await overdue(s.ana.id);
    await send('PUT', CONFIG, s.admin.cookie, {
      recusar_inadimplentes: true,
      mensagem_inadimplencia: MENSAGEM_INADIMPLENCIA_PADRAO,
      rematricula_aplica: 'assinados',
    });
    expect(await avisoInadimplencia(t.database.db, s.ana.id)).not.toBeNull();
    const declaracao = await send('POST', '/api/documentos', s.mae.cookie, {
      aluno_id: s.ana.id,
      tipo: 'declaracao_matricula',
    });
    expect(declaracao.statusCode, declaracao.body).toBe(201);
    const pdf = await get(`/api/documentos/${dataOf<{ id: string }>(declaracao).id}/pdf`, s.mae.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const boletim = await get(`/api/boletins/alunos/${s.ana.id}?ano=2026`, s.mae.cookie);
    expect(boletim.statusCode, boletim.body).toBe(200);
    const boletimPdf = await get(`/api/boletins/alunos/${s.ana.id}.pdf?ano=2026`, s.mae.cookie);
    expect(boletimPdf.statusCode).toBe(200);
  });
});
