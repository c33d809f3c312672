import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LINK_PRE_MATRICULA_INVALIDO,
  type ConviteResult,
  type MatriculaOnlineView,
} from '../../../shared/pre-matricula.schemas.js';
import { preMatriculaDadosSchema } from '../../../shared/matriculas.schemas.js';
import { clock } from '../../lib/clock.js';
import { withoutSecrets } from '../../lib/log.js';
import { auditLog } from '../../db/schema/audit.js';
import { mensalidades, classTuition, pagamentos, transacoes } from '../../db/schema/finance.js';
import { interessadoEventos, interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { jobs } from '../../db/schema/jobs.js';
import { preMatriculaDocumentos } from '../../db/schema/pre-matriculas.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { dataOf, detailsOf, insertClass, messageOf, newCpf } from '../../test/records-fixtures.js';
import { familyIn } from '../../test/school-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import type { PlanoPagamento } from './anuidades.service.js';
import { systemActor } from '../audit/index.js';
import { matricularSePronto, registrarPagamentoTaxa, TAXA_NO_FINANCEIRO } from './matricula-automatica.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import {
  ALUNO_DE_OUTRA_FAMILIA,
  responsavelComOutroEmail,
  responsavelNaoVinculado,
} from './matricula-familia.js';
import { pendenciasDoEnvio } from './pre-matricula.service.js';

const t = setupTestApp();
const uuidOutro = '1f6c2b7e-5d44-4a3b-8e21-9c0d7f3a2b10';
const PLANO: PlanoPagamento = {
  id: '8d0f4a52-3c1e-4b7a-9f55-0c2d6e1a9b01',
  nome: '12 parcelas',
  parcelas: 12,
  valor_parcela_centavos: 100_000,
  taxa_matricula_centavos: 50_000,
  primeira_parcela_centavos: 100_000,
  total_centavos: 1_250_000,
  valor_anual_centavos: 1_250_000,
  padrao: true,
};

beforeEach(() => {
  clock.pin('2026-11-20');
});
/** The plan the family chose, as the anuidades part answers it (the seam is given to the enrolment). */
const comPlano = {
  planoPorId: (_db: unknown, id: string) => Promise.resolve(id === PLANO.id ? PLANO : null),
};
afterEach(() => clock.unpin());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function staff() {
  return (await signedIn(t, 'administrador')).cookie;
}

async function insertInteressado(overrides: Partial<typeof interessados.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(interessados)
    .values({
      responsavelNome: 'Mariana Souza',
      email: 'mariana@familia.test',
      telefone: '11987654321',
      alunoNome: 'Lucas Souza',
      alunoNascimento: '2020-04-02',
      serie: '1º ano',
      anoLetivo: 2027,
      etapa: 'visita',
      consentimentoEm: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

async function convite(cookie: string, id: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/matriculas/interessados/${id}/convite`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url, email_configurado } = dataOf<ConviteResult>(response);
  return { url, token: url.split('/').pop()!, email_configurado, message: messageOf(response) };
}

const online = (token: string, suffix = '') => `/api/matricula-online/${token}${suffix}`;

function dadosCompletos(cpf = newCpf()) {
  return {
    aluno: { nome: 'Lucas Souza', data_nascimento: '2020-04-02', sexo: 'masculino' },
    endereco: {
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      numero: '100',
      complemento: '',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
    },
    responsaveis: [
      {
        nome: 'Mariana Souza',
        cpf,
        email: 'mariana@familia.test',
        telefone: '(11) 98765-4321',
        parentesco: 'mae',
        financeiro: true,
      },
      { nome: 'Pedro Souza', telefone: '(11) 91234-5678', parentesco: 'pai', financeiro: false },
    ],
    plano_id: PLANO.id,
  };
}

async function upload(
  token: string,
  tipo: string,
  bytes: Buffer,
  name = 'doc.pdf',
  type = 'application/pdf',
) {
  const body = multipartFile(bytes, name, type, 'arquivo');
  return t.app.inject({
    method: 'POST',
    url: online(token, `/documentos?tipo=${tipo}`),
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A family the school invited, whose draft was saved with `payload` (the answer, `put`, is the caller's to check). */
async function rascunho(
  cookie: string,
  payload: object,
  overrides: Partial<typeof interessados.$inferInsert> = {},
) {
  const interessado = await insertInteressado(overrides);
  const { token } = await convite(cookie, interessado.id);
  const put = await t.app.inject({ method: 'PUT', url: online(token), payload });
  return { interessado, token, put };
}

/** A family that filled and sent the whole form. */
async function familiaEnviada(
  cookie: string,
  cpf = newCpf(),
  overrides: Partial<typeof interessados.$inferInsert> = {},
) {
  const { interessado, token, put } = await rascunho(cookie, dadosCompletos(cpf), overrides);
  expect(put.statusCode, put.body).toBe(200);
  for (const tipo of ['certidao-nascimento', 'carteira-vacinacao'])
    expect((await upload(token, tipo, PDF)).statusCode).toBe(201);
  const sent = await t.app.inject({ method: 'POST', url: online(token, '/enviar'), payload: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  return { interessado, token };
}

/** Configurações → Matrícula online: the school enrols only after the fee is paid (ADR 0049). */
async function exigirPagamento(cookie: string) {
  const config = await t.app.inject({
    method: 'GET',
    url: '/api/matriculas/configuracoes',
    headers: { cookie },
  });
  const current = dataOf<{ documentos: unknown[]; version: number }>(config);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/matriculas/configuracoes',
    headers: { cookie },
    payload: { documentos: current.documentos, exigir_pagamento: true, version: current.version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function contratoAssinado(id: string) {
  await t.database.db.update(interessados).set({ etapa: 'contrato_assinado' }).where(eq(interessados.id, id));
}

describe('POST /api/matriculas/interessados/:id/convite', () => {
  it('e-mails the link, stores only its hash, moves the family to pré-matrícula and audits it', async () => {
    const cookie = await staff();
    const interessado = await insertInteressado();
    const { url, token } = await convite(cookie, interessado.id);
    expect(url).toMatch(/^http:\/\/localhost:3000\/matricula\/[A-Za-z0-9_-]{43}$/);
    const mail = t.mailer.sent.find((message) => message.to === 'mariana@familia.test');
    expect(mail?.text).toContain(url);

    const [pre] = await t.database.db.select().from(preMatriculas);
    expect(pre!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(pre)).not.toContain(token);
    expect(pre!.dados.aluno.nome).toBe('Lucas Souza');
    expect(pre!.dados.responsaveis[0]).toMatchObject({ email: 'mariana@familia.test', financeiro: true });

    const [row] = await t.database.db.select().from(interessados).where(eq(interessados.id, interessado.id));
    expect(row!.etapa).toBe('pre_matricula');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'enviar_pre_matricula'));
    expect(audit).toHaveLength(1);
    const eventos = await t.database.db
      .select()
      .from(interessadoEventos)
      .where(and(eq(interessadoEventos.interessadoId, interessado.id), eq(interessadoEventos.tipo, 'email')));
    expect(eventos).toHaveLength(1);
  });

  it('on a server without e-mail, says the link was made, not sent, and hands it to the secretaria', async () => {
    const cookie = await staff();
    const interessado = await insertInteressado();
    expect(await convite(cookie, interessado.id)).toMatchObject({
      email_configurado: true,
      message: 'Link da pré-matrícula enviado por e-mail à família.',
    });
    t.mailer.delivery = 'arquivo';
    try {
      const made = await convite(cookie, interessado.id);
      expect(made).toMatchObject({
        email_configurado: false,
        message: 'Link da pré-matrícula gerado. Copie-o e envie à família: o e-mail não está configurado.',
      });
      expect(made.url).toMatch(/\/matricula\/[A-Za-z0-9_-]{43}$/);
    } finally {
      t.mailer.delivery = 'smtp';
    }
  });

  it('a renewal replaces the token (the old link stops working) and keeps the draft', async () => {
    const cookie = await staff();
    const interessado = await insertInteressado();
    const first = await convite(cookie, interessado.id);
    const saved = await t.app.inject({ method: 'PUT', url: online(first.token), payload: dadosCompletos() });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await convite(cookie, interessado.id);
    expect(second.token).not.toBe(first.token);
    const old = await t.app.inject({ method: 'GET', url: online(first.token) });
    expect(old.statusCode).toBe(404);
    const fresh = await t.app.inject({ method: 'GET', url: online(second.token) });
    expect(fresh.statusCode).toBe(200);
    expect(dataOf<{ dados: { endereco: { cidade: string } } }>(fresh).dados.endereco.cidade).toBe(
      'São Paulo',
    );
    expect(await t.database.db.select().from(preMatriculas)).toHaveLength(1);
  });

  it('pre-fills a rematrícula from the student and guardians on file', async () => {
    const cookie = await staff();
    const cpf = newCpf();
    const [guardian] = await t.database.db
      .insert(guardians)
      .values({
        nome: 'Ana Lima',
        telefone: '11911112222',
        cpf,
        email: 'ana@familia.test',
        // The payer's address in parts starts the form (ADR 0058).
        cep: '20040020',
        logradouro: 'Avenida Rio Branco',
        numero: '1',
        bairro: 'Centro',
        cidade: 'Rio de Janeiro',
        uf: 'RJ',
      })
      .returning();
    const [student] = await t.database.db
      .insert(students)
      .values({ nome: 'Bia Lima', dataNascimento: '2018-02-03', matricula: 'R-1', cpf: newCpf() })
      .returning();
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: student!.id, responsavelId: guardian!.id, parentesco: 'mae', ehPrincipal: true });
    const interessado = await insertInteressado({
      tipo: 'rematricula',
      alunoId: student!.id,
      etapa: 'interessado',
      email: 'ana@familia.test',
    });
    const { token } = await convite(cookie, interessado.id);
    const view = dataOf<{
      dados: {
        aluno: { nome: string; cpf: string };
        endereco: Record<string, string>;
        responsaveis: { responsavel_id: string; cpf: string | null; financeiro: boolean }[];
      };
    }>(await t.app.inject({ method: 'GET', url: online(token) }));
    expect(view.dados.aluno).toMatchObject({ nome: 'Bia Lima', cpf: student!.cpf });
    expect(view.dados.endereco).toEqual({
      cep: '20040-020',
      logradouro: 'Avenida Rio Branco',
      numero: '1',
      complemento: '',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
    });
    // The guardian on file by her record's id; her CPF stays off the link (ADR 0090).
    expect(view.dados.responsaveis).toEqual([
      expect.objectContaining({ responsavel_id: guardian!.id, cpf: null, financeiro: true }),
    ]);
  });

  it('refuses a family whose contract was already sent', async () => {
    const cookie = await staff();
    const interessado = await insertInteressado({ etapa: 'contrato_enviado' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/matriculas/interessados/${interessado.id}/convite`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('/api/matricula-online/{token}: the link', () => {
  it('refuses an unknown, malformed, expired or used link alike (404, same words)', async () => {
    const cookie = await staff();
    const { token } = await familiaEnviada(cookie);
    const other = await insertInteressado({ email: 'outra@familia.test' });
    const { token: expiring } = await convite(cookie, other.id);

    const refusals = [
      await t.app.inject({ method: 'GET', url: online(randomBytes(32).toString('base64url')) }),
      await t.app.inject({ method: 'GET', url: online('abc') }),
      // Used: the link then only reads; every write answers like an unknown link.
      await t.app.inject({ method: 'PUT', url: online(token), payload: dadosCompletos() }),
      await t.app.inject({ method: 'POST', url: online(token, '/enviar'), payload: {} }),
      await upload(token, 'certidao-nascimento', PDF),
    ];
    const done = await t.app.inject({ method: 'GET', url: online(token) });
    expect(done.statusCode).toBe(200);
    expect(dataOf<{ estado: string }>(done).estado).toBe('enviada');
    clock.pin('2026-12-05');
    refusals.push(await t.app.inject({ method: 'GET', url: online(expiring) }));
    for (const response of refusals) {
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe(LINK_PRE_MATRICULA_INVALIDO);
    }
  });

  it('keeps the token out of the logs', () => {
    const token = randomBytes(32).toString('base64url');
    expect(withoutSecrets(`/api/matricula-online/${token}/enviar`)).toBe('/api/matricula-online/…/enviar');
    expect(withoutSecrets(`/matricula/${token}`)).toBe('/matricula/…');
    // The contract's signer: the page and its API.
    expect(withoutSecrets(`/api/assinaturas/${token}/pdf`)).toBe('/api/assinaturas/…/pdf');
    expect(withoutSecrets(`/assinar/${token}`)).toBe('/assinar/…');
  });

  it('reads what the form needs and marks the link opened', async () => {
    const cookie = await staff();
    const interessado = await insertInteressado();
    const { token } = await convite(cookie, interessado.id);
    const first = await t.app.inject({ method: 'GET', url: online(token) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const view = dataOf<Record<string, unknown>>(first);
    expect(view).toMatchObject({
      aluno_primeiro_nome: 'Lucas',
      serie: '1º ano',
      ano_letivo: 2027,
      estado: 'rascunho',
      planos: [],
      documentos: [],
    });
    expect((view.documentos_exigidos as { nome: string }[]).map((item) => item.nome)).toContain(
      'Certidão de nascimento',
    );
    const [pre] = await t.database.db.select().from(preMatriculas);
    expect(pre!.abertoEm).not.toBeNull();
  });
});

describe('PUT /api/matricula-online/{token}: the draft', () => {
  it('saves a partial draft, and keeps the valid fields of one with invalid ones (left out, field by field)', async () => {
    const cookie = await staff();
    const interessado = await insertInteressado();
    const { token } = await convite(cookie, interessado.id);
    const partial = await t.app.inject({
      method: 'PUT',
      url: online(token),
      payload: { aluno: { nome: 'Lucas' }, responsaveis: [] },
    });
    expect(partial.statusCode, partial.body).toBe(200);

    // A CPF with a wrong digit used to refuse the whole save: the parentesco chosen beside it was lost.
    const bad = dadosCompletos();
    bad.responsaveis[0] = {
      ...bad.responsaveis[0]!,
      cpf: '111.111.111-11',
      email: 'não-é-email',
      telefone: '123',
      parentesco: 'avo',
    };
    const kept = await t.app.inject({
      method: 'PUT',
      url: online(token),
      payload: { ...bad, aluno: { ...bad.aluno, cpf: '123.456.789-00', data_nascimento: '2020-02-31' } },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const reopened = dataOf<MatriculaOnlineView>(await t.app.inject({ method: 'GET', url: online(token) }));
    expect(reopened.dados.responsaveis[0]).toMatchObject({
      nome: 'Mariana Souza',
      parentesco: 'avo',
      financeiro: true,
      cpf: null,
      email: null,
      telefone: null,
    });
    expect(reopened.dados.responsaveis[1]).toMatchObject({ nome: 'Pedro Souza', parentesco: 'pai' });
    expect(reopened.dados.aluno).toMatchObject({
      nome: 'Lucas Souza',
      sexo: 'masculino',
      cpf: null,
      data_nascimento: null,
    });
    expect(reopened.dados.endereco).toMatchObject({ cep: '01001-000', uf: 'SP' });
    // What the draft left out is still asked for when the family sends the form.
    const sent = await t.app.inject({ method: 'POST', url: online(token, '/enviar'), payload: {} });
    expect(sent.statusCode).toBe(400);
    expect(detailsOf(sent).map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['responsaveis.0.cpf', 'responsaveis.0.email', 'responsaveis.0.telefone']),
    );
    const unknown = await t.app.inject({
      method: 'PUT',
      url: online(token),
      payload: { ...dadosCompletos(), senha: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'PUT',
      url: online(token),
      payload: { ...dadosCompletos(), observacoes: 'x'.repeat(70 * 1024) },
    });
    expect(big.statusCode).toBe(413);
  });

  it('keeps the school’s due day: a day sent to the API is not the family’s to choose (attack review, 2026-12-07)', async () => {
    const { interessado, put } = await rascunho(await staff(), { ...dadosCompletos(), dia_vencimento: 28 });
    expect(put.statusCode, put.body).toBe(200);
    expect(dataOf<MatriculaOnlineView>(put).dados.dia_vencimento ?? null).toBeNull();
    const [stored] = await t.database.db
      .select({ dados: preMatriculas.dados })
      .from(preMatriculas)
      .where(eq(preMatriculas.interessadoId, interessado.id));
    expect(preMatriculaDadosSchema.parse(stored!.dados).dia_vencimento ?? null).toBeNull();
  });
});

describe('POST /api/matricula-online/{token}/enviar', () => {
  it('lists everything still missing, each on its field, and stores nothing as sent', async () => {
    const cookie = await staff();
    const { token } = await rascunho(cookie, {
      aluno: { nome: 'Lucas Souza' },
      responsaveis: [
        { nome: 'Mariana', telefone: '11987654321', parentesco: 'mae', financeiro: true },
        { nome: 'Pedro', telefone: '11912345678', parentesco: 'pai', financeiro: true },
      ],
    });
    const response = await t.app.inject({ method: 'POST', url: online(token, '/enviar'), payload: {} });
    expect(response.statusCode).toBe(400);
    const paths = detailsOf(response).map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'aluno.data_nascimento',
        'responsaveis',
        'responsaveis.0.cpf',
        'responsaveis.0.email',
        'endereco.cep',
        'endereco.logradouro',
        'documentos.certidao-nascimento',
        'documentos.carteira-vacinacao',
      ]),
    );
    expect(paths).not.toContain('documentos.historico-escolar');
    const [pre] = await t.database.db.select().from(preMatriculas);
    expect(pre!.enviadoEm).toBeNull();
  });

  it('asks for a plan only when plans are on offer, and refuses one no longer offered', () => {
    const dados = preMatriculaDadosSchema.parse(dadosCompletos());
    const base = { obrigatorios: [], enviados: new Set<string>() };
    expect(pendenciasDoEnvio(dados, { ...base, planos: [] })).toEqual([]);
    expect(pendenciasDoEnvio(dados, { ...base, planos: [PLANO] })).toEqual([]);
    expect(pendenciasDoEnvio({ ...dados, plano_id: null }, { ...base, planos: [PLANO] })).toEqual([
      { path: 'plano_id', message: 'Escolha o plano de pagamento' },
    ]);
    expect(pendenciasDoEnvio(dados, { ...base, planos: [{ ...PLANO, id: uuidOutro }] })).toEqual([
      { path: 'plano_id', message: 'Este plano não está mais disponível: escolha outro' },
    ]);
    // The address is checked as the guardian's record checks it (ADR 0058): it goes over in parts.
    const endereco = { ...dados.endereco, uf: 'ZZ', numero: 'casa' };
    expect(pendenciasDoEnvio({ ...dados, endereco }, { ...base, planos: [] })).toEqual([
      { path: 'endereco.numero', message: 'Informe o número (com algarismos) ou s/n' },
      { path: 'endereco.uf', message: 'UF inválida: use a sigla do estado, ex.: SP' },
    ]);
  });

  it('without plans on offer, no plan is asked; a complete form is sent and the school told', async () => {
    const cookie = await staff();
    const { interessado } = await familiaEnviada(cookie);
    const [pre] = await t.database.db.select().from(preMatriculas);
    expect(pre!.enviadoEm).not.toBeNull();
    // The bell opens the family on the Matrículas board (its `familia` parameter).
    const bell = await t.database.db.execute(
      sql`select distinct link from notificacoes where tipo = 'matricula' and titulo = 'Pré-matrícula recebida'`,
    );
    expect((bell as { rows: { link: string }[] }).rows).toEqual([
      { link: `/dashboard/matriculas?familia=${interessado.id}` },
    ]);
    const eventos = await t.database.db
      .select()
      .from(interessadoEventos)
      .where(eq(interessadoEventos.interessadoId, interessado.id));
    expect(eventos.map((evento) => evento.texto).join('\n')).toContain('enviou a pré-matrícula');
  });
});

describe('GET /api/matriculas/interessados/:id/pre-matricula: the secretaria’s review', () => {
  const avisoDe = async (cookie: string, id: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/matriculas/interessados/${id}/pre-matricula`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<{ aviso_idade: string | null }>(response).aviso_idade;
  };

  it('warns when the birth date does not go with the série on 31 March (ADR 0134), never refuses the form', async () => {
    const cookie = await staff();
    // 1º ano of 2027: 6 years on 31/03/2027. Born 2020-04-02, Lucas is 6 then: no word.
    const { interessado } = await familiaEnviada(cookie);
    expect(await avisoDe(cookie, interessado.id)).toBeNull();
    // The year typed two off (2022): 4 years on the cut-off. The family sends it; the secretaria is told.
    const {
      interessado: outra,
      token,
      put,
    } = await rascunho(cookie, {
      ...dadosCompletos(),
      aluno: { nome: 'Ana Lima', data_nascimento: '2022-04-02', sexo: 'feminino' },
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const tipo of ['certidao-nascimento', 'carteira-vacinacao'])
      expect((await upload(token, tipo, PDF)).statusCode).toBe(201);
    const sent = await t.app.inject({ method: 'POST', url: online(token, '/enviar'), payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await avisoDe(cookie, outra.id)).toBe(
      '1º ano: idade de 6 anos em 31/03/2027; pela data de nascimento, 4 anos nessa data. Confira a data de nascimento e a turma.',
    );
  });
});

describe('documents through the link', () => {
  it('takes PDF, JPEG and PNG by their bytes, refuses anything else and oversized files', async () => {
    const cookie = await staff();
    const interessado = await insertInteressado();
    const { token } = await convite(cookie, interessado.id);
    const text = await upload(token, 'certidao-nascimento', Buffer.from('isto não é um PDF'), 'certidao.pdf');
    expect(text.statusCode).toBe(415);
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    expect((await upload(token, 'certidao-nascimento', webp, 'foto.jpg', 'image/jpeg')).statusCode).toBe(415);
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await upload(token, 'certidao-nascimento', huge)).statusCode).toBe(413);
    expect((await upload(token, 'nao-pedido', PDF)).statusCode).toBe(400);

    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const photo = await upload(token, 'carteira-vacinacao', png, 'vacina.png', 'image/png');
    expect(photo.statusCode, photo.body).toBe(201);
    expect(dataOf<{ mime_type: string }>(photo).mime_type).toBe('image/png');
    const first = await upload(token, 'certidao-nascimento', PDF, 'certidao.pdf');
    expect(first.statusCode).toBe(201);
    // Sending the same document again replaces it.
    const again = await upload(token, 'certidao-nascimento', PDF, 'certidao-nova.pdf');
    expect(again.statusCode).toBe(201);
    const stored = await t.database.db.select().from(preMatriculaDocumentos);
    expect(stored.map((row) => row.nome).sort()).toEqual(['certidao-nova.pdf', 'vacina.png']);

    // The staff read them from the funnel; the family may remove one before sending.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/matriculas/interessados/${interessado.id}/documentos`,
      headers: { cookie },
    });
    expect(dataOf<unknown[]>(list)).toHaveLength(2);
    const docId = dataOf<{ id: string }>(again).id;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/matriculas/interessados/${interessado.id}/documentos/${docId}`,
      headers: { cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/matriculas/interessados/${interessado.id}/documentos/${docId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const removed = await t.app.inject({ method: 'DELETE', url: online(token, `/documentos/${docId}`) });
    expect(removed.statusCode).toBe(200);
    expect(await t.database.db.select().from(preMatriculaDocumentos)).toHaveLength(1);
  });
});

/** A family that sent the form for a student with this CPF, with its documents, and signed the contract. */
/** A form's data: `dadosCompletos`, its guardians free to be any the form takes. */
type Dados = Omit<ReturnType<typeof dadosCompletos>, 'responsaveis'> & { responsaveis: object[] };

/** The form with a second guardian who does not sign (no e-mail). */
function comSegundo(
  dados: Dados,
  segundo: { nome: string; cpf: string; telefone: string; parentesco: 'mae' | 'pai' },
): Dados {
  return { ...dados, responsaveis: [dados.responsaveis[0]!, { ...segundo, financeiro: false }] };
}

/** The secretaria's cookie, at a school with a 1º ano class for 2027 (where the families are enrolled). */
async function escolaCom1oAno() {
  const cookie = await staff();
  await insertClass(t, null, 25, { serie: '1º ano', anoLetivo: '2027' });
  return cookie;
}

/** A guardian already on file: Mariana S., (11) 90000-0000, unless told. */
async function responsavelNoCadastro(fields: Partial<typeof guardians.$inferInsert>) {
  const [row] = await t.database.db
    .insert(guardians)
    .values({ nome: 'Mariana S.', telefone: '11900000000', ...fields })
    .returning();
  return row!;
}

/** A sibling on file (Irmã, S-1) and their ties to guardians on file. */
async function irmaNoCadastro(
  vinculos: Omit<typeof studentGuardians.$inferInsert, 'alunoId'>[],
): Promise<void> {
  const [irma] = await t.database.db
    .insert(students)
    .values({ nome: 'Irmã', dataNascimento: '2017-01-01', matricula: 'S-1' })
    .returning();
  await t.database.db
    .insert(studentGuardians)
    .values(vinculos.map((vinculo) => ({ alunoId: irma!.id, ...vinculo })));
}

/** A family of the school whose child's CPF is on file: the one a stranger may type in the form. */
async function familiaComCpfDoAluno() {
  const family = await familyIn(t, null);
  const alunoCpf = newCpf();
  await t.database.db.update(students).set({ cpf: alunoCpf }).where(eq(students.id, family.child.id));
  return { family, alunoCpf };
}

const linksOf = (alunoId: string) =>
  t.database.db.select().from(studentGuardians).where(eq(studentGuardians.alunoId, alunoId));

async function assinadaComCpf(cookie: string, dados: Dados, alunoCpf: string) {
  const { interessado, token } = await rascunho(cookie, {
    ...dados,
    aluno: { ...dados.aluno, cpf: alunoCpf },
  });
  for (const tipo of ['certidao-nascimento', 'carteira-vacinacao']) await upload(token, tipo, PDF);
  expect(
    (await t.app.inject({ method: 'POST', url: online(token, '/enviar'), payload: {} })).statusCode,
  ).toBe(200);
  await contratoAssinado(interessado.id);
  return interessado;
}

describe('matricularSePronto: the automatic enrolment', () => {
  it('waits for the signed contract', async () => {
    const cookie = await staff();
    const { interessado } = await familiaEnviada(cookie);
    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome.matriculado).toBe(false);
    // A fee paid meanwhile (the school requires it first) is recorded, and still nobody is enrolled
    // before the signatures.
    await exigirPagamento(cookie);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/matriculas/interessados/${interessado.id}/pagamento`,
      headers: { cookie },
      payload: { forma: 'pix' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(dataOf<{ matriculado: boolean }>(paid).matriculado).toBe(false);
    const [pre] = await t.database.db.select().from(preMatriculas);
    expect(pre).toMatchObject({ pagamentoEm: expect.any(Date), pagamentoForma: 'pix' });
    expect(await t.database.db.select().from(students)).toHaveLength(0);
  });

  it('creates student, guardians with a portal account and the plan charges; called twice, one student', async () => {
    const cookie = await staff();
    const turma = await insertClass(t, null, 25, { serie: '1º ano', anoLetivo: '2027', nome: '1º A' });
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);
    t.mailer.sent.length = 0;

    const first = await matricularSePronto(t.app.ctx, interessado.id, comPlano);
    expect(first).toMatchObject({ matriculado: true, turmaId: turma.id });
    const second = await matricularSePronto(t.app.ctx, interessado.id, comPlano);
    expect(second).toMatchObject({ matriculado: true, alunoId: first.alunoId });

    const alunos = await t.database.db.select().from(students);
    expect(alunos).toHaveLength(1);
    expect(alunos[0]).toMatchObject({ nome: 'Lucas Souza', turmaId: turma.id, dataNascimento: '2020-04-02' });
    // Enrolled in November for the 2027 class: the number carries 2027, the date is the day (ADR 0074).
    expect(alunos[0]).toMatchObject({ matricula: '20270001', dataMatricula: '2026-11-20' });
    expect(alunos[0]!.endereco).toContain('Praça da Sé, 100');
    const links = await t.database.db.select().from(studentGuardians);
    expect(links).toHaveLength(2);
    // The family's address in parts goes to both guardians (the payer's, for the boleto: ADR 0058).
    const responsaveis = await t.database.db.select().from(guardians).orderBy(guardians.nome);
    for (const guardian of responsaveis)
      expect(guardian).toMatchObject({
        cep: '01001000',
        logradouro: 'Praça da Sé',
        numero: '100',
        complemento: null,
        bairro: 'Sé',
        cidade: 'São Paulo',
        uf: 'SP',
        endereco: 'Praça da Sé, 100 - Sé - São Paulo/SP - CEP 01001-000',
      });
    const conta = await t.database.db.select().from(users).where(eq(users.email, 'mariana@familia.test'));
    expect(conta).toHaveLength(1);
    expect(
      t.mailer.sent.filter((mail) => mail.to === 'mariana@familia.test').map((mail) => mail.subject),
    ).toEqual([
      `Seu acesso ao portal — ${await t.app.ctx.getSchoolName()}`,
      // Once, though called twice: the second call finds the family enrolled and tells nobody again.
      `Matrícula confirmada: Lucas - ${await t.app.ctx.getSchoolName()}`,
    ]);

    const cobrancas = await t.database.db
      .select()
      .from(mensalidades)
      .where(eq(mensalidades.alunoId, first.alunoId!))
      .orderBy(mensalidades.mesReferencia);
    expect(cobrancas).toHaveLength(13);
    expect(cobrancas[0]).toMatchObject({ mesReferencia: '2026-11', valor: 50_000 });
    expect(cobrancas.slice(1).map((row) => row.mesReferencia)).toEqual(
      Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, '0')}`),
    );
    expect(cobrancas.slice(1).every((row) => row.valor === 100_000)).toBe(true);

    const [row] = await t.database.db.select().from(interessados).where(eq(interessados.id, interessado.id));
    expect(row).toMatchObject({ etapa: 'matriculado', alunoId: first.alunoId, turmaId: turma.id });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'matricular_online'));
    expect(audit).toHaveLength(1);
  });

  it('creates no duplicate when the guardian and the student are already on file (same CPFs, one family)', async () => {
    const cookie = await escolaCom1oAno();
    const cpf = newCpf();
    const alunoCpf = newCpf();
    // On file with the form's e-mail: the one the contract's signing code went to.
    const guardian = await responsavelNoCadastro({ cpf, email: 'mariana@familia.test' });
    await irmaNoCadastro([{ responsavelId: guardian.id, parentesco: 'mae', ehPrincipal: true }]);
    const [aluno] = await t.database.db
      .insert(students)
      .values({
        nome: 'Lucas (cadastro antigo)',
        dataNascimento: '2020-04-02',
        matricula: 'S-2',
        cpf: alunoCpf,
      })
      .returning();
    // The mother is already Lucas's guardian on file: the form's CPFs are one family's.
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: aluno!.id, responsavelId: guardian.id, parentesco: 'mae', ehPrincipal: true });

    const interessado = await assinadaComCpf(cookie, dadosCompletos(cpf), alunoCpf);

    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome).toMatchObject({ matriculado: true, alunoId: aluno!.id });
    const reused = await t.database.db.select().from(guardians).where(eq(guardians.cpf, cpf));
    expect(reused).toHaveLength(1);
    // The guardian on file takes the form's address, in parts.
    expect(reused[0]).toMatchObject({ cep: '01001000', numero: '100', uf: 'SP', nome: 'Mariana S.' });
    expect(await t.database.db.select().from(students).where(eq(students.cpf, alunoCpf))).toHaveLength(1);
    expect(await t.database.db.select().from(students)).toHaveLength(2);
    const [updated] = await t.database.db.select().from(students).where(eq(students.id, aluno!.id));
    expect(updated!.nome).toBe('Lucas Souza');
    const links = await linksOf(aluno!.id);
    expect(links.map((link) => link.responsavelId)).toContain(guardian.id);
    const [contato] = await t.database.db.select().from(guardians).where(eq(guardians.id, guardian.id));
    expect(contato!.telefone).toBe('11987654321');
  });

  it("a stranger who types another family's child's CPF is not made that child's guardian", async () => {
    const cookie = await escolaCom1oAno();
    const { family, alunoCpf } = await familiaComCpfDoAluno();
    const before = await linksOf(family.child.id);

    const dados = dadosCompletos();
    const interessado = await assinadaComCpf(cookie, dados, alunoCpf);
    t.mailer.sent.length = 0;

    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome).toMatchObject({ matriculado: false, motivo: ALUNO_DE_OUTRA_FAMILIA });
    // Nothing written: the child's record, guardians and the stranger's account are as they were.
    const [child] = await t.database.db.select().from(students).where(eq(students.id, family.child.id));
    expect(child!.nome).toBe(family.child.nome);
    expect(await linksOf(family.child.id)).toEqual(before);
    const financeiro = dados.responsaveis.find((item) => item.financeiro)!;
    expect(await t.database.db.select().from(users).where(eq(users.email, financeiro.email!))).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
    // The secretaria reads why in the family's timeline; the stage stays for her to decide.
    const [row] = await t.database.db.select().from(interessados).where(eq(interessados.id, interessado.id));
    expect(row).toMatchObject({ etapa: 'contrato_assinado', alunoId: null });
    const eventos = await t.database.db
      .select({ texto: interessadoEventos.texto })
      .from(interessadoEventos)
      .where(eq(interessadoEventos.interessadoId, interessado.id));
    expect(eventos.map((item) => item.texto)).toContain(
      `A matrícula não foi concluída: ${ALUNO_DE_OUTRA_FAMILIA}`,
    );
  });

  it("a guardian's CPF on file under another e-mail: nobody is enrolled onto that record", async () => {
    const cookie = await escolaCom1oAno();
    const family = await familyIn(t, null);
    const [onFile] = await t.database.db.select().from(guardians).where(eq(guardians.id, family.guardian.id));
    const dados = dadosCompletos(onFile!.cpf!);
    const interessado = await assinadaComCpf(cookie, dados, newCpf());
    const links = await t.database.db.select().from(studentGuardians);

    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome).toMatchObject({
      matriculado: false,
      motivo: responsavelComOutroEmail(dados.responsaveis[0]!.nome),
    });
    expect(await t.database.db.select().from(students)).toHaveLength(1);
    expect(await t.database.db.select().from(studentGuardians)).toEqual(links);
    const [same] = await t.database.db.select().from(guardians).where(eq(guardians.id, onFile!.id));
    expect(same).toEqual(onFile);
  });

  it('a financial guardian on file without an e-mail: nobody is enrolled onto that record', async () => {
    const cookie = await escolaCom1oAno();
    const cpf = newCpf();
    const onFile = await responsavelNoCadastro({ cpf });
    const dados = dadosCompletos(cpf);
    const interessado = await assinadaComCpf(cookie, dados, newCpf());

    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome).toMatchObject({
      matriculado: false,
      motivo: responsavelComOutroEmail(dados.responsaveis[0]!.nome),
    });
    expect(await t.database.db.select().from(students)).toHaveLength(0);
    const [same] = await t.database.db.select().from(guardians).where(eq(guardians.id, onFile.id));
    expect(same).toEqual(onFile);
  });

  it("a stranger who names a family's mother as the other guardian does not take her child", async () => {
    const cookie = await escolaCom1oAno();
    const { family, alunoCpf } = await familiaComCpfDoAluno();
    const [mae] = await t.database.db.select().from(guardians).where(eq(guardians.id, family.guardian.id));
    const before = await linksOf(family.child.id);
    // The stranger signs as the financial guardian and types the mother's CPF, with no e-mail, beside it.
    const dados = dadosCompletos();
    const comMae = comSegundo(dados, {
      nome: mae!.nome,
      cpf: mae!.cpf!,
      telefone: '(11) 90000-1111',
      parentesco: 'mae',
    });
    const interessado = await assinadaComCpf(cookie, comMae, alunoCpf);

    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome).toMatchObject({ matriculado: false, motivo: ALUNO_DE_OUTRA_FAMILIA });
    expect(await linksOf(family.child.id)).toEqual(before);
    const [same] = await t.database.db.select().from(guardians).where(eq(guardians.id, mae!.id));
    expect(same).toEqual(mae);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'mariana@familia.test'))).toEqual(
      [],
    );
  });

  it('a guardian on file who did not sign and has no tie to the signer is not linked, nor their contact changed', async () => {
    const cookie = await escolaCom1oAno();
    const other = await familyIn(t, null);
    const [onFile] = await t.database.db.select().from(guardians).where(eq(guardians.id, other.guardian.id));
    const dados = dadosCompletos();
    const comOutro = comSegundo(dados, {
      nome: 'Pedro Souza',
      cpf: onFile!.cpf!,
      telefone: '(11) 90000-2222',
      parentesco: 'pai',
    });
    const interessado = await assinadaComCpf(cookie, comOutro, newCpf());

    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome.matriculado).toBe(true);
    const links = await t.database.db
      .select({ responsavelId: studentGuardians.responsavelId })
      .from(studentGuardians)
      .where(eq(studentGuardians.alunoId, outcome.alunoId!));
    expect(links).toHaveLength(1);
    expect(links[0]!.responsavelId).not.toBe(onFile!.id);
    const [same] = await t.database.db.select().from(guardians).where(eq(guardians.id, onFile!.id));
    expect(same).toEqual(onFile);
    const eventos = await t.database.db
      .select({ texto: interessadoEventos.texto })
      .from(interessadoEventos)
      .where(eq(interessadoEventos.interessadoId, interessado.id));
    expect(eventos.map((item) => item.texto)).toContain(responsavelNaoVinculado('Pedro Souza'));
  });

  it("a sibling's father on file who did not sign is linked to the new child, his contact kept", async () => {
    const cookie = await escolaCom1oAno();
    const maeCpf = newCpf();
    const paiCpf = newCpf();
    const mae = await responsavelNoCadastro({ cpf: maeCpf, email: 'mariana@familia.test' });
    const pai = await responsavelNoCadastro({ nome: 'Pedro S.', telefone: '11911111111', cpf: paiCpf });
    await irmaNoCadastro([
      { responsavelId: mae.id, parentesco: 'mae', ehPrincipal: true },
      { responsavelId: pai.id, parentesco: 'pai', ehPrincipal: false },
    ]);
    const dados = dadosCompletos(maeCpf);
    const comPai = comSegundo(dados, {
      nome: 'Pedro Souza',
      cpf: paiCpf,
      telefone: '(11) 90000-3333',
      parentesco: 'pai',
    });
    const interessado = await assinadaComCpf(cookie, comPai, newCpf());

    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome.matriculado).toBe(true);
    const links = await t.database.db
      .select({ responsavelId: studentGuardians.responsavelId, ehPrincipal: studentGuardians.ehPrincipal })
      .from(studentGuardians)
      .where(eq(studentGuardians.alunoId, outcome.alunoId!));
    expect(links).toEqual(
      expect.arrayContaining([
        { responsavelId: mae.id, ehPrincipal: true },
        { responsavelId: pai.id, ehPrincipal: false },
      ]),
    );
    const [same] = await t.database.db.select().from(guardians).where(eq(guardians.id, pai.id));
    expect(same!.telefone).toBe('11911111111');
    // The mother, who signed, takes the form's phone.
    const [maeDepois] = await t.database.db.select().from(guardians).where(eq(guardians.id, mae.id));
    expect(maeDepois!.telefone).toBe('11987654321');
  });

  it("a current student already charged this month: the fee goes with next year's first instalment", async () => {
    const cookie = await staff();
    const atual = await insertClass(t, null, 25, {
      serie: 'Pré II',
      nivel: 'Educação Infantil',
      anoLetivo: '2026',
    });
    await insertClass(t, null, 25, { serie: '1º ano', anoLetivo: '2027' });
    const alunoCpf = newCpf();
    const [aluno] = await t.database.db
      .insert(students)
      .values({
        nome: 'Lucas Souza',
        dataNascimento: '2020-04-02',
        matricula: 'S-3',
        cpf: alunoCpf,
        turmaId: atual.id,
      })
      .returning();
    // The family on file: the form's financial guardian is already Lucas's.
    const dados = dadosCompletos();
    const [mae] = await t.database.db
      .insert(guardians)
      .values({
        nome: 'Mariana Souza',
        telefone: '11900000000',
        cpf: dados.responsaveis[0]!.cpf,
        email: 'mariana@familia.test',
      })
      .returning();
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: aluno!.id, responsavelId: mae!.id, parentesco: 'mae', ehPrincipal: true });
    await t.database.db.insert(mensalidades).values({
      alunoId: aluno!.id,
      turmaId: atual.id,
      mesReferencia: '2026-11',
      dataVencimento: '2026-11-10',
      valorOriginal: 80_000,
      valor: 80_000,
    });
    const { interessado, token } = await rascunho(cookie, {
      ...dados,
      aluno: { ...dados.aluno, cpf: alunoCpf },
      plano_id: PLANO.id,
    });
    for (const tipo of ['certidao-nascimento', 'carteira-vacinacao']) await upload(token, tipo, PDF);
    await contratoAssinado(interessado.id);
    await t.database.db
      .update(preMatriculas)
      .set({ enviadoEm: new Date() })
      .where(eq(preMatriculas.interessadoId, interessado.id));

    expect(await matricularSePronto(t.app.ctx, interessado.id, comPlano)).toMatchObject({
      matriculado: true,
      alunoId: aluno!.id,
    });
    const cobrancas = await t.database.db
      .select()
      .from(mensalidades)
      .where(eq(mensalidades.alunoId, aluno!.id))
      .orderBy(mensalidades.mesReferencia);
    expect(cobrancas.map((row) => [row.mesReferencia, row.valor])).toEqual([
      ['2026-11', 80_000],
      ['2027-01', 150_000],
      ...Array.from({ length: 11 }, (_, index) => [`2027-${String(index + 2).padStart(2, '0')}`, 100_000]),
    ]);
    expect(cobrancas[1]!.motivoDesconto).toBe('Inclui a taxa de matrícula');
  });

  it('respects capacity: a full class is skipped, and with no room the family waits (stage kept)', async () => {
    const cookie = await staff();
    const cheia = await insertClass(t, null, 1, { serie: '1º ano', anoLetivo: '2027', nome: '1º A' });
    await t.database.db
      .insert(students)
      .values({ nome: 'Ocupa', dataNascimento: '2020-01-01', matricula: 'C-1', turmaId: cheia.id });
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);

    const waiting = await matricularSePronto(t.app.ctx, interessado.id);
    expect(waiting.matriculado).toBe(false);
    expect(waiting.motivo).toContain('lista de espera');
    const [row] = await t.database.db.select().from(interessados).where(eq(interessados.id, interessado.id));
    expect(row!.etapa).toBe('contrato_assinado');
    expect(await t.database.db.select().from(students)).toHaveLength(1);
    expect(await t.database.db.select().from(mensalidades)).toHaveLength(0);
    const [pre] = await t.database.db.select().from(preMatriculas);
    expect(pre!.listaEsperaEm).not.toBeNull();
    // The family is told once, not at every attempt, and told no charge is made yet.
    const mailsTo = (subject: string) =>
      t.mailer.sent.filter((mail) => mail.to === row!.email && mail.subject.startsWith(subject));
    expect(mailsTo('Lista de espera:')).toHaveLength(1);
    expect(mailsTo('Lista de espera:')[0]!.text).toContain(
      'as turmas de 1º ano de 2027 estão completas neste momento',
    );
    expect(mailsTo('Lista de espera:')[0]!.text).toContain('Nenhuma mensalidade é gerada antes disso.');
    await matricularSePronto(t.app.ctx, interessado.id);
    expect(mailsTo('Lista de espera:')).toHaveLength(1);
    expect(mailsTo('Matrícula confirmada:')).toHaveLength(0);

    // The staff's 'Matricular agora' says why, until a class with room exists.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/matriculas/interessados/${interessado.id}/matricular`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toContain('lista de espera');

    const livre = await insertClass(t, null, 20, { serie: '1º ano', anoLetivo: '2027', nome: '1º B' });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/matriculas/interessados/${interessado.id}/matricular`,
      headers: { cookie },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(dataOf<{ turma_id: string }>(done).turma_id).toBe(livre.id);
    // Enrolled: the family is told the class, and the funnel's timeline says they were.
    expect(mailsTo('Matrícula confirmada:')).toHaveLength(1);
    expect(mailsTo('Matrícula confirmada:')[0]!.text).toMatch(
      /está confirmada: turma 1º B \(1º ano, .+\), ano letivo 2027/,
    );
    const avisos = await t.database.db
      .select({ texto: interessadoEventos.texto })
      .from(interessadoEventos)
      .where(and(eq(interessadoEventos.interessadoId, interessado.id), eq(interessadoEventos.tipo, 'email')));
    expect(avisos.map((evento) => evento.texto)).toEqual(
      expect.arrayContaining([
        `Aviso da lista de espera enviado para ${row!.email}.`,
        `Confirmação da matrícula enviada para ${row!.email}.`,
      ]),
    );
  });

  it('before the school opens a class of the série for that year, says so: no waiting list', async () => {
    const cookie = await staff();
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);
    const waiting = await matricularSePronto(t.app.ctx, interessado.id);
    expect(waiting).toMatchObject({ matriculado: false });
    expect(waiting.motivo).toBe(
      'Ainda não há turma de 1º ano em 2027: crie a turma em Turmas e clique em Matricular agora.',
    );
    const [pre] = await t.database.db.select().from(preMatriculas);
    expect(pre!.listaEsperaEm).toBeNull();
    const turma = await insertClass(t, null, 20, { serie: '1º ano', anoLetivo: '2027' });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/matriculas/interessados/${interessado.id}/matricular`,
      headers: { cookie },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(dataOf<{ turma_id: string }>(done).turma_id).toBe(turma.id);
  });

  it('without a plan, charges the class tuition; a failure leaves nothing half-done', async () => {
    const cookie = await staff();
    const turma = await insertClass(t, null, 25, { serie: '1º ano', anoLetivo: '2027' });
    await t.database.db
      .insert(classTuition)
      .values({ turmaId: turma.id, valorMensalidade: 90_000, diaVencimento: 5 });
    // The guardian's e-mail belongs to a staff account: the guardian cannot be created.
    await signedIn(t, 'administrador', { email: 'mariana@familia.test' });
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);
    const failed = await matricularSePronto(t.app.ctx, interessado.id);
    expect(failed.matriculado).toBe(false);
    expect(await t.database.db.select().from(students)).toHaveLength(0);
    expect(await t.database.db.select().from(guardians)).toHaveLength(0);

    await t.database.db
      .update(users)
      .set({ email: 'outra@escola.test' })
      .where(eq(users.email, 'mariana@familia.test'));
    const outcome = await matricularSePronto(t.app.ctx, interessado.id);
    expect(outcome.matriculado).toBe(true);
    const cobrancas = await t.database.db.select().from(mensalidades);
    expect(cobrancas).toHaveLength(12);
    expect(cobrancas.every((row) => row.valor === 90_000)).toBe(true);
  });

  it("a family that chose 'à vista' in the contract is not charged the class's months by 'Gerar mensalidades'", async () => {
    const cookie = await staff();
    const turma = await insertClass(t, null, 25, { serie: '1º ano', anoLetivo: '2027', nome: '1º A' });
    await t.database.db
      .insert(classTuition)
      .values({ turmaId: turma.id, valorMensalidade: 110_000, diaVencimento: 5 });
    const aVista = { ...PLANO, nome: 'À vista', parcelas: 1, valor_parcela_centavos: 1_150_000 };
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);
    const enrolled = await matricularSePronto(t.app.ctx, interessado.id, {
      planoPorId: (_db: unknown, id: string) => Promise.resolve(id === PLANO.id ? aVista : null),
    });
    expect(enrolled.matriculado).toBe(true);
    const planCharges = await t.database.db.select().from(mensalidades);
    expect(planCharges.map((row) => [row.mesReferencia, row.valor])).toEqual([
      ['2026-11', 50_000],
      ['2027-01', 1_150_000],
    ]);

    // The secretaria generates the class's 2027 tuition: the anuidade paid à vista is the year's.
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/financeiro/mensalidades/gerar/simular',
      headers: { cookie },
      payload: { ano: 2027 },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(dataOf<{ mensalidades: number; turmas: { com_plano: number }[] }>(preview)).toMatchObject({
      mensalidades: 0,
      turmas: [{ com_plano: 1 }],
    });
    const generated = await t.app.inject({
      method: 'POST',
      url: '/api/financeiro/mensalidades/gerar',
      headers: { cookie },
      payload: { ano: 2027 },
    });
    expect(messageOf(generated)).toContain('pagam pelo plano do contrato assinado');
    expect(await t.database.db.select().from(mensalidades)).toHaveLength(2);

    // Undoing the plan's batch gives the student back to the class's tuition.
    await t.database.db.update(mensalidades).set({ desfeita: true, canceladaEm: new Date() });
    await t.app.inject({
      method: 'POST',
      url: '/api/financeiro/mensalidades/gerar',
      headers: { cookie },
      payload: { ano: 2027 },
    });
    const classCharges = await t.database.db
      .select()
      .from(mensalidades)
      .where(eq(mensalidades.desfeita, false));
    expect(classCharges).toHaveLength(12);
    expect(classCharges.every((row) => row.valor === 110_000 && row.anuidadeAno === null)).toBe(true);
  });

  it('when the school requires it, waits for the fee; the Financeiro records it, and the fee is a paid charge', async () => {
    const cookie = await escolaCom1oAno();
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);
    const pagar = (who: string, payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/matriculas/interessados/${interessado.id}/pagamento`,
        headers: { cookie: who },
        payload,
      });
    // Without the rule the fee is charged after the enrolment and received in Financeiro: a payment
    // recorded here only kept it from being charged at all (security review, ADR 0101).
    const unasked = await pagar(cookie, { forma: 'dinheiro' });
    expect(unasked.statusCode).toBe(409);
    expect(messageOf(unasked)).toBe(TAXA_NO_FINANCEIRO);

    await exigirPagamento(cookie);
    const waiting = await matricularSePronto(t.app.ctx, interessado.id);
    expect(waiting).toMatchObject({ matriculado: false });
    expect(waiting.motivo).toContain('pagamento');

    // Receiving money is the Financeiro's: the secretaria (enrolments, no finance) cannot record it.
    const secretaria = await staffWith(t, 'secretaria');
    expect((await pagar(secretaria.cookie, { forma: 'dinheiro' })).statusCode).toBe(403);
    const financeiro = await staffWith(t, 'financeiro');
    const semForma = await pagar(financeiro.cookie, {});
    expect(semForma.statusCode).toBe(400);
    expect(detailsOf(semForma)).toContainEqual({ path: 'forma', message: 'Escolha a forma de pagamento' });

    // What 'Registrar pagamento da taxa' does (here with the family's plan, which the route reads itself).
    const paid = await registrarPagamentoTaxa(t.app.ctx, interessado.id, systemActor, {
      forma: 'dinheiro',
      ...comPlano,
    });
    expect(paid.matriculado).toBe(true);
    const cobrancas = await t.database.db.select().from(mensalidades).orderBy(mensalidades.mesReferencia);
    expect(cobrancas).toHaveLength(13);
    // The fee is in the books like any payment: its charge settled, a receita under Matrícula.
    expect(cobrancas[0]).toMatchObject({
      tipo: 'taxa_matricula',
      valor: 50_000,
      principalPago: 50_000,
      dataPagamento: '2026-11-20',
    });
    expect(cobrancas.slice(1).every((row) => row.tipo === 'mensalidade' && row.principalPago === 0)).toBe(
      true,
    );
    const receitas = await t.database.db.select().from(transacoes);
    expect(receitas).toEqual([
      expect.objectContaining({
        tipo: 'receita',
        valor: 50_000,
        formaPagamento: 'dinheiro',
        categoria: 'Matrícula',
      }),
    ]);
    const [pagamento] = await t.database.db.select().from(pagamentos);
    expect(pagamento).toMatchObject({
      mensalidadeId: cobrancas[0]!.id,
      forma: 'dinheiro',
      valorPago: 50_000,
    });
  });
});

describe('the fee paid first and the job queue (ADR 0103)', () => {
  /** A row as one queued by name 'matricula-online.pagamento' would be (ADR 0049's job, which nothing queued). */
  const queueFeeJob = (interessadoId: string) =>
    t.app.ctx.jobs.enqueue(t.database.db, 'matricula-online.pagamento', {
      interessado_id: interessadoId,
      forma: 'pix',
    });

  it('records no fee from a queued job: only the Financeiro receives it', async () => {
    const cookie = await escolaCom1oAno();
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);
    await exigirPagamento(cookie);
    await queueFeeJob(interessado.id);
    await t.app.ctx.jobs.drain();
    const [pre] = await t.database.db
      .select()
      .from(preMatriculas)
      .where(eq(preMatriculas.interessadoId, interessado.id));
    expect(pre!.pagamentoEm).toBeNull();
    expect(await t.database.db.select().from(mensalidades)).toEqual([]);
    // Dropped at once, not tried again: no kind of job answers to that name.
    expect(await t.database.db.select().from(jobs)).toEqual([]);
  });

  it('leaves no job failing until its last attempt when the school does not require the fee first', async () => {
    const cookie = await escolaCom1oAno();
    const { interessado } = await familiaEnviada(cookie);
    await contratoAssinado(interessado.id);
    await queueFeeJob(interessado.id);
    await t.app.ctx.jobs.drain();
    expect(await t.database.db.select().from(jobs)).toEqual([]);
  });
});

describe('Configurações → Matrícula online', () => {
  it('saves the documents asked for and refuses a repeated one', async () => {
    const cookie = await staff();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/matriculas/configuracoes',
      headers: { cookie },
      payload: {
        documentos: [{ id: 'rg-aluno', nome: 'RG do aluno', obrigatorio: true }],
        exigir_pagamento: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<{ documentos: unknown[]; version: number }>(saved)).toMatchObject({
      documentos: [{ id: 'rg-aluno', nome: 'RG do aluno', obrigatorio: true }],
      version: 1,
    });
    const repeated = await t.app.inject({
      method: 'PUT',
      url: '/api/matriculas/configuracoes',
      headers: { cookie },
      payload: {
        documentos: [
          { id: 'a', nome: 'RG', obrigatorio: true },
          { id: 'b', nome: 'rg', obrigatorio: false },
        ],
        exigir_pagamento: false,
      },
    });
    expect(repeated.statusCode).toBe(400);
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/matriculas/configuracoes',
      headers: { cookie },
      payload: { documentos: [], exigir_pagamento: false, version: 0 },
    });
    expect(stale.statusCode).toBe(412);
  });
});
