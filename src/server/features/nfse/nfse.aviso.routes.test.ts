import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Nfse, NfseList } from '../../../shared/fiscal.schemas.js';
import { entregas, notificacaoPreferencias, notificacoes } from '../../db/schema/notificacoes.js';
import { mensalidades } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { createUserRow, requestsOf, setupTestApp } from '../../test/test-app.js';
import { nfseSimulator, simulatedSettings } from './nfse.test-setup.js';
import { TITULO_NFSE_EMITIDA } from './nfse.aviso.js';

/** The family learns by e-mail that a note was issued to them (not only in Financeiro's history). */
const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const sim = nfseSimulator(t);
let proximaDps = 5001;

const competencia = () => clock.today().slice(0, 7);

/** A guardian with a portal account, their child and this month's tuition of R$ 850,00. */
async function familia() {
  const user = await createUserRow(t.database, 'responsavel');
  const guardian = await insertGuardian(t, user.id);
  const turma = await insertClass(t, null, 200, { anoLetivo: competencia().slice(0, 4) });
  const aluno = await insertStudent(t, turma.id, guardian.id);
  await t.database.db.insert(mensalidades).values({
    alunoId: aluno.id,
    turmaId: turma.id,
    mesReferencia: competencia(),
    dataVencimento: `${competencia()}-10`,
    valorOriginal: 85_000,
    valor: 85_000,
  });
  return { user, aluno };
}

async function emitirNotas(): Promise<Nfse[]> {
  const settings = simulatedSettings(sim.simulada, (proximaDps += 100));
  expect((await send('PUT', '/api/fiscal/configuracao', sim.admin, settings)).statusCode).toBe(200);
  const response = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: competencia() });
  expect(response.statusCode, response.body).toBe(200);
  await t.app.ctx.jobs.drain();
  return dataOf<NfseList>(await get(`/api/fiscal/nfse?competencia=${competencia()}`, sim.admin));
}

const emailsTo = (usuarioId: string) =>
  t.database.db
    .select()
    .from(entregas)
    .where(eq(entregas.usuarioId, usuarioId))
    .then((rows) => rows.filter((row) => row.canal === 'email'));

describe('an issued NFS-e is e-mailed to its tomador', () => {
  it('with the number, the month, the amount and a link to Financeiro; no attachment', async () => {
    const { user, aluno } = await familia();
    const [nota] = await emitirNotas();
    expect(nota?.status, nota?.motivo ?? '').toBe('emitida');
    const emails = await emailsTo(user.id);
    expect(emails).toHaveLength(1);
    const [ano, mes] = competencia().split('-');
    const mesNome = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(Number(ano), Number(mes) - 1, 1)),
    );
    expect(emails[0]).toMatchObject({
      destino: user.email,
      assunto: `${TITULO_NFSE_EMITIDA} — nº ${nota!.numero!}`,
    });
    expect(emails[0]!.texto).toContain(
      `A escola emitiu a nota fiscal de serviço (NFS-e) nº ${nota!.numero!} da mensalidade de ${mesNome} de ${ano!} de ${aluno.nome}, no valor de R$ 850,00.`,
    );
    expect(emails[0]!.texto).toContain('/dashboard/financeiro');
    // The bell says it too.
    const bell = await t.database.db.select().from(notificacoes).where(eq(notificacoes.usuarioId, user.id));
    expect(bell.map((row) => row.titulo)).toEqual([TITULO_NFSE_EMITIDA]);
  });

  it('a guardian who turned tuition e-mails off gets only the bell', async () => {
    const { user } = await familia();
    await t.database.db
      .insert(notificacaoPreferencias)
      .values({ usuarioId: user.id, tipo: 'mensalidade', email: false });
    const [nota] = await emitirNotas();
    expect(nota?.status).toBe('emitida');
    expect(await emailsTo(user.id)).toEqual([]);
    const bell = await t.database.db.select().from(notificacoes).where(eq(notificacoes.usuarioId, user.id));
    expect(bell).toHaveLength(1);
  });
});
