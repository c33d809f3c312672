import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataRequest, MeusDados } from '../../../shared/data-rights.schemas.js';
import type { ConsentPurpose } from '../../../shared/consent.schemas.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { createUserRow, loginAs, requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';
import {
  dataOf,
  insertClass,
  insertGuardian,
  insertStudent,
  messageOf,
} from '../../test/records-fixtures.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { mensalidades } from '../../db/schema/finance.js';
import { assessments, grades, periodStates } from '../../db/schema/grades.js';
import { studentGuardians } from '../../db/schema/students.js';
import { referencesTo } from './data-rights.service.js';
import { dataRequests } from '../../db/schema/privacy-requests.js';
import { nfse } from '../../db/schema/fiscal.js';
import { interessados } from '../../db/schema/matriculas.js';
import { pareceres } from '../../db/schema/pareceres.js';
import { familyRecords } from '../../test/privacy-fixtures.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

async function families() {
  const admin = await signedIn(t, 'administrador');
  const parent = await signedIn(t, 'responsavel');
  const turma = await insertClass(t, null);
  const guardian = await insertGuardian(t, parent.user.id);
  const first = await insertStudent(t, turma.id, guardian.id);
  const second = await insertStudent(t, turma.id, guardian.id);
  const otherGuardian = await insertGuardian(t);
  const stranger = await insertStudent(t, turma.id, otherGuardian.id);
  return { admin, parent, turma, guardian, first, second, otherGuardian, stranger };
}

describe('Meus dados', () => {
  it('exports every table that refers to the guardian or the children, and nothing of another family', async () => {
    const { parent, guardian, first, second, otherGuardian, stranger } = await families();
    // A row in each kind of table that refers to the family.
    await familyRecords(t, parent.cookie, { paying: first.id, consenting: second.id });

    const response = await get('/api/meus-dados?formato=json', parent.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/meus-dados-.*\.json/);
    const dados = dataOf<MeusDados>(response);
    expect(dados.filhos.map((child) => child.id).sort()).toEqual([first.id, second.id].sort());
    // Every table with a foreign key to students appears for each child (the schema decides, not a list).
    for (const ref of await referencesTo(t.database.db, 'students'))
      for (const child of dados.filhos) expect(Object.keys(child.dados), ref.tbl).toContain(ref.tbl);
    for (const ref of await referencesTo(t.database.db, 'users'))
      expect(Object.keys(dados.responsavel), ref.tbl).toContain(ref.tbl);
    const firstChild = dados.filhos.find((child) => child.id === first.id)!;
    expect(firstChild.dados.mensalidades).toHaveLength(1);
    expect(firstChild.dados.pagamentos).toHaveLength(1);
    expect(firstChild.dados.class_memberships).toHaveLength(1);
    expect(dados.filhos.find((child) => child.id === second.id)!.dados.consents).toHaveLength(1);
    expect(dados.responsavel.privacy_acceptances).toHaveLength(1);
    expect(dados.responsavel.data_requests).toHaveLength(1);
    expect(dados.responsavel.guardians).toHaveLength(1);
    expect(dados.responsavel.guardians![0]!.cpf).toBe(guardian.cpf);
    expect(dados.responsavel.acessos_ao_portal!.length).toBeGreaterThan(0);
    // Nothing of another family, no secrets, no internal notes.
    for (const value of [
      stranger.id,
      stranger.nome,
      otherGuardian.id,
      otherGuardian.cpf!,
      'password_hash',
      'observacoes',
    ])
      expect(response.body, value).not.toContain(value);

    const pdf = await get('/api/meus-dados?formato=pdf', parent.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("leaves out grades of unpublished periods and the other parent's own rows and IP address", async () => {
    const { admin, parent, turma, first } = await families();
    const coParent = await signedIn(t, 'responsavel');
    const coGuardian = await insertGuardian(t, coParent.user.id);
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: first.id, responsavelId: coGuardian.id, parentesco: 'pai', ehPrincipal: false });
    const remote = (ip: string) => ({ remoteAddress: ip });

    // The other parent writes to the school, asks for a correction and answers a consent; so does the school.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/mensagens',
          headers: { cookie: coParent.cookie },
          payload: { aluno_id: first.id, destino: 'secretaria', assunto: 'Assunto reservado', texto: 'Oi' },
        })
      ).statusCode,
    ).toBe(201);
    await send('POST', '/api/solicitacoes', coParent.cookie, {
      tipo: 'correcao',
      descricao: 'Pedido reservado do outro responsável.',
      aluno_id: first.id,
    });
    const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', parent.cookie));
    for (const [cookie, ip] of [
      [coParent.cookie, '198.51.100.7'],
      [admin.cookie, '198.51.100.9'],
      [parent.cookie, '203.0.113.5'],
    ] as const) {
      const consent = await t.app.inject({
        method: 'POST',
        url: `/api/alunos/${first.id}/consentimentos`,
        headers: { cookie },
        payload: { finalidade_id: purposes[0]!.id, concedido: true },
        ...remote(ip),
      });
      expect(consent.statusCode, ip).toBe(200);
    }

    // Two bimestres with a grade each; only the first is published.
    const [year] = await t.database.db
      .insert(schoolYears)
      .values({ ano: 2026, inicio: '2026-02-02', fim: '2026-12-11', tipoPeriodo: 'bimestre' })
      .returning();
    const periods = await t.database.db
      .insert(schoolPeriods)
      .values([
        {
          anoLetivoId: year!.id,
          numero: 1,
          inicio: '2026-02-02',
          fim: '2026-04-17',
          dataFechamento: '2026-04-24',
        },
        {
          anoLetivoId: year!.id,
          numero: 2,
          inicio: '2026-04-20',
          fim: '2026-07-03',
          dataFechamento: '2026-07-10',
        },
      ])
      .returning();
    const columns = await t.database.db
      .insert(assessments)
      .values(
        periods.map((period) => ({
          turmaId: turma.id,
          disciplina: 'Matemática',
          periodoId: period.id,
          nome: `Prova ${String(period.numero)}`,
          data: period.inicio,
        })),
      )
      .returning();
    const given = await t.database.db
      .insert(grades)
      .values(
        columns.map((column, index) => ({
          avaliacaoId: column.id,
          alunoId: first.id,
          valor: ['7.5', '3.0'][index]!,
        })),
      )
      .returning();
    await t.database.db
      .insert(periodStates)
      .values({ periodoId: periods[0]!.id, turmaId: turma.id, fechado: true, publicado: true });
    // A teacher's parecer still a draft beside a published one; the other parent's rematrícula contact
    // and the invoice of a tuition they pay (their CPF and e-mail).
    const [rascunho, publicado] = await t.database.db
      .insert(pareceres)
      .values(
        (['rascunho', 'publicado'] as const).map((status, index) => ({
          alunoId: first.id,
          periodoId: periods[index]!.id,
          turmaId: turma.id,
          texto: `Parecer ${status} do bimestre`,
          status,
        })),
      )
      .returning();
    await t.database.db.insert(interessados).values({
      tipo: 'rematricula',
      responsavelNome: 'Outro Responsável',
      email: coParent.user.email,
      telefone: '11955554444',
      alunoNome: first.nome,
      alunoNascimento: '2018-03-01',
      serie: '2º ano',
      anoLetivo: 2027,
      alunoId: first.id,
    });
    const [mensalidade] = await t.database.db
      .insert(mensalidades)
      .values({
        alunoId: first.id,
        mesReferencia: '2026-03',
        dataVencimento: '2026-03-10',
        valorOriginal: 90_000,
        valor: 90_000,
      })
      .returning();
    const coCpf = '52998224725';
    await t.database.db.insert(nfse).values({
      mensalidadeId: mensalidade!.id,
      alunoId: first.id,
      competencia: '2026-03',
      ambiente: 'producao_restrita',
      serie: '1',
      numeroDps: 1,
      idDps: 'DPS-OUTRO-1',
      valor: 90_000,
      tomadorNome: 'Outro Responsável',
      tomadorCpf: coCpf,
    });

    const response = await get('/api/meus-dados?formato=json', parent.cookie);
    expect(response.statusCode).toBe(200);
    const child = dataOf<MeusDados>(response).filhos.find((item) => item.id === first.id)!.dados;
    expect(child.grades!.map((row) => row.id)).toEqual([given[0]!.id]);
    expect(child.conversas).toEqual([]);
    expect(child.data_requests).toEqual([]);
    expect(child.consents!.map((row) => row.ip)).toEqual([null, null, '203.0.113.5']);
    expect(child.pareceres!.map((row) => row.id)).toEqual([publicado!.id]);
    expect(child.interessados).toEqual([]);
    expect(child.nfse).toEqual([]);
    for (const secret of [
      'Assunto reservado',
      'Pedido reservado',
      '198.51.100.7',
      '198.51.100.9',
      'Parecer rascunho',
      coParent.user.email,
      coCpf,
    ])
      expect(response.body, secret).not.toContain(secret);

    // The other parent's own export still has them.
    const theirs = dataOf<MeusDados>(await get('/api/meus-dados?formato=json', coParent.cookie));
    const theirChild = theirs.filhos.find((item) => item.id === first.id)!.dados;
    expect(theirChild.conversas).toHaveLength(1);
    expect(theirChild.data_requests).toHaveLength(1);
    expect(theirChild.consents!.map((row) => row.ip)).toEqual(['198.51.100.7', null, null]);
    expect(theirChild.interessados).toHaveLength(1);
    expect(theirChild.pareceres!.map((row) => row.id)).toEqual([publicado!.id]);
    expect(rascunho!.status).toBe('rascunho');
  });

  it('is for the family only', async () => {
    const teacher = await signedIn(t, 'professor');
    expect((await get('/api/meus-dados', teacher.cookie)).statusCode).toBe(403);
    expect((await get('/api/meus-dados')).statusCode).toBe(401);
  });
});

describe('data subject requests', () => {
  it('queues a request with its 15-day deadline, the admin answers and the guardian sees the answer', async () => {
    const { admin, parent, first, stranger } = await families();
    const created = await send('POST', '/api/solicitacoes', parent.cookie, {
      tipo: 'exclusao',
      descricao: 'Peço a exclusão dos dados do meu filho que não são obrigatórios.',
      aluno_id: first.id,
    });
    expect(created.statusCode).toBe(201);
    const request = dataOf<DataRequest>(created);
    expect(request).toMatchObject({ situacao: 'pendente', dias_restantes: 15, aluno: { id: first.id } });
    expect(
      (
        await send('POST', '/api/solicitacoes', parent.cookie, {
          tipo: 'correcao',
          descricao: 'Filho de outro.',
          aluno_id: stranger.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/api/solicitacoes', parent.cookie, { tipo: 'exclusao', descricao: 'curto' }))
        .statusCode,
    ).toBe(400);

    const queue = dataOf<DataRequest[]>(await get('/api/solicitacoes?situacao=pendente', admin.cookie));
    expect(queue.map((item) => item.id)).toEqual([request.id]);
    expect(
      (
        await send('POST', `/api/solicitacoes/${request.id}/responder`, parent.cookie, {
          situacao: 'atendida',
          resposta: 'x'.repeat(10),
        })
      ).statusCode,
    ).toBe(403);
    const answered = await send('POST', `/api/solicitacoes/${request.id}/responder`, admin.cookie, {
      situacao: 'recusada',
      resposta: 'O histórico escolar deve ser guardado por lei; os demais dados foram anonimizados.',
    });
    expect(messageOf(answered)).toBe('Resposta registrada.');
    const own = dataOf<DataRequest[]>(await get('/api/solicitacoes', parent.cookie));
    expect(own[0]).toMatchObject({
      situacao: 'recusada',
      resposta: expect.stringContaining('histórico escolar'),
    });
    expect(
      (
        await send('POST', `/api/solicitacoes/${request.id}/responder`, admin.cookie, {
          situacao: 'atendida',
          resposta: 'de novo',
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe("the school's queue of requests", () => {
  it("goes to whoever manages LGPD requests, and to no staff profile holding only the families' permission", async () => {
    const { parent } = await families();
    const filed = await send('POST', '/api/solicitacoes', parent.cookie, {
      tipo: 'correcao',
      descricao: 'O telefone da família mudou por motivo de saúde.',
    });
    expect(filed.statusCode).toBe(201);
    const withProfile = async (permissoes: string[]) => {
      const [perfil] = await t.database.db
        .insert(perfis)
        .values({ nome: `Perfil ${permissoes.join(' ')}`, permissoes })
        .returning();
      const user = await createUserRow(t.database, 'administrador');
      await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId: perfil!.id });
      return loginAs(t.app, user.email);
    };
    // A staff account with 'privacy.self' is not the family: it has no requests of its own.
    const self = await get('/api/solicitacoes', await withProfile(['dashboard.read', 'privacy.self']));
    expect(self.statusCode).toBe(404);
    expect(self.body).not.toContain('motivo de saúde');
    // An Encarregado (DPO) profile with 'privacy.manage' alone reads the queue it answers.
    const queue = await get('/api/solicitacoes', await withProfile(['dashboard.read', 'privacy.manage']));
    expect(queue.statusCode, queue.body).toBe(200);
    expect(dataOf<DataRequest[]>(queue).map((item) => item.descricao)).toEqual([
      'O telefone da família mudou por motivo de saúde.',
    ]);
  });
});

describe('how many requests one account files (ADR 0018)', () => {
  const T0 = new Date('2026-05-12T14:00:00-03:00');
  beforeEach(() => clock.pin(T0));
  afterEach(() => clock.unpin());

  it('a family files up to the cap a day; the next is 429 with Retry-After; another family is not held', async () => {
    const limit = WRITE_LIMITS.solicitacoes;
    const { parent, guardian, turma } = await families();
    await t.database.db.insert(dataRequests).values(
      Array.from({ length: limit.max - 1 }, () => ({
        usuarioId: parent.user.id,
        responsavelId: guardian.id,
        tipo: 'correcao' as const,
        descricao: 'Telefone errado.',
        prazo: '2026-05-27',
        criadoEm: new Date(T0.getTime() - 2 * 3600_000),
      })),
    );
    const body = { tipo: 'correcao', descricao: 'Meu endereço mudou.' };
    expect((await send('POST', '/api/solicitacoes', parent.cookie, body)).statusCode).toBe(201);
    const over = await send('POST', '/api/solicitacoes', parent.cookie, body);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBe(22 * 3600);
    expect(messageOf(over)).toBe(
      `Limite de ${String(limit.max)} solicitações LGPD em 24 horas atingido. Você poderá enviar outra a partir de 13/05/2026 12:00.`,
    );
    expect(dataOf<DataRequest[]>(await get('/api/solicitacoes', parent.cookie))).toHaveLength(limit.max);
    const other = await signedIn(t, 'responsavel');
    await insertStudent(t, turma.id, (await insertGuardian(t, other.user.id)).id);
    expect((await send('POST', '/api/solicitacoes', other.cookie, body)).statusCode).toBe(201);
  });
});
