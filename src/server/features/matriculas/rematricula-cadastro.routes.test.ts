import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConviteResult } from '../../../shared/pre-matricula.schemas.js';
import { clock } from '../../lib/clock.js';
import { interessadoEventos, interessados } from '../../db/schema/matriculas.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { dataOf, insertClass, newCpf } from '../../test/records-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { systemActor } from '../audit/index.js';
import { matricularSePronto } from './matricula-automatica.js';
import { responsavelNaoVinculado } from './matricula-familia.js';
import { iniciarRodada } from './rematricula-online.service.js';

/**
 * A rematrícula's link is a bearer URL in an e-mail (ADR 0090): it shows no CPF nor another guardian's
 * contacts, the school fills what the family leaves blank from its record, and a guardian of another
 * family named on it is neither linked nor changed.
 */
const t = setupTestApp();
beforeEach(() => clock.pin('2026-11-20'));
afterEach(() => clock.unpin());

const online = (token: string, suffix = '') => `/api/matricula-online/${token}${suffix}`;

interface Responsavel {
  responsavel_id?: string | null;
  nome: string;
  cpf?: string | null;
  email?: string | null;
  telefone?: string | null;
  parentesco?: string | null;
  financeiro: boolean;
}
interface Dados {
  aluno: Record<string, unknown>;
  endereco: Record<string, string>;
  responsaveis: Responsavel[];
}

/** Bia, in the school, with her mother (principal, the link's e-mail) and her father, who lives elsewhere. */
async function familiaNoCadastro() {
  const address = (cep: string, logradouro: string) => ({
    cep,
    logradouro,
    numero: '10',
    bairro: 'Centro',
    cidade: 'Rio de Janeiro',
    uf: 'RJ',
  });
  const [mae] = await t.database.db
    .insert(guardians)
    .values({
      nome: 'Ana Lima',
      telefone: '11911112222',
      cpf: newCpf(),
      email: 'ana@familia.test',
      ...address('20040020', 'Avenida Rio Branco'),
    })
    .returning();
  const [pai] = await t.database.db
    .insert(guardians)
    .values({
      nome: 'Caio Lima',
      telefone: '11933334444',
      cpf: newCpf(),
      email: 'caio@familia.test',
      ...address('22290030', 'Rua do Pai'),
    })
    .returning();
  const [bia] = await t.database.db
    .insert(students)
    .values({ nome: 'Bia Lima', dataNascimento: '2020-04-02', matricula: 'R-1' })
    .returning();
  await t.database.db.insert(studentGuardians).values([
    { alunoId: bia!.id, responsavelId: mae!.id, parentesco: 'mae', ehPrincipal: true },
    { alunoId: bia!.id, responsavelId: pai!.id, parentesco: 'pai', ehPrincipal: false },
  ]);
  return { mae: mae!, pai: pai!, bia: bia! };
}

/** Another family's guardian: the CPF someone may know. */
async function outraFamilia() {
  const [patricia] = await t.database.db
    .insert(guardians)
    .values({ nome: 'Patrícia Souza', telefone: '11900403869', cpf: newCpf(), email: 'patricia@outra.test' })
    .returning();
  const [alice] = await t.database.db
    .insert(students)
    .values({ nome: 'Alice Souza', dataNascimento: '2019-01-01', matricula: 'R-2' })
    .returning();
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId: alice!.id, responsavelId: patricia!.id, parentesco: 'mae', ehPrincipal: true });
  return patricia!;
}

/** The rematrícula's link, sent to the mother, as the round makes it. */
async function linkDaRematricula(bia: { id: string }) {
  const cookie = (await signedIn(t, 'administrador')).cookie;
  const [interessado] = await t.database.db
    .insert(interessados)
    .values({
      tipo: 'rematricula',
      responsavelNome: 'Ana Lima',
      email: 'ana@familia.test',
      telefone: '11911112222',
      alunoNome: 'Bia Lima',
      alunoNascimento: '2020-04-02',
      serie: '1º ano',
      anoLetivo: 2027,
      alunoId: bia.id,
    })
    .returning();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/matriculas/interessados/${interessado!.id}/convite`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = dataOf<ConviteResult>(response).url.split('/').pop()!;
  const dados = dataOf<{ dados: Dados }>(await t.app.inject({ method: 'GET', url: online(token) })).dados;
  return { cookie, interessado: interessado!, token, dados };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The family saves `dados`, sends the documents asked by default and sends the form (no plan on offer). */
async function enviar(token: string, dados: Dados) {
  const put = await t.app.inject({ method: 'PUT', url: online(token), payload: dados });
  expect(put.statusCode, put.body).toBe(200);
  for (const tipo of ['certidao-nascimento', 'carteira-vacinacao']) {
    const body = multipartFile(PDF, 'doc.pdf', 'application/pdf', 'arquivo');
    const sent = await t.app.inject({
      method: 'POST',
      url: online(token, `/documentos?tipo=${tipo}`),
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
  }
  return t.app.inject({ method: 'POST', url: online(token, '/enviar'), payload: {} });
}

async function matriculaAssinada(interessadoId: string) {
  await insertClass(t, null, 25, { serie: '1º ano', anoLetivo: '2027' });
  await t.database.db
    .update(interessados)
    .set({ etapa: 'contrato_assinado' })
    .where(eq(interessados.id, interessadoId));
  return matricularSePronto(t.app.ctx, interessadoId);
}

const guardianById = async (id: string) =>
  (await t.database.db.select().from(guardians).where(eq(guardians.id, id)))[0]!;
const linksOf = async (alunoId: string) =>
  (await t.database.db.select().from(studentGuardians).where(eq(studentGuardians.alunoId, alunoId)))
    .map((row) => row.responsavelId)
    .sort();

/** The pré-matrícula as the secretaria's panel reads it (what the contract and its signing links take). */
async function resumoDaSecretaria(cookie: string, interessadoId: string) {
  return dataOf<{ dados: Dados }>(
    await t.app.inject({
      method: 'GET',
      url: `/api/matriculas/interessados/${interessadoId}/pre-matricula`,
      headers: { cookie },
    }),
  );
}

describe("a rematrícula's link", () => {
  it("shows the guardians on file by name, the recipient's own contacts and address, and no CPF", async () => {
    const { mae, pai, bia } = await familiaNoCadastro();
    const { dados } = await linkDaRematricula(bia);
    expect(dados.responsaveis).toEqual([
      {
        responsavel_id: mae.id,
        nome: 'Ana Lima',
        cpf: null,
        email: 'ana@familia.test',
        telefone: '11911112222',
        parentesco: 'mae',
        financeiro: true,
      },
      {
        responsavel_id: pai.id,
        nome: 'Caio Lima',
        cpf: null,
        email: null,
        telefone: null,
        parentesco: 'pai',
        financeiro: false,
      },
    ]);
    // The mother's address, never the father's.
    expect(dados.endereco).toMatchObject({ cep: '20040-020', logradouro: 'Avenida Rio Branco' });
    expect(JSON.stringify(dados)).not.toContain(pai.cpf);
    expect(JSON.stringify(dados)).not.toContain(mae.cpf);
    expect(JSON.stringify(dados)).not.toContain('Rua do Pai');
  });

  it('takes what the family left blank from the record: sent, shown to the school, enrolled onto the same guardians', async () => {
    const { mae, pai, bia } = await familiaNoCadastro();
    const { cookie, interessado, token, dados } = await linkDaRematricula(bia);
    // The mother keeps everything as it came, with a new phone; her CPF and the father's data stay blank.
    const [primeira, segundo] = dados.responsaveis;
    const sent = await enviar(token, {
      ...dados,
      responsaveis: [{ ...primeira!, telefone: '11955556666' }, segundo!],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The link still shows no CPF after sending; the secretaria's view has the record's.
    const reread = dataOf<{ dados: Dados }>(await t.app.inject({ method: 'GET', url: online(token) }));
    expect(reread.dados.responsaveis.map((item) => item.cpf)).toEqual([null, null]);
    const resumo = await resumoDaSecretaria(cookie, interessado.id);
    expect(resumo.dados.responsaveis).toMatchObject([
      { cpf: mae.cpf, email: 'ana@familia.test', telefone: '11955556666' },
      { cpf: pai.cpf, email: 'caio@familia.test', telefone: '11933334444' },
    ]);

    const guardiansBefore = await t.database.db.select().from(guardians);
    const outcome = await matriculaAssinada(interessado.id);
    expect(outcome).toMatchObject({ matriculado: true, alunoId: bia.id });
    expect(await t.database.db.select().from(guardians)).toHaveLength(guardiansBefore.length);
    expect(await linksOf(bia.id)).toEqual([mae.id, pai.id].sort());
    expect((await guardianById(mae.id)).telefone).toBe('11955556666');
    expect((await guardianById(pai.id)).telefone).toBe('11933334444');
  });

  it('without the CPF of the financial guardian on the record either, asks the family for it', async () => {
    const { mae, bia } = await familiaNoCadastro();
    await t.database.db.update(guardians).set({ cpf: null }).where(eq(guardians.id, mae.id));
    const { token, dados } = await linkDaRematricula(bia);
    const sent = await enviar(token, dados);
    expect(sent.statusCode).toBe(400);
    expect(sent.body).toContain('CPF do responsável financeiro é obrigatório');
  });

  it("the recipient cannot rewrite the other guardian's e-mail, phone or address (security review, 2026-12-06)", async () => {
    // The link went to the mother: typing the father's e-mail made his signing link and code come to
    // her (his record's CPF on the contract), and the enrolment wrote her phone and address on his record.
    const { mae, pai, bia } = await familiaNoCadastro();
    const { cookie, interessado, token, dados } = await linkDaRematricula(bia);
    const [primeira, segundo] = dados.responsaveis;
    const sent = await enviar(token, {
      ...dados,
      responsaveis: [
        primeira!,
        { ...segundo!, email: 'ana.outra@familia.test', telefone: '11900001111', cpf: newCpf() },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const resumo = await resumoDaSecretaria(cookie, interessado.id);
    // What the contract and its signing links read: the father as the school knows him.
    expect(resumo.dados.responsaveis[1]).toMatchObject({
      responsavel_id: pai.id,
      cpf: pai.cpf,
      email: 'caio@familia.test',
      telefone: '11933334444',
    });

    const outcome = await matriculaAssinada(interessado.id);
    expect(outcome).toMatchObject({ matriculado: true, alunoId: bia.id });
    expect(await linksOf(bia.id)).toEqual([mae.id, pai.id].sort());
    expect(await guardianById(pai.id)).toMatchObject({
      email: 'caio@familia.test',
      telefone: '11933334444',
      cep: '22290030',
      logradouro: 'Rua do Pai',
    });
    // The recipient's own record takes the form's contact, as before.
    expect(await guardianById(mae.id)).toMatchObject({ logradouro: 'Avenida Rio Branco' });
  });

  it("another family's guardian named by CPF is neither linked nor changed; the timeline says so", async () => {
    const { mae, pai, bia } = await familiaNoCadastro();
    const patricia = await outraFamilia();
    const { interessado, token, dados } = await linkDaRematricula(bia);
    const sent = await enviar(token, {
      ...dados,
      responsaveis: [
        dados.responsaveis[0]!,
        {
          nome: 'Patrícia Souza',
          cpf: patricia.cpf,
          email: 'atacante@exemplo.test',
          telefone: '11955554444',
          parentesco: 'tia',
          financeiro: false,
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const outcome = await matriculaAssinada(interessado.id);
    expect(outcome).toMatchObject({ matriculado: true, alunoId: bia.id });
    expect(await linksOf(bia.id)).toEqual([mae.id, pai.id].sort());
    expect(await guardianById(patricia.id)).toMatchObject({
      telefone: '11900403869',
      email: 'patricia@outra.test',
      cep: null,
    });
    const eventos = await t.database.db
      .select({ texto: interessadoEventos.texto })
      .from(interessadoEventos)
      .where(eq(interessadoEventos.interessadoId, interessado.id));
    expect(eventos.map((item) => item.texto)).toContain(responsavelNaoVinculado('Patrícia Souza'));
  });

  it("another family's guardian's id on the form reads nothing from that record and links nobody", async () => {
    const { mae, pai, bia } = await familiaNoCadastro();
    const patricia = await outraFamilia();
    const { cookie, interessado, token, dados } = await linkDaRematricula(bia);
    const sent = await enviar(token, {
      ...dados,
      responsaveis: [
        dados.responsaveis[0]!,
        {
          responsavel_id: patricia.id,
          nome: 'Tia',
          telefone: '11955554444',
          parentesco: 'tia',
          financeiro: false,
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const resumo = await resumoDaSecretaria(cookie, interessado.id);
    expect(resumo.dados.responsaveis[1]).toMatchObject({ nome: 'Tia', responsavel_id: null });
    expect(JSON.stringify(resumo.dados)).not.toContain(patricia.cpf);
    expect(JSON.stringify(resumo.dados)).not.toContain(patricia.email);
    await matriculaAssinada(interessado.id);
    const links = await linksOf(bia.id);
    expect(links).not.toContain(patricia.id);
    expect(links).toEqual(expect.arrayContaining([mae.id, pai.id]));
    expect((await guardianById(patricia.id)).telefone).toBe('11900403869');
  });
});

describe('the rematrícula round', () => {
  it("sends the link to a guardian's e-mail, never to the student's own", async () => {
    const turma = await insertClass(t, null, 25, { serie: '1º ano', anoLetivo: '2026' });
    const { mae, pai, bia } = await familiaNoCadastro();
    // The principal has no e-mail, the father has: the link goes to him.
    await t.database.db.update(guardians).set({ email: null }).where(eq(guardians.id, mae.id));
    await t.database.db
      .update(students)
      .set({ turmaId: turma.id, email: 'bia@aluna.test' })
      .where(eq(students.id, bia.id));
    // A student whose only guardian has no e-mail gets no link, not one at her own address.
    const [sozinha] = await t.database.db
      .insert(students)
      .values({
        nome: 'Lia Reis',
        dataNascimento: '2020-01-01',
        matricula: 'R-3',
        turmaId: turma.id,
        email: 'lia@aluna.test',
      })
      .returning();
    const [tio] = await t.database.db
      .insert(guardians)
      .values({ nome: 'Tio Reis', telefone: '11977778888' })
      .returning();
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: sozinha!.id, responsavelId: tio!.id, parentesco: 'tio', ehPrincipal: true });
    t.mailer.sent.length = 0;

    await iniciarRodada(t.app.ctx, 2027, systemActor);
    const rows = await t.database.db
      .select({ alunoId: interessados.alunoId, email: interessados.email })
      .from(interessados);
    expect(rows).toEqual(
      expect.arrayContaining([
        { alunoId: bia.id, email: pai.email },
        { alunoId: sozinha!.id, email: '' },
      ]),
    );
    expect(t.mailer.sent.map((mail) => mail.to).sort()).toEqual([pai.email]);
  });
});
