/**
 * Who a note is issued to (ADR 0114), against the project's NFS-e simulator: a month paid by two
 * guardians is one note per payer for what each paid; the part still open goes to the responsável
 * financeiro today; a note already live is never doubled.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Nfse, NfseList, NfseLote, NfseXml } from '../../../shared/fiscal.schemas.js';
import { mensalidades, pagamentos } from '../../db/schema/finance.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { CPF_REJEITADO } from '../nfse-simulado/index.js';
import { nfseSimulator, simulatedSettings } from './nfse.test-setup.js';

/** This month's (the A1 certificate is valid from today): a competência is never in the future. */
const COMPETENCIA = clock.today().slice(0, 7);

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const sim = nfseSimulator(t);
/** The simulator lives across tests (the database does not): each test numbers its DPS apart. */
let proximaDps = 5_000;

beforeEach(async () => {
  const input = simulatedSettings(sim.simulada, (proximaDps += 100));
  const saved = await send('PUT', '/api/fiscal/configuracao', sim.admin, input);
  if (saved.statusCode !== 200) throw new Error(`Configurações fiscais recusadas: ${saved.body}`);
});

/** A student whose principal is `principal`, another guardian `outro`, and March's R$ 850,00. */
async function familia() {
  const turma = await insertClass(t, null, 200, { anoLetivo: COMPETENCIA.slice(0, 4) });
  const principal = await insertGuardian(t);
  const outro = await insertGuardian(t);
  const aluno = await insertStudent(t, turma.id, principal.id);
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId: aluno.id, responsavelId: outro.id, parentesco: 'pai', ehPrincipal: false });
  const [mes] = await t.database.db
    .insert(mensalidades)
    .values({
      alunoId: aluno.id,
      turmaId: turma.id,
      mesReferencia: COMPETENCIA,
      dataVencimento: `${COMPETENCIA}-10`,
      valorOriginal: 85_000,
      valor: 85_000,
    })
    .returning();
  return { principal, outro, mes: mes! };
}

/** A payment of `principal` centavos by `pagadorId`, as applyPayment records it. */
async function pagar(mensalidadeId: string, principal: number, pagadorId: string, dia: string) {
  await t.database.db.insert(pagamentos).values({
    mensalidadeId,
    valorPago: principal,
    principal,
    multa: 0,
    juros: 0,
    dataPagamento: `${COMPETENCIA}-${dia}`,
    forma: 'pix',
    pagadorId,
  });
  await t.database.db
    .update(mensalidades)
    .set({ principalPago: sql`${mensalidades.principalPago} + ${principal}` })
    .where(eq(mensalidades.id, mensalidadeId));
}

async function emitir(): Promise<NfseLote> {
  const response = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: COMPETENCIA });
  expect(response.statusCode, response.body).toBe(200);
  await t.app.ctx.jobs.drain();
  return dataOf<NfseLote>(response);
}

async function notas(): Promise<Nfse[]> {
  return dataOf<NfseList>(await get(`/api/fiscal/nfse?competencia=${COMPETENCIA}`, sim.admin));
}

const cpfDe = (cpf: string | null) => cpf?.replace(/\D/g, '') ?? null;
const vivas = (list: Nfse[]) =>
  list
    .filter((nota) => nota.status !== 'rejeitada' && nota.status !== 'cancelada')
    .map((nota) => [nota.tomador.nome, nota.valor, nota.status])
    .sort((a, b) => Number(a[1]) - Number(b[1]));

describe('NFS-e: the tomador is who paid (ADR 0114)', () => {
  it('a month paid by two guardians is one note per payer for what each paid, each DPS naming its part', async () => {
    const { principal, outro, mes } = await familia();
    await pagar(mes.id, 40_000, outro.id, '01');
    await pagar(mes.id, 45_000, principal.id, '02');
    const lote = await emitir();
    expect(lote.total).toBe(2);
    const list = await notas();
    expect(vivas(list)).toEqual([
      [outro.nome, 40_000, 'emitida'],
      [principal.nome, 45_000, 'emitida'],
    ]);
    const doOutro = list.find((nota) => nota.tomador.nome === outro.nome)!;
    expect(doOutro.tomador.cpf).toBe(cpfDe(outro.cpf));
    const xml = dataOf<NfseXml>(await get(`/api/fiscal/nfse/${doOutro.id}/xml`, sim.admin));
    expect(xml.dps).toContain(`<CPF>${cpfDe(outro.cpf)}</CPF>`);
    expect(xml.dps).toContain('<vServ>400.00</vServ>');
    expect(xml.dps).toContain('(parte de R$ 400,00 do total de R$ 850,00)');
    // Emitting again creates nothing: each payer has their live note.
    expect((await emitir()).total).toBe(0);
  });

  it('a month partly paid by a former payer: their part to them, what is open to the principal today', async () => {
    const { principal, outro, mes } = await familia();
    await pagar(mes.id, 30_000, outro.id, '01');
    await emitir();
    expect(vivas(await notas())).toEqual([
      [outro.nome, 30_000, 'emitida'],
      [principal.nome, 55_000, 'emitida'],
    ]);
  });

  it('a month not paid yet is one note to the principal, and a payment after it does not double it', async () => {
    const { principal, outro, mes } = await familia();
    await emitir();
    expect(vivas(await notas())).toEqual([[principal.nome, 85_000, 'emitida']]);
    // Paid afterwards by the other guardian: the note issued is kept as it was, none is added.
    await pagar(mes.id, 85_000, outro.id, '03');
    expect((await emitir()).total).toBe(0);
    expect(vivas(await notas())).toEqual([[principal.nome, 85_000, 'emitida']]);
  });

  it('one payer’s note rejected: the next batch issues that part again, and only it', async () => {
    const { principal, outro, mes } = await familia();
    await pagar(mes.id, 40_000, outro.id, '01');
    await pagar(mes.id, 45_000, principal.id, '02');
    await t.database.db.update(guardians).set({ cpf: CPF_REJEITADO }).where(eq(guardians.id, outro.id));
    await emitir();
    const first = await notas();
    expect(first.find((nota) => nota.tomador.nome === outro.nome)).toMatchObject({
      status: 'rejeitada',
      codigo: 'S101',
    });
    await t.database.db.update(guardians).set({ cpf: outro.cpf }).where(eq(guardians.id, outro.id));
    expect((await emitir()).total).toBe(1);
    expect(vivas(await notas())).toEqual([
      [outro.nome, 40_000, 'emitida'],
      [principal.nome, 45_000, 'emitida'],
    ]);
  });

  it('reversing one payer’s payment looks at that payer’s note, not the other guardian’s', async () => {
    const { principal, outro, mes } = await familia();
    await pagar(mes.id, 40_000, outro.id, '01');
    await pagar(mes.id, 45_000, principal.id, '02');
    await emitir();
    const payments = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, mes.id));
    const doOutro = payments.find((row) => row.pagadorId === outro.id)!;
    const doPrincipal = payments.find((row) => row.pagadorId === principal.id)!;
    const estornar = (pagamentoId: string) =>
      send('POST', `/api/financeiro/mensalidades/${mes.id}/pagamentos/${pagamentoId}/estorno`, sim.admin, {
        motivo: 'Pagamento lançado no irmão errado',
      });

    // The other guardian's note still live: their payment waits for it to be cancelled.
    const refused = await estornar(doOutro.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`para ${outro.nome})`);
    const nota = (await notas()).find((item) => item.tomador.nome === outro.nome)!;
    const cancel = await send('POST', `/api/fiscal/nfse/${nota.id}/cancelar`, sim.admin, {
      motivo: 'Pagamento lançado no irmão errado',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // Their note cancelled, their payment is reversed, though the principal's note is still issued.
    const reversed = await estornar(doOutro.id);
    expect(reversed.statusCode, reversed.body).toBe(200);
    // The principal's payment is still in their live note.
    const kept = await estornar(doPrincipal.id);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toContain(`para ${principal.nome})`);
  });
});
