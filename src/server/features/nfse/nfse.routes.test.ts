import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  FiscalConfiguracao,
  FiscalConfiguracaoInput,
  Nfse,
  NfseList,
  NfseLote,
  NfseSituacao,
  NfseXml,
} from '../../../shared/fiscal.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { fiscalConfig, nfse } from '../../db/schema/fiscal.js';
import { mensalidades, pagamentos } from '../../db/schema/finance.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { jobs } from '../../db/schema/jobs.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import {
  createUserRow,
  loginAs,
  MemoryLog,
  requestsOf,
  setupTestApp,
  signedIn,
} from '../../test/test-app.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';
import { ensureBuiltInPerfis } from '../perfis/index.js';
import { chaveValida, CPF_REJEITADO, gerarA1 } from '../nfse-simulado/index.js';
import { verificarAssinatura } from './assinatura.js';
import { base64Of, withMacIterations } from '../../test/pkcs12-fixtures.js';
import { boxOf, SEALED } from './fiscal-config.service.js';
import { CNPJ, nfseSimulator, SENHA, simulatedSettings } from './nfse.test-setup.js';
import { validarXsd } from './xsd.js';

const log = new MemoryLog();
const t = setupTestApp({}, { logStream: log });
const { send, get } = requestsOf(() => t.app);
const sim = nfseSimulator(t);

function configuracao(overrides: Partial<FiscalConfiguracaoInput> = {}): FiscalConfiguracaoInput {
  return { ...simulatedSettings(sim.simulada, (proximaDps += 100)), ...overrides };
}

const competencia = () => clock.today().slice(0, 7);

/** The simulator lives across tests (the database does not): each test numbers its DPS apart. */
let proximaDps = 1;

function proximoMes(): string {
  const [ano, mes] = competencia().split('-').map(Number);
  return mes === 12 ? `${ano! + 1}-01` : `${ano}-${String(mes! + 1).padStart(2, '0')}`;
}

/** A school with `n` students of one guardian each and their mensalidades of this month. */
async function escola(n: number, valor = 85000) {
  const turma = await insertClass(t, null, 200, { anoLetivo: competencia().slice(0, 4) });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const guardian = await insertGuardian(t);
    const aluno = await insertStudent(t, turma.id, guardian.id);
    const [m] = await t.database.db
      .insert(mensalidades)
      .values({
        alunoId: aluno.id,
        turmaId: turma.id,
        mesReferencia: competencia(),
        dataVencimento: `${competencia()}-10`,
        valorOriginal: valor,
        valor,
      })
      .returning();
    ids.push(m!.id);
  }
  return ids;
}

/** A staff account with the built-in Financeiro profile only, signed in. */
async function financeStaff(): Promise<string> {
  await ensureBuiltInPerfis(t.database.db);
  const [perfil] = await t.database.db.select().from(perfis).where(eq(perfis.chave, 'financeiro'));
  const user = await createUserRow(t.database, 'administrador');
  await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId: perfil!.id });
  return loginAs(t.app, user.email);
}

/** The administrator saves Configurações → Fiscal: `configuracao(overrides)`, as it answers. */
const salvarConfiguracao = (overrides: Partial<FiscalConfiguracaoInput> = {}) =>
  send('PUT', '/api/fiscal/configuracao', sim.admin, configuracao(overrides));

async function configurar(overrides: Partial<FiscalConfiguracaoInput> = {}) {
  const response = await salvarConfiguracao(overrides);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<FiscalConfiguracao>(response);
}

async function emitir(): Promise<NfseLote> {
  const response = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: competencia() });
  expect(response.statusCode, response.body).toBe(200);
  const lote = dataOf<NfseLote>(response);
  await t.app.ctx.jobs.drain();
  return lote;
}

async function notas(): Promise<Nfse[]> {
  const response = await get(`/api/fiscal/nfse?competencia=${competencia()}`, sim.admin);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<NfseList>(response);
}

describe('Configurações → Fiscal: the A1 certificate', () => {
  it('opens the .pfx, keeps it sealed and never returns it (GET, table bytes, logs, audit)', async () => {
    const input = configuracao();
    const saved = await configurar();
    expect(saved).toMatchObject({
      tem_certificado: true,
      configurada: true,
      cnpj: CNPJ,
      aliquota_iss_percentual: 2.5,
    });
    expect(saved.certificado).toMatchObject({ cnpj: CNPJ, titular: `ESCOLA DE TESTE LTDA:${CNPJ}` });
    const response = await get('/api/fiscal/configuracao', sim.admin);
    const pfxBytes = Buffer.from(input.certificado_pfx ?? '', 'base64');
    const keyMarker = pfxBytes.subarray(40, 80).toString('base64');
    for (const text of [response.body, log.text()]) {
      expect(text).not.toContain(input.certificado_pfx);
      expect(text).not.toContain(SENHA);
      expect(text).not.toContain('PRIVATE KEY');
    }
    const raw = await t.database.db.execute(sql`select t::text as linha from fiscal_config t`);
    const linha = String((raw as { rows: { linha: string }[] }).rows[0]?.linha);
    expect(linha).toContain('v1:');
    expect(linha).not.toContain(input.certificado_pfx);
    expect(linha).not.toContain(keyMarker);
    expect(linha).not.toContain(SENHA);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'fiscal_configuracao'));
    expect(JSON.stringify(audit)).not.toContain(SENHA);
    // A PUT without the certificate keeps the stored one.
    const again = await send('PUT', '/api/fiscal/configuracao', sim.admin, {
      ...configuracao(),
      certificado_pfx: '',
      senha_certificado: null,
      version: saved.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<FiscalConfiguracao>(again).tem_certificado).toBe(true);
  });

  it('refuses a wrong password, a file that is not a certificate, another CNPJ, bad CNPJ and IBGE codes', async () => {
    const wrong = await salvarConfiguracao({ senha_certificado: 'errada' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Senha do certificado incorreta.');
    const junk = await salvarConfiguracao({ certificado_pfx: Buffer.from('nada').toString('base64') });
    expect(junk.statusCode).toBe(422);
    const outro = gerarA1(sim.simulada.ac, { cnpj: '11444777000161', senha: SENHA });
    const other = await salvarConfiguracao({ certificado_pfx: outro.pfxBase64 });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toContain('11444777000161');
    const cnpj = await salvarConfiguracao({ cnpj: '11.222.333/0001-82' });
    expect(cnpj.statusCode).toBe(400);
    const ibge = await salvarConfiguracao({ municipio_ibge: '3550309' });
    expect(ibge.statusCode).toBe(400);
    const normal = await salvarConfiguracao({ regime: 'normal' });
    expect(normal.statusCode).toBe(400);
    // The calls carry the school's certificate: only to an https:// address.
    for (const url of ['http://169.254.169.254/latest/', 'ftp://sefin.example/']) {
      const plain = await salvarConfiguracao({ url_producao_restrita: url });
      expect([url, plain.statusCode]).toEqual([url, 400]);
      expect(plain.json().details).toEqual([
        { path: 'url_producao_restrita', message: 'Use um endereço https://' },
      ]);
    }
    const current = dataOf<FiscalConfiguracao>(await get('/api/fiscal/configuracao', sim.admin));
    expect(current.tem_certificado).toBe(false);
  });
});

describe('Configurações → Fiscal: a .pfx that names a huge iteration count (ADR 0093)', () => {
  const ITERACOES = /iterações fora do comum \(1\.000\.000\)/;
  const hostil = () =>
    base64Of(
      withMacIterations(
        Buffer.from(gerarA1(sim.simulada.ac, { cnpj: CNPJ, senha: SENHA }).pfxBase64, 'base64').toString(
          'binary',
        ),
        1_000_000,
      ),
    );

  it('is refused on upload with a 422 that says why, even with a wrong password', async () => {
    const response = await salvarConfiguracao({ certificado_pfx: hostil(), senha_certificado: 'errada' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(ITERACOES);
    expect(response.json().details).toEqual([{ path: 'certificado_pfx', message: response.json().message }]);
    expect(dataOf<FiscalConfiguracao>(await get('/api/fiscal/configuracao', sim.admin)).tem_certificado).toBe(
      false,
    );
  });

  it('stored before the check existed, it fails fast when reopened for emission', async () => {
    await configurar();
    await t.database.db
      .update(fiscalConfig)
      .set({ certificadoCifrado: boxOf(t.app.ctx).seal(hostil(), SEALED.certificado) });
    const response = await get('/api/fiscal/nfse/situacao', sim.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<NfseSituacao>(response)).toMatchObject({
      pronta: false,
      motivo: expect.stringMatching(ITERACOES),
    });
    const refused = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: competencia() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(ITERACOES);
  });
});

describe('NFS-e of a competência, through the simulated national API (HTTPS + mTLS)', () => {
  it('emits one note per mensalidade: emitida with a 50-digit chave, the signed DPS valid against the XSD', async () => {
    const ids = await escola(2);
    await configurar({ proximo_numero_dps: 41 });
    const lote = await emitir();
    expect(lote.total).toBe(2);
    const list = await notas();
    expect(list).toHaveLength(2);
    for (const nota of list) {
      expect(nota.status, nota.motivo ?? '').toBe('emitida');
      expect(nota.chave_acesso).toMatch(/^\d{50}$/);
      expect(chaveValida(nota.chave_acesso ?? '')).toBe(true);
      expect(nota.chave_acesso?.slice(0, 7)).toBe('3550308');
      expect(nota.chave_acesso?.slice(9, 23)).toBe(CNPJ);
      expect(nota.numero).toMatch(/^\d+$/);
      expect(ids).toContain(nota.mensalidade_id);
    }
    expect(list.map((nota) => nota.numero_dps).sort()).toEqual([41, 42]);
    const xml = dataOf<NfseXml>(await get(`/api/fiscal/nfse/${list[0]!.id}/xml`, sim.admin));
    expect(await validarXsd(xml.dps ?? '', 'DPS_v1.01.xsd')).toEqual({ valido: true, erros: [] });
    expect(verificarAssinatura(xml.dps ?? '', 'infDPS').valida).toBe(true);
    expect(xml.nfse).toContain(`<infNFSe Id="NFS${list[0]!.chave_acesso}"`);
    expect(xml.dps).toContain('Mensalidade escolar de');
    const [config] = await t.database.db.select().from(fiscalConfig);
    expect(config?.proximoNumeroDps).toBe(43);
    // Emitting again creates nothing: each mensalidade has its live note.
    const again = await emitir();
    expect(again.total).toBe(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'nfse'));
    // Two batches and two notes.
    expect(audit.filter((entry) => entry.action === 'emitir').length).toBe(4);
  });

  it('a month paid before a change of responsável financeiro is issued to who paid it (ADR 0112)', async () => {
    const [paga, aberta] = await escola(2);
    await configurar();
    const db = t.database.db;
    const rows = await db.select().from(mensalidades);
    const byId = (id: string) => rows.find((row) => row.id === id)!;
    const principalOf = async (alunoId: string) =>
      (await db.select().from(studentGuardians).where(eq(studentGuardians.alunoId, alunoId)))[0]!;
    const antes = await principalOf(byId(paga!).alunoId);
    await db.insert(pagamentos).values({
      mensalidadeId: paga!,
      valorPago: 85000,
      principal: 85000,
      multa: 0,
      juros: 0,
      dataPagamento: `${competencia()}-05`,
      forma: 'pix',
      pagadorId: antes.responsavelId,
    });
    await db.update(mensalidades).set({ principalPago: 85000 }).where(eq(mensalidades.id, paga!));
    // Both children change payer before the batch: the paid month keeps its payer, the open one the new.
    const novos = new Map<string, string>();
    for (const id of [paga!, aberta!]) {
      const alunoId = byId(id).alunoId;
      const novo = await insertGuardian(t);
      await db
        .update(studentGuardians)
        .set({ ehPrincipal: false })
        .where(eq(studentGuardians.alunoId, alunoId));
      await db
        .insert(studentGuardians)
        .values({ alunoId, responsavelId: novo.id, parentesco: 'pai', ehPrincipal: true });
      novos.set(id, novo.nome);
    }
    await emitir();
    const tomadores = new Map((await notas()).map((nota) => [nota.mensalidade_id, nota.tomador.nome]));
    const [quemPagou] = await db.select().from(guardians).where(eq(guardians.id, antes.responsavelId));
    expect(tomadores.get(paga!)).toBe(quemPagou!.nome);
    expect(tomadores.get(aberta!)).toBe(novos.get(aberta!));
  });

  it('a rejection keeps its code and reason; the next batch emits that mensalidade again with a new DPS number', async () => {
    const [id] = await escola(1);
    await configurar();
    const [m] = await t.database.db.select().from(mensalidades).where(eq(mensalidades.id, id!));
    const [row] = await t.database.db.select().from(nfse);
    expect(row).toBeUndefined();
    // The simulator's documented trigger: this tomador CPF is 'irregular' (S101).
    await t.database.db.execute(
      sql`update ${guardians} set cpf = ${CPF_REJEITADO} where id in (select responsavel_id from student_guardians where aluno_id = ${m!.alunoId})`,
    );
    await emitir();
    const [rejeitada] = await notas();
    expect(rejeitada).toMatchObject({ status: 'rejeitada', codigo: 'S101' });
    expect(rejeitada?.motivo).toContain('CPF do tomador');
    await t.database.db.execute(
      sql`update ${guardians} set cpf = '52998224725' where id in (select responsavel_id from student_guardians where aluno_id = ${m!.alunoId})`,
    );
    const lote = await emitir();
    expect(lote.total).toBe(1);
    const list = await notas();
    expect(list.map((nota) => nota.status).sort()).toEqual(['emitida', 'rejeitada']);
    expect(new Set(list.map((nota) => nota.numero_dps)).size).toBe(2);
  });

  it('retries after a 5xx: the note waits as pendente, the job runs again and it is emitida', async () => {
    await escola(1);
    await configurar();
    sim.simulada.falharProximas(2, 503);
    await emitir();
    const [pendente] = await notas();
    expect(pendente).toMatchObject({ status: 'pendente' });
    expect(pendente?.motivo).toContain('indisponível');
    const [job] = await t.database.db.select().from(jobs);
    expect(job?.attempts).toBe(1);
    await t.database.db.update(jobs).set({ runAfter: new Date(Date.now() - 1000) });
    await t.app.ctx.jobs.drain();
    const [emitida] = await notas();
    expect(emitida).toMatchObject({ status: 'emitida' });
    expect(emitida?.chave_acesso).toMatch(/^\d{50}$/);
  });

  it('cancels with the event e101101: cancelada; a second cancel and a short reason are refused', async () => {
    await escola(1);
    await configurar();
    await emitir();
    const [nota] = await notas();
    const curto = await send('POST', `/api/fiscal/nfse/${nota!.id}/cancelar`, sim.admin, {
      motivo: 'duplicada',
    });
    expect(curto.statusCode).toBe(400);
    const motivo = 'Mensalidade lançada em duplicidade pela secretaria';
    const ok = await send('POST', `/api/fiscal/nfse/${nota!.id}/cancelar`, sim.admin, { motivo });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf<Nfse>(ok)).toMatchObject({ status: 'cancelada', motivo_cancelamento: motivo });
    const xml = dataOf<NfseXml>(await get(`/api/fiscal/nfse/${nota!.id}/xml`, sim.admin));
    expect(xml.evento_cancelamento).toContain('<e101101>');
    expect(xml.evento_cancelamento).toContain(motivo);
    const twice = await send('POST', `/api/fiscal/nfse/${nota!.id}/cancelar`, sim.admin, { motivo });
    expect(twice.statusCode).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'cancelar'));
    expect(audit.filter((entry) => entry.entity === 'nfse')).toHaveLength(1);
    // After cancelling, a new batch issues the mensalidade's note again.
    expect((await emitir()).total).toBe(1);
  });

  it('refuses a future competência and emits nothing without the settings', async () => {
    await escola(1);
    const none = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: competencia() });
    expect(none.statusCode).toBe(422);
    await configurar();
    const future = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: proximoMes() });
    expect(future.statusCode).toBe(422);
    const bad = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: '2026-13' });
    expect(bad.statusCode).toBe(400);
  });

  it("tells the finance staff whether 'Emitir notas' can run and what is missing, in the refusal's words", async () => {
    await escola(1);
    const financeiro = await financeStaff();
    // The settings are the administrators'; the finance staff read only this.
    expect((await get('/api/fiscal/configuracao', financeiro)).statusCode).toBe(403);
    const situacao = async () => {
      const response = await get('/api/fiscal/nfse/situacao', financeiro);
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<NfseSituacao>(response);
    };
    const blank = await situacao();
    expect(blank).toEqual({
      pronta: false,
      faltando: ['CNPJ', 'município (código IBGE)', 'inscrição municipal', 'código NBS', 'certificado A1'],
      motivo:
        'Configure a NFS-e em Configurações → Fiscal (CNPJ, município, inscrição, NBS e o certificado A1).',
    });
    // The server still refuses on its own, with the same words.
    const refused = await send('POST', '/api/fiscal/nfse/emitir', sim.admin, { competencia: competencia() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(blank.motivo);

    await configurar();
    expect(await situacao()).toEqual({ pronta: true, faltando: [], motivo: null });
    // A certificate sealed by another installation (a restored backup) must be sent again.
    await t.database.db.update(fiscalConfig).set({ certificadoCifrado: 'selado-por-outra-instalacao' });
    expect(await situacao()).toMatchObject({ pronta: false, faltando: ['certificado A1'] });
    expect((await get('/api/fiscal/configuracao', sim.admin)).json().data.configurada).toBe(false);
  });

  it('a professor and a responsável get 403 on every fiscal route', async () => {
    const [id] = await escola(1);
    for (const nivel of ['professor', 'responsavel'] as const) {
      const { cookie } = await signedIn(t, nivel);
      expect((await get('/api/fiscal/configuracao', cookie)).statusCode).toBe(403);
      expect((await send('PUT', '/api/fiscal/configuracao', cookie, configuracao())).statusCode).toBe(403);
      expect(
        (await send('POST', '/api/fiscal/nfse/emitir', cookie, { competencia: competencia() })).statusCode,
      ).toBe(403);
      expect((await get(`/api/fiscal/nfse?competencia=${competencia()}`, cookie)).statusCode).toBe(403);
      expect((await get('/api/fiscal/nfse/situacao', cookie)).statusCode).toBe(403);
      expect((await get(`/api/fiscal/nfse/${id}/xml`, cookie)).statusCode).toBe(403);
      expect(
        (await send('POST', `/api/fiscal/nfse/${id}/cancelar`, cookie, { motivo: 'x'.repeat(20) }))
          .statusCode,
      ).toBe(403);
    }
  });
});
