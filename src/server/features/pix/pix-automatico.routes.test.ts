import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DebitoAutomatico, Recorrencia } from '../../../shared/pix-automatico.schemas.js';
import { mensalidades, pagamentos } from '../../db/schema/finance.js';
import { auditLog } from '../../db/schema/audit.js';
import { sessions } from '../../db/schema/auth.js';
import { jobs } from '../../db/schema/jobs.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { pixCobrancasRecorrentes, pixRecorrencias } from '../../db/schema/pix-recorrencias.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { startSimulatedBank, type SimulatedBank } from '../banco-simulado/index.js';
import { familyIn, otherGuardianOf } from '../../test/school-fixtures.js';
import { connectSimulatedBank } from '../../test/pix-fixtures.js';
import { freePort } from '../../test/ports.js';
import { createUserRow, loginAs, requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { userPerfis } from '../../db/schema/perfis.js';
import { builtInPerfilId } from '../perfis/index.js';
import {
  avisarCobrancasNaoEnviadas,
  enviarCobrancasRecorrentes,
  PIX_AUTOMATICO_JOB,
  retirarCobrancasRecorrentes,
  txidDaCobranca,
} from './pix-automatico.sync.js';
import { pixAutomaticoApiOf } from './pix-automatico.service.js';
import { webhookSegredoOf } from './pix-provedor.service.js';
import { WEBHOOK_BODY_LIMIT } from './pix-webhook.routes.js';
import { pixProviderOf } from './pix-provider.service.js';

// Pix Automático end to end: the real adapter against the test bank over mutual TLS, the bank's
// webhooks posted to the app listening on a port.

const port = await freePort();
const t = setupTestApp({ publicUrl: `http://127.0.0.1:${String(port)}` });
const { send, get } = requestsOf(() => t.app);
let bank: SimulatedBank;

beforeAll(async () => {
  bank = await startSimulatedBank({ allowHttpWebhook: true, webhookRetryDelaysMs: [] });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await bank.close();
});
afterEach(() => {
  clock.unpin();
  bank.semPixAutomatico = false;
});

/** What a guardian asks for: up to R$ 2.000,00 a month, from the 10th of March. */
const PEDIDO = { valor_maximo: 200_000, data_inicial: '2026-03-10' };

async function ligar(): Promise<string> {
  const admin = (await signedIn(t, 'administrador')).cookie;
  await connectSimulatedBank(t, bank);
  const config = await send('PUT', '/api/financeiro/pix/automatico/config', admin, {
    ativo: true,
    agencia: '0001',
    conta: '123456',
    tipo_conta: 'CORRENTE',
  });
  expect(config.statusCode, config.body).toBe(200);
  return admin;
}

async function tuition(alunoId: string, mes: string, dataVencimento: string, valor: number) {
  const [row] = await t.database.db
    .insert(mensalidades)
    .values({ alunoId, mesReferencia: mes, dataVencimento, valorOriginal: valor, valor })
    .returning();
  return row!;
}

async function idRecOf(alunoId: string): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(pixRecorrencias)
    .where(eq(pixRecorrencias.alunoId, alunoId));
  return row!.idRec;
}

/** The notifications a user's bell holds. */
const bellOf = (usuarioId: string) =>
  t.database.db.select().from(notificacoes).where(eq(notificacoes.usuarioId, usuarioId));

const debito = (response: { json(): unknown }) => (response.json() as { data: DebitoAutomatico }).data;

async function activeFamily() {
  clock.pin('2026-03-01');
  const admin = await ligar();
  const family = await familyIn(t, null);
  const url = `/api/financeiro/pix/automatico/alunos/${family.child.id}`;
  const asked = await send('POST', url, family.cookie, PEDIDO);
  expect(asked.statusCode, asked.body).toBe(200);
  const idRec = await idRecOf(family.child.id);
  return { admin, family, url, idRec, asked: asked.json<{ data: Recorrencia }>().data };
}

describe('Pix Automático: the guardian authorises monthly debit', () => {
  it('creates the rec with the exact body; the bank app authorises it; the month’s cobr goes in the window; the debit pays the mensalidade once', async () => {
    const { family, url, idRec, asked } = await activeFamily();
    expect(asked.status).toBe('aguardando');
    const rec = bank.rec(idRec)!;
    expect(asked.copia_e_cola).toBe(rec.dadosQR.pixCopiaECola);
    expect(asked.copia_e_cola).toContain(rec.loc.location);
    expect({
      vinculo: rec.vinculo,
      calendario: rec.calendario,
      valor: rec.valor,
      politicaRetentativa: rec.politicaRetentativa,
    }).toEqual({
      vinculo: {
        objeto: 'Mensalidade escolar',
        contrato: `MAT-${family.child.matricula}`,
        devedor: { cpf: family.guardian.cpf, nome: family.guardian.nome },
      },
      calendario: { dataInicial: '2026-03-10', periodicidade: 'MENSAL' },
      valor: { valorMinimoRecebedor: '2000.00' },
      politicaRetentativa: 'NAO_PERMITE',
    });

    await bank.authorizeRec(idRec);
    expect(debito(await get(url, family.cookie))).toMatchObject({
      disponivel: true,
      recorrencia: { status: 'ativa' },
    });

    const marco = await tuition(family.child.id, '2026-03', '2026-03-10', 150_000);
    const abril = await tuition(family.child.id, '2026-04', '2026-04-10', 150_000);
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 1, erros: 0 });
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 0 });
    const txid = txidDaCobranca(marco.id);
    expect(bank.cobr(txid)).toMatchObject({
      idRec,
      status: 'ATIVA',
      valor: { original: '1500.00' },
      calendario: { dataDeVencimento: '2026-03-10' },
      recebedor: { agencia: '0001', conta: '123456', tipoConta: 'CORRENTE' },
    });
    expect(bank.cobr(txidDaCobranca(abril.id))).toBeUndefined();

    clock.pin('2026-03-10');
    const settled = await bank.settleCobr(txid);
    // The PSP delivers the same notice again: still one payment.
    const segredo = await webhookSegredoOf(t.app.ctx);
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${segredo}/cobr`,
      payload: { cobsr: [settled] },
    });
    expect(replay.statusCode).toBe(200);
    const paid = await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, marco.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      valorPago: 150_000,
      principal: 150_000,
      forma: 'pix',
      dataPagamento: '2026-03-10',
    });
    const [after] = await t.database.db.select().from(mensalidades).where(eq(mensalidades.id, marco.id));
    expect(after!.principalPago).toBe(150_000);
    expect(debito(await get(url, family.cookie)).recorrencia?.cobrancas).toMatchObject([
      { mensalidade_id: marco.id, status: 'concluida', valor: 150_000, erro: null },
    ]);
  });

  it('a month cancelled, paid or discounted after its cobr went: the school withdraws the debit, sends what is left again in the window, or tells the family', async () => {
    const { family, url, idRec, admin } = await activeFamily();
    await bank.authorizeRec(idRec);
    const marco = await tuition(family.child.id, '2026-03', '2026-03-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    expect(bank.cobr(txidDaCobranca(marco.id))?.status).toBe('ATIVA');

    // The secretaria cancels the month (the student's fee was waived): the sync the cancellation wakes
    // withdraws the charge, so the family's account is not debited on the 10th.
    const cancelled = await send('POST', `/api/financeiro/mensalidades/${marco.id}/cancelar`, admin, {
      motivo: 'Bolsa integral concedida',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await retirarCobrancasRecorrentes(t.app.ctx)).toEqual({ retiradas: 1, erros: 0 });
    expect(bank.cobr(txidDaCobranca(marco.id))).toMatchObject({ status: 'CANCELADA' });
    expect(debito(await get(url, family.cookie)).recorrencia?.cobrancas).toMatchObject([
      { mensalidade_id: marco.id, status: 'retirada', erro: null },
    ]);
    // Nothing is owed for March: it is not sent again, and the family is not asked to pay.
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 0 });
    expect(await t.database.db.select().from(notificacoes)).toEqual([]);
    expect(await retirarCobrancasRecorrentes(t.app.ctx)).toEqual({ retiradas: 0, erros: 0 });

    // April, paid in cash once its cobr went; on the eve at 23h the bank no longer takes it back: the row
    // says so (the debit, if it comes, waits for the secretaria to refund).
    clock.pin('2026-04-01');
    const abril = await tuition(family.child.id, '2026-04', '2026-04-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    await t.database.db
      .update(mensalidades)
      .set({ principalPago: 150_000 })
      .where(eq(mensalidades.id, abril.id));
    clock.pin(new Date('2026-04-09T23:00:00-03:00'));
    expect(await retirarCobrancasRecorrentes(t.app.ctx)).toEqual({ retiradas: 0, erros: 1 });
    expect(bank.cobr(txidDaCobranca(abril.id))?.status).toBe('ATIVA');
    expect(debito(await get(url, family.cookie)).recorrencia?.cobrancas).toContainEqual(
      expect.objectContaining({
        mensalidade_id: abril.id,
        status: 'ativa',
        erro: expect.stringMatching(/^O banco não cancelou o débito deste mês: /),
      }),
    );

    // May, discounted after its cobr went: the debit would take more than the month is worth.
    clock.pin('2026-05-01');
    const maio = await tuition(family.child.id, '2026-05', '2026-05-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    const discounted = await send('POST', `/api/financeiro/mensalidades/${maio.id}/desconto`, admin, {
      desconto: 30_000,
      motivo: 'Desconto de irmãos',
    });
    expect(discounted.statusCode, discounted.body).toBe(200);
    expect(await retirarCobrancasRecorrentes(t.app.ctx)).toEqual({ retiradas: 1, erros: 0 });
    expect(bank.cobr(txidDaCobranca(maio.id))?.status).toBe('CANCELADA');
    // Still in the window: May is sent again for what is left, under a txid the bank never saw (it
    // refuses a used one), and that is the debit the family's card shows. Two runs at once (the sync and
    // the daily job) send one charge: the second finds the month claimed, or sends the same txid, which
    // the bank refuses — and that refusal does not overwrite the charge sent.
    const runs = await Promise.all([
      enviarCobrancasRecorrentes(t.app.ctx),
      enviarCobrancasRecorrentes(t.app.ctx),
    ]);
    expect(runs.reduce((sum, run) => sum + run.enviadas, 0)).toBe(1);
    expect(bank.cobr(txidDaCobranca(maio.id, 2))).toBeUndefined();
    expect(bank.cobr(txidDaCobranca(maio.id, 1))).toMatchObject({
      status: 'ATIVA',
      valor: { original: '1200.00' },
    });
    expect(debito(await get(url, family.cookie)).recorrencia?.cobrancas).toContainEqual(
      expect.objectContaining({
        mensalidade_id: maio.id,
        txid: txidDaCobranca(maio.id, 1),
        status: 'ativa',
        valor: 120_000,
      }),
    );
    expect(await t.database.db.select().from(notificacoes)).toEqual([]);

    // June, discounted the day before its debit: too late for a new one. The debit is withdrawn and the
    // family is told to pay what is left through the portal's Pix.
    clock.pin('2026-06-01');
    const junho = await tuition(family.child.id, '2026-06', '2026-06-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    clock.pin(new Date('2026-06-09T10:00:00-03:00'));
    const late = await send('POST', `/api/financeiro/mensalidades/${junho.id}/desconto`, admin, {
      desconto: 50_000,
      motivo: 'Desconto de irmãos',
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(await retirarCobrancasRecorrentes(t.app.ctx)).toEqual({ retiradas: 1, erros: 0 });
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 0 });
    expect(bank.cobr(txidDaCobranca(junho.id, 1))).toBeUndefined();
    const bell = await bellOf(family.user.id);
    expect(bell).toMatchObject([
      {
        titulo: 'Débito automático cancelado neste mês',
        texto: expect.stringMatching(
          /junho de 2026 .* mudou para R\$\s1\.000,00, e o débito automático de R\$\s1\.500,00 foi cancelado no banco\. Pague R\$\s1\.000,00 pelo Pix do portal até 10\/06\/2026\./i,
        ),
      },
    ]);
  });

  it('a month the bank never takes a charge for: tried again while the window lasts, then the family is told, once', async () => {
    const { family, url, idRec } = await activeFamily();
    await bank.authorizeRec(idRec);
    clock.pin('2026-04-01');
    const abril = await tuition(family.child.id, '2026-04', '2026-04-10', 150_000);
    bank.failNext('erro500');
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 1 });
    // The window is open: the next run tries again, and the family has nothing to hear yet.
    expect(await avisarCobrancasNaoEnviadas(t.app.ctx)).toBe(0);
    clock.pin('2026-04-08');
    bank.failNext('erro500');
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 1 });
    expect(await avisarCobrancasNaoEnviadas(t.app.ctx)).toBe(0);
    expect(await t.database.db.select().from(notificacoes)).toEqual([]);

    // The day before the due date the window has closed: no debit will come, and the family is told to
    // pay by the portal's Pix — once, whatever the number of runs.
    clock.pin('2026-04-09');
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 0 });
    expect(await avisarCobrancasNaoEnviadas(t.app.ctx)).toBe(1);
    expect(await avisarCobrancasNaoEnviadas(t.app.ctx)).toBe(0);
    expect(bank.cobr(txidDaCobranca(abril.id))).toBeUndefined();
    const bell = await bellOf(family.user.id);
    expect(bell).toMatchObject([
      {
        titulo: 'Débito automático não agendado neste mês',
        texto: expect.stringMatching(
          /^O banco não aceitou o débito automático da mensalidade de abril de 2026 de .*, e ele não será feito\. Pague R\$\s1\.500,00 pelo Pix do portal até 10\/04\/2026\.$/i,
        ),
      },
    ]);
    expect(debito(await get(url, family.cookie)).recorrencia?.cobrancas).toContainEqual(
      expect.objectContaining({ mensalidade_id: abril.id, status: 'nao_enviada', erro: expect.any(String) }),
    );

    // A month paid before the window closed is not announced: nothing is owed.
    clock.pin('2026-05-01');
    const maio = await tuition(family.child.id, '2026-05', '2026-05-10', 150_000);
    bank.failNext('erro500');
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 1 });
    await t.database.db
      .update(mensalidades)
      .set({ principalPago: 150_000 })
      .where(eq(mensalidades.id, maio.id));
    clock.pin('2026-05-09');
    expect(await avisarCobrancasNaoEnviadas(t.app.ctx)).toBe(0);
    expect(await t.database.db.select().from(notificacoes)).toHaveLength(1);
  });

  it('a sending the PSP took while its answer was lost counts as sent: the family is never told to pay a month being debited', async () => {
    const { family, idRec } = await activeFamily();
    await bank.authorizeRec(idRec);
    const psp = (await pixAutomaticoApiOf(t.app.ctx))!;
    const [recorrencia] = await t.database.db
      .select()
      .from(pixRecorrencias)
      .where(eq(pixRecorrencias.idRec, idRec));
    /** The PSP holds the month's charge, and the row says 'erro': the PUT's answer never came. */
    async function lostAnswer(mes: string, vencimento: string, valorNoPsp: string) {
      const month = await tuition(family.child.id, mes, vencimento, 150_000);
      const txid = txidDaCobranca(month.id);
      await psp.api.putCobr(txid, {
        idRec,
        infoAdicional: `Mensalidade ${mes}`,
        calendario: { dataDeVencimento: vencimento },
        valor: { original: valorNoPsp },
        ajusteDiaUtil: false,
        recebedor: { agencia: '0001', conta: '123456', tipoConta: 'CORRENTE' },
      });
      await t.database.db.insert(pixCobrancasRecorrentes).values({
        recorrenciaId: recorrencia!.id,
        mensalidadeId: month.id,
        txid,
        status: 'erro',
        valor: 150_000,
        dataVencimento: vencimento,
        erro: 'O banco não respondeu a tempo.',
      });
      return month;
    }
    const rowOf = async (mensalidadeId: string) =>
      (
        await t.database.db
          .select()
          .from(pixCobrancasRecorrentes)
          .where(eq(pixCobrancasRecorrentes.mensalidadeId, mensalidadeId))
      )[0];

    // In the window: sent again, refused as a used txid — and the PSP's own charge is what the row keeps.
    clock.pin('2026-04-01');
    const abril = await lostAnswer('2026-04', '2026-04-10', '1400.00');
    expect(await enviarCobrancasRecorrentes(t.app.ctx)).toEqual({ enviadas: 0, erros: 0 });
    expect(await rowOf(abril.id)).toMatchObject({ status: 'ativa', valor: 140_000, erro: null });

    // Past the window: no notice, the row follows the PSP.
    clock.pin('2026-05-01');
    const maio = await lostAnswer('2026-05', '2026-05-10', '1500.00');
    clock.pin('2026-05-09');
    expect(await avisarCobrancasNaoEnviadas(t.app.ctx)).toBe(0);
    expect(await rowOf(maio.id)).toMatchObject({ status: 'ativa', valor: 150_000 });
    expect(await t.database.db.select().from(notificacoes)).toEqual([]);
  });

  it('a recurrence cancelled in the payer’s bank is reflected, with its scheduled charge', async () => {
    const { family, url, idRec } = await activeFamily();
    await bank.authorizeRec(idRec);
    const marco = await tuition(family.child.id, '2026-03', '2026-03-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    await bank.cancelRecByPayer(idRec);
    const state = debito(await get(url, family.cookie));
    expect(state.recorrencia).toMatchObject({
      status: 'cancelada',
      encerrada_por: 'banco',
      cobrancas: [{ mensalidade_id: marco.id, status: 'cancelada' }],
    });
    // The mensalidade stays open (the family pays it through the cobv or the static Pix).
    const [row] = await t.database.db.select().from(mensalidades).where(eq(mensalidades.id, marco.id));
    expect(row!.principalPago).toBe(0);
  });

  it('the guardian cancels in the portal (the PSP is told); rejected in the bank app shows rejeitada; another family’s child is a 404', async () => {
    const { family, url, idRec } = await activeFamily();
    const cancelled = await send('POST', `${url}/cancelar`, family.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(bank.rec(idRec)).toMatchObject({
      status: 'CANCELADA',
      encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR' } },
    });
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({
      status: 'cancelada',
      encerrada_por: 'responsavel',
    });

    const again = await send('POST', url, family.cookie, PEDIDO);
    expect(again.statusCode).toBe(200);
    const [second] = await t.database.db
      .select()
      .from(pixRecorrencias)
      .where(and(eq(pixRecorrencias.alunoId, family.child.id), eq(pixRecorrencias.status, 'aguardando')));
    await bank.rejectRec(second!.idRec);
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({ status: 'rejeitada' });

    const other = await familyIn(t, null);
    expect((await get(url, other.cookie)).statusCode).toBe(404);
    expect((await send('POST', `${url}/cancelar`, other.cookie)).statusCode).toBe(404);
  });

  it('once authorised, the month already in the window is sent at once (its job is queued), not at the next daily run', async () => {
    const { family, idRec } = await activeFamily();
    const due = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.kind, PIX_AUTOMATICO_JOB))).filter(
        (job) => job.runAfter <= clock.now(),
      );
    await tuition(family.child.id, '2026-03', '2026-03-10', 150_000);
    expect(await due()).toEqual([]);
    await bank.authorizeRec(idRec);
    expect(await due()).toHaveLength(1);
    // A replayed notice of the same authorisation queues nothing more.
    await bank.authorizeRec(idRec).catch(() => undefined);
    expect(await due()).toHaveLength(1);
  });

  it('the child’s other guardian sees whose account it debits, and may not cancel it; the school may', async () => {
    const { family, url, idRec } = await activeFamily();
    await bank.authorizeRec(idRec);
    const father = await otherGuardianOf(t, family.child.id);
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({
      pedido_por: family.guardian.nome,
      pedido_por_voce: true,
    });
    expect(debito(await get(url, father.cookie)).recorrencia).toMatchObject({
      status: 'ativa',
      pedido_por: family.guardian.nome,
      pedido_por_voce: false,
    });

    const refused = await send('POST', `${url}/cancelar`, father.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('Só quem pediu o débito automático'),
    });
    expect(bank.rec(idRec)).toMatchObject({ status: 'APROVADA' });
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({ status: 'ativa' });
    // Nor ask for a second one on his own account while hers runs: told whose it is and who may end it.
    const second = await send('POST', url, father.cookie, PEDIDO);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: `${family.guardian.nome} já pediu o débito automático deste aluno (ativo). Só quem pediu, ou a secretaria, pode cancelá-lo; depois disso, você pode pedir na sua conta.`,
    });

    const admin = (await signedIn(t, 'administrador')).cookie;
    const byTheSchool = await send('POST', `${url}/cancelar`, admin);
    expect(byTheSchool.statusCode, byTheSchool.body).toBe(200);
    expect(byTheSchool.json()).toMatchObject({ data: { encerrada_por: 'escola', pedido_por_voce: false } });
    expect(debito(await get(url, father.cookie)).recorrencia).toMatchObject({ status: 'cancelada' });
  });

  it('refuses fields it does not know (400), from the guardian and from the school, and creates nothing', async () => {
    clock.pin('2026-03-01');
    const admin = await ligar();
    const family = await familyIn(t, null);
    const url = `/api/financeiro/pix/automatico/alunos/${family.child.id}`;
    const asked = await send('POST', url, family.cookie, { ...PEDIDO, status: 'ativa' });
    expect(asked.statusCode, asked.body).toBe(400);
    expect(await t.database.db.select().from(pixRecorrencias)).toHaveLength(0);
    const config = await send('PUT', '/api/financeiro/pix/automatico/config', admin, {
      ativo: false,
      agencia: null,
      conta: null,
      tipo_conta: null,
      indisponivel: false,
    });
    expect(config.statusCode, config.body).toBe(400);
  });

  it('a teacher’s account given the Financeiro profile reaches no family’s debit (finance’s scope)', async () => {
    const { family, url } = await activeFamily();
    const teacher = await createUserRow(t.database, 'professor');
    await t.database.db
      .insert(userPerfis)
      .values({ usuarioId: teacher.id, perfilId: await builtInPerfilId(t.database.db, 'financeiro') });
    const cookie = await loginAs(t.app, teacher.email);
    // Reading is finance.read, which a teacher's account keeps: the scope answers (not their child).
    expect((await get(url, cookie)).statusCode).toBe(404);
    // Cancelling is finance.manage, staff-only: a teacher's account does not hold it at all (ADR 0025).
    expect((await send('POST', `${url}/cancelar`, cookie)).statusCode).toBe(403);
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({ status: 'aguardando' });
  });

  it('a debit whose webhooks never came is paid by reconciliation, once; the late webhook does nothing more', async () => {
    const { admin, family, idRec } = await activeFamily();
    await bank.authorizeRec(idRec);
    const marco = await tuition(family.child.id, '2026-03', '2026-03-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    const txid = txidDaCobranca(marco.id);
    // The school's server is down on the due date: no webhook arrives.
    const psp = (await pixAutomaticoApiOf(t.app.ctx))!;
    await psp.api.putWebhooks('http://127.0.0.1:9/fora-do-ar');
    await (await pixProviderOf(t.app.ctx))!.api.putWebhook(bank.chave, 'http://127.0.0.1:9/fora-do-ar');
    clock.pin('2026-03-10');
    const settled = await bank.settleCobr(txid);
    // The debit's Pix, as the PSP lists it in GET /pix (the test bank does not list settlements itself).
    await bank.receive({ txid, valor: 150_000, horario: '2026-03-10T09:00:00-03:00' });
    const paidBefore = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, marco.id));
    expect(paidBefore).toHaveLength(0);

    const periodo = { inicio: '2026-03-10T00:00:00-03:00', fim: '2026-03-11T00:00:00-03:00' };
    const run = await send('POST', '/api/financeiro/pix/conciliar', admin, periodo);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ data: { encontrados: 1, registrados: 1, a_conciliar: 0 } });
    const [recebido] = await t.database.db.select().from(pixRecebidos).where(eq(pixRecebidos.txid, txid));
    expect(recebido).toMatchObject({ situacao: 'pago', mensalidadeId: marco.id, motivo: null });

    // The PSP's webhook finally arrives: nothing more.
    const segredo = await webhookSegredoOf(t.app.ctx);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${segredo}/cobr`,
      payload: { cobsr: [settled] },
    });
    expect(late.statusCode).toBe(200);
    const paid = await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, marco.id));
    expect(paid).toEqual([expect.objectContaining({ valorPago: 150_000, forma: 'pix' })]);
    expect(
      debito(await get(`/api/financeiro/pix/automatico/alunos/${family.child.id}`, family.cookie)),
    ).toMatchObject({ recorrencia: { cobrancas: [{ status: 'concluida', erro: null }] } });
  });

  it('a debit paid by its webhook and then found by reconciliation is recorded as paid, not left to reconcile', async () => {
    const { admin, family, idRec } = await activeFamily();
    await bank.authorizeRec(idRec);
    // Another day than the test above: the bank (shared) lists that one's Pix on the 10th.
    const marco = await tuition(family.child.id, '2026-03', '2026-03-20', 150_000);
    clock.pin('2026-03-12');
    await enviarCobrancasRecorrentes(t.app.ctx);
    const txid = txidDaCobranca(marco.id);
    await (await pixProviderOf(t.app.ctx))!.api.putWebhook(bank.chave, 'http://127.0.0.1:9/fora-do-ar');
    clock.pin('2026-03-20');
    await bank.settleCobr(txid);
    await bank.receive({ txid, valor: 150_000, horario: '2026-03-20T09:00:00-03:00' });
    const run = await send('POST', '/api/financeiro/pix/conciliar', admin, {
      inicio: '2026-03-20T00:00:00-03:00',
      fim: '2026-03-21T00:00:00-03:00',
    });
    expect(run.json()).toMatchObject({ data: { encontrados: 1, registrados: 1, a_conciliar: 0 } });
    const paid = await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, marco.id));
    expect(paid).toHaveLength(1);
    const [recebido] = await t.database.db.select().from(pixRecebidos).where(eq(pixRecebidos.txid, txid));
    expect(recebido).toMatchObject({ situacao: 'pago', mensalidadeId: marco.id });
  });

  it('a bad webhook secret is a 404, a body out of shape a 400', async () => {
    await ligar();
    const segredo = await webhookSegredoOf(t.app.ctx);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/pix/webhook/errado/rec',
      payload: { recs: [] },
    });
    expect(wrong.statusCode).toBe(404);
    // Without the secret nothing is learned, not even the body's shape (as /pix: checked before the body).
    for (const path of ['rec', 'cobr']) {
      const probe = await t.app.inject({
        method: 'POST',
        url: `/api/pix/webhook/errado/${path}`,
        payload: { x: 1 },
      });
      expect(probe.statusCode).toBe(404);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${segredo}/cobr`,
      payload: { x: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a webhook call reads no session (as /pix): a cookie sent along is neither resolved nor kept alive', async () => {
    const admin = await ligar();
    const segredo = await webhookSegredoOf(t.app.ctx);
    const lastSeen = async () => (await t.database.db.select().from(sessions)).map((row) => row.lastSeenAt);
    const before = await lastSeen();
    // Past the minute after which any route that reads a session moves its idle deadline.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 });
    try {
      for (const [path, payload] of [
        ['rec', { recs: [] }],
        ['cobr', { cobsr: [] }],
      ] as const) {
        const answer = await t.app.inject({
          method: 'POST',
          url: `/api/pix/webhook/${segredo}/${path}`,
          headers: { cookie: admin },
          payload,
        });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
    } finally {
      vi.useRealTimers();
    }
    expect(await lastSeen()).toEqual(before);
  });

  it('a body over the webhook limit (1 MB, as /pix) is a 413 before the handler (which answers 200 to these bodies)', async () => {
    await ligar();
    const segredo = await webhookSegredoOf(t.app.ctx);
    // Above WEBHOOK_BODY_LIMIT and below the application's 1 MiB, which alone let it in.
    const filler = 'x'.repeat(WEBHOOK_BODY_LIMIT + 100);
    for (const [path, body] of [
      ['rec', { recs: [{ idRec: 'RR1234567820260301abcdefghijk', status: 'APROVADA' }], filler }],
      ['cobr', { cobsr: [], filler }],
    ] as const) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/pix/webhook/${segredo}/${path}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(answer.statusCode, path).toBe(413);
      expect(answer.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    }
  });
});

describe('Pix Automático: a student who leaves', () => {
  it('takes no debit along: transferring ends the recurrence in the portal and at the PSP, with its charge', async () => {
    const { admin, family, url, idRec } = await activeFamily();
    await bank.authorizeRec(idRec);
    await tuition(family.child.id, '2026-03', '2026-03-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    // Enrolled before the (pinned) day it leaves: the fixture's row takes the database's date.
    await t.database.db
      .update(students)
      .set({ dataMatricula: '2026-02-01' })
      .where(eq(students.id, family.child.id));
    const transfer = await send('PATCH', `/api/alunos/${family.child.id}/status`, admin, {
      status: 'transferido',
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json()).toMatchObject({
      message:
        'Status alterado para Transferido. O débito automático (Pix Automático) da família foi cancelado.',
    });
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({
      status: 'cancelada',
      encerrada_por: 'escola',
      cobrancas: [{ status: 'cancelada' }],
    });
    // The PSP is told once the transfer commits.
    await vi.waitFor(() => expect(bank.rec(idRec)).toMatchObject({ status: 'CANCELADA' }));
  });
});

describe('Pix Automático: the debit follows who the family is', () => {
  it('a guardian unlinked from the child takes their debit along: ended in the portal and at the PSP', async () => {
    const { family, url } = await activeFamily();
    // The father asks for it from his own account; the mother is the principal guardian.
    await send('POST', `${url}/cancelar`, family.cookie);
    const father = await otherGuardianOf(t, family.child.id);
    const asked = await send('POST', url, father.cookie, PEDIDO);
    expect(asked.statusCode, asked.body).toBe(200);
    const [fathers] = await t.database.db
      .select()
      .from(pixRecorrencias)
      .where(eq(pixRecorrencias.id, asked.json<{ data: Recorrencia }>().data.id));
    const idRec = fathers!.idRec;
    await bank.authorizeRec(idRec);
    const admin = (await signedIn(t, 'administrador')).cookie;
    const unlinked = await send(
      'DELETE',
      `/api/alunos/${family.child.id}/responsaveis/${father.guardian.id}`,
      admin,
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json()).toMatchObject({
      message:
        'Responsável desvinculado do aluno. O débito automático (Pix Automático) da conta deste responsável foi cancelado.',
    });
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({
      status: 'cancelada',
      encerrada_por: 'escola',
    });
    await vi.waitFor(() => expect(bank.rec(idRec)).toMatchObject({ status: 'CANCELADA' }));

    // Unlinking a guardian with no debit says nothing of one, and ends no one else's.
    const again = await send('POST', url, family.cookie, PEDIDO);
    expect(again.statusCode, again.body).toBe(200);
    const uncle = await otherGuardianOf(t, family.child.id);
    const plain = await send(
      'DELETE',
      `/api/alunos/${family.child.id}/responsaveis/${uncle.guardian.id}`,
      admin,
    );
    expect(plain.json()).toMatchObject({ message: 'Responsável desvinculado do aluno.' });
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({ status: 'aguardando' });
  });

  it('no debit is asked for a child who left the school (409)', async () => {
    const { family, url } = await activeFamily();
    await send('POST', `${url}/cancelar`, family.cookie);
    await t.database.db
      .update(students)
      .set({ status: 'transferido' })
      .where(eq(students.id, family.child.id));
    const asked = await send('POST', url, family.cookie, PEDIDO);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({
      message:
        'Este aluno não está mais ativo na escola: não há mensalidades para debitar. Fale com a secretaria.',
    });
  });

  it('asked twice at once (a double tap): one debit, the other a 409, and nothing left at the PSP', async () => {
    clock.pin('2026-03-01');
    await ligar();
    const family = await familyIn(t, null);
    const url = `/api/financeiro/pix/automatico/alunos/${family.child.id}`;
    const created = () => bank.stats.requests['POST /rec'] ?? 0;
    const cancelled = () => bank.stats.requests['PATCH /rec/{idRec}'] ?? 0;
    const [createdBefore, cancelledBefore] = [created(), cancelled()];
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', url, family.cookie, PEDIDO)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(
      codes.every((code) => code === 200 || code === 409),
      JSON.stringify(codes),
    ).toBe(true);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    const live = await t.database.db
      .select()
      .from(pixRecorrencias)
      .where(eq(pixRecorrencias.alunoId, family.child.id));
    expect(live).toHaveLength(1);
    // Every authorisation the losers created at the PSP was withdrawn there.
    const losers = created() - createdBefore - 1;
    expect(cancelled() - cancelledBefore).toBe(losers);
    expect(bank.rec(live[0]!.idRec)?.status).not.toBe('CANCELADA');
  });

  it('cancelled twice at once: ended once, audited once', async () => {
    const { family, url } = await activeFamily();
    const answers = await Promise.all([1, 2].map(() => send('POST', `${url}/cancelar`, family.cookie)));
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'cancelar_debito_automatico'));
    expect(audits).toHaveLength(1);
  });
});

describe('Pix Automático: a notice is checked with the PSP (ADR 0082)', () => {
  it('a forged notice changes nothing: what the PSP answers is applied, not what was posted', async () => {
    const { family, idRec, url } = await activeFamily();
    await bank.authorizeRec(idRec);
    const marco = await tuition(family.child.id, '2026-03', '2026-03-10', 150_000);
    await enviarCobrancasRecorrentes(t.app.ctx);
    const charge = bank.cobr(txidDaCobranca(marco.id))!;
    const segredo = await webhookSegredoOf(t.app.ctx);
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/pix/webhook/${segredo}/${path}`, payload });

    // Said settled while the PSP holds it active, and a charge the PSP never had: nothing is paid.
    const forged = { ...charge, status: 'CONCLUIDA', valor: { original: '1.00' } };
    const unknown = { ...forged, txid: `r${'X'.repeat(30)}` };
    expect((await post('cobr', { cobsr: [forged, unknown] })).statusCode).toBe(200);
    const paid = await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, marco.id));
    expect(paid).toEqual([]);
    // Said cancelled by the payer while the PSP holds it approved: the family's debit goes on.
    const rec = bank.rec(idRec)!;
    expect((await post('rec', { recs: [{ ...rec, status: 'CANCELADA' }] })).statusCode).toBe(200);
    expect(debito(await get(url, family.cookie)).recorrencia).toMatchObject({ status: 'ativa' });

    // The PSP's own notice, settled for real, pays the month once, with the PSP's amount.
    clock.pin('2026-03-10');
    await post('cobr', { cobsr: [{ ...(await bank.settleCobr(charge.txid)), valor: { original: '1.00' } }] });
    const settled = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, marco.id));
    expect(settled).toEqual([expect.objectContaining({ valorPago: 150_000, forma: 'pix' })]);
  });
});

describe('Pix Automático: a provider without it', () => {
  it('hides the option when the PSP answers 404 on /rec, and when the school has it off', async () => {
    clock.pin('2026-03-01');
    const family = await familyIn(t, null);
    const url = `/api/financeiro/pix/automatico/alunos/${family.child.id}`;
    expect(debito(await get(url, family.cookie))).toEqual({ disponivel: false, recorrencia: null });

    bank.semPixAutomatico = true;
    const admin = await ligar();
    const config = await get('/api/financeiro/pix/automatico/config', admin);
    expect(config.json()).toMatchObject({ data: { ativo: true, indisponivel: true } });
    expect(debito(await get(url, family.cookie))).toEqual({ disponivel: false, recorrencia: null });
    const asked = await send('POST', url, family.cookie, PEDIDO);
    expect(asked.statusCode).toBe(409);
  });
});
