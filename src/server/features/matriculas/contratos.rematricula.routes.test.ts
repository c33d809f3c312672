import { DAY_MS } from '../../../shared/calendar.js';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { completeCpf } from '../../../shared/validators.js';
import type { PreMatriculaDados } from '../../../shared/matriculas.schemas.js';
import type { PreMatriculaResumo } from '../../../shared/pre-matricula.schemas.js';
import { contratoAssinaturas } from '../../db/schema/contratos.js';
import { interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { PAULISTA_ADDRESS } from '../../test/records-fixtures.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { systemActor } from '../audit/audit.service.js';
import { saveSchoolIdentity } from '../settings/school-identity.js';

/**
 * A rematrícula's link proves only the guardian it was sent to (ADR 0116): the other guardian on file
 * signs the contract from the e-mail on their record, never from one the link's recipient typed for them.
 */
const t = setupTestApp({ publicUrl: 'https://escola.example.org' });
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-11-20'));
afterEach(() => clock.unpin());

const CPF_MAE = completeCpf('123456789');
const CPF_PAI = completeCpf('987654321');
/** The e-mail the mother types for the father, who has none on file: an address of hers. */
const DIGITADO = 'mae.outra@example.com';

async function escola(cookie: string, exigirSegundo: boolean) {
  await saveSchoolIdentity(
    t.database.db,
    { nome: 'Escola Girassol', cnpj: '12.345.678/0001-95', endereco: 'Rua das Flores, 100 — São Paulo/SP' },
    { actor: systemActor },
  );
  const config = await send('PUT', '/api/matriculas/modelos-contrato/configuracao', cookie, {
    exigir_segundo_responsavel: exigirSegundo,
    representante_nome: 'Marta Ribeiro',
    representante_cpf: completeCpf('111444777'),
    representante_email: 'direcao@escola.example.org',
  });
  expect(config.statusCode, config.body).toBe(200);
  const saved = await send('PUT', '/api/matriculas/anuidades', cookie, {
    ano_letivo: 2027,
    serie: '1º ano',
    valor_anual_centavos: 1_800_000,
    prazo_matricula: '2027-01-31',
    planos: [
      {
        nome: 'Anual',
        parcelas: 12,
        valor_parcela_centavos: 150_000,
        taxa_matricula_centavos: 0,
        padrao: true,
      },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return (saved.json().data as { planos: { id: string }[] }).planos[0]!.id;
}

/** Pedro on file: his mother (principal, the link's e-mail) and his father, with no e-mail on the record. */
async function familiaNoCadastro() {
  const [mae] = await t.database.db
    .insert(guardians)
    .values({ nome: 'Mariana Lima', telefone: '11912345678', cpf: CPF_MAE, email: 'mariana@example.com' })
    .returning();
  const [pai] = await t.database.db
    .insert(guardians)
    .values({ nome: 'Carlos Lima', telefone: '11933334444', cpf: CPF_PAI, email: null })
    .returning();
  const [pedro] = await t.database.db
    .insert(students)
    .values({ nome: 'Pedro Lima', dataNascimento: '2019-05-10', matricula: 'R-1' })
    .returning();
  await t.database.db.insert(studentGuardians).values([
    { alunoId: pedro!.id, responsavelId: mae!.id, parentesco: 'mae', ehPrincipal: true },
    { alunoId: pedro!.id, responsavelId: pai!.id, parentesco: 'pai', ehPrincipal: false },
  ]);
  return { mae: mae!, pai: pai!, pedro: pedro! };
}

type Responsavel = PreMatriculaDados['responsaveis'][number];

/** The rematrícula's form, sent by the mother (the link's recipient), with the father as she typed him. */
async function rematricula(
  alunoId: string,
  planoId: string,
  maeId: string,
  pai: Responsavel,
  emailDaMae = 'mariana@example.com',
) {
  const [row] = await t.database.db
    .insert(interessados)
    .values({
      tipo: 'rematricula',
      responsavelNome: 'Mariana Lima',
      email: 'mariana@example.com',
      telefone: '11912345678',
      alunoNome: 'Pedro Lima',
      alunoNascimento: '2019-05-10',
      serie: '1º ano',
      anoLetivo: 2027,
      alunoId,
      etapa: 'pre_matricula',
    })
    .returning();
  const dados: PreMatriculaDados = {
    aluno: { nome: 'Pedro Lima', data_nascimento: '2019-05-10', sexo: 'masculino', cpf: null },
    endereco: { cep: '01310-100', ...PAULISTA_ADDRESS },
    responsaveis: [
      {
        responsavel_id: maeId,
        nome: 'Mariana Lima',
        cpf: null,
        email: emailDaMae,
        telefone: '11912345678',
        parentesco: 'mae',
        financeiro: !pai.financeiro,
      },
      pai,
    ],
    plano_id: planoId,
    dia_vencimento: 5,
    observacoes: null,
  };
  await t.database.db.insert(preMatriculas).values({
    interessadoId: row!.id,
    tokenHash: randomBytes(32).toString('hex'),
    expiraEm: new Date(Date.now() + DAY_MS),
    dados,
    enviadoEm: new Date(),
  });
  return row!;
}

const enviarContrato = (cookie: string, id: string) =>
  send('POST', `/api/matriculas/interessados/${id}/contrato`, cookie);
const mailedTo = () => t.mailer.sent.map((message) => message.to);
const resumo = async (cookie: string, id: string) =>
  (await get(`/api/matriculas/interessados/${id}/pre-matricula`, cookie)).json<{
    data: PreMatriculaResumo;
  }>().data;

describe("a rematrícula's contract and the other guardian's e-mail (ADR 0116)", () => {
  const semEmail = (pai: { id: string }): Responsavel => ({
    responsavel_id: pai.id,
    nome: 'Carlos Lima',
    cpf: null,
    email: DIGITADO,
    telefone: null,
    parentesco: 'pai',
    financeiro: false,
  });

  it('is not sent to the second guardian at an e-mail the recipient typed; it goes once the record has one', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const planoId = await escola(cookie, true);
    const { mae, pai, pedro } = await familiaNoCadastro();
    const family = await rematricula(pedro.id, planoId, mae.id, semEmail(pai));

    // The secretaria's view shows the typed address, marked as one to confirm.
    expect((await resumo(cookie, family.id)).emails_a_confirmar).toEqual([1]);
    const refused = await enviarContrato(cookie, family.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('Carlos Lima não tem e-mail no cadastro da escola');
    expect(mailedTo()).not.toContain(DIGITADO);

    // The secretaria confirms the address with him and puts it on his record: his link goes there.
    await t.database.db
      .update(guardians)
      .set({ email: 'carlos@example.com' })
      .where(eq(guardians.id, pai.id));
    expect((await resumo(cookie, family.id)).emails_a_confirmar).toEqual([]);
    const sent = await enviarContrato(cookie, family.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(mailedTo()).toContain('carlos@example.com');
    expect(mailedTo()).not.toContain(DIGITADO);
  });

  it('does not let the recipient make the father the financial guardian and sign for him', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const planoId = await escola(cookie, false);
    const { mae, pai, pedro } = await familiaNoCadastro();
    const family = await rematricula(pedro.id, planoId, mae.id, { ...semEmail(pai), financeiro: true });
    const refused = await enviarContrato(cookie, family.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(mailedTo()).not.toContain(DIGITADO);
    expect(await t.database.db.select().from(contratoAssinaturas)).toEqual([]);
  });

  it('nor typed again without the record, under his CPF: his link goes to the e-mail on his record', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const planoId = await escola(cookie, false);
    const { mae, pai, pedro } = await familiaNoCadastro();
    const family = await rematricula(pedro.id, planoId, mae.id, {
      ...semEmail(pai),
      responsavel_id: null,
      cpf: CPF_PAI,
      financeiro: true,
    });
    expect((await enviarContrato(cookie, family.id)).statusCode).toBe(409);

    await t.database.db
      .update(guardians)
      .set({ email: 'carlos@example.com' })
      .where(eq(guardians.id, pai.id));
    const sent = await enviarContrato(cookie, family.id);
    expect(sent.statusCode, sent.body).toBe(201);
    const signers = await t.database.db.select().from(contratoAssinaturas);
    expect(signers.find((item) => item.papel === 'responsavel_financeiro')).toMatchObject({
      cpf: CPF_PAI,
      email: 'carlos@example.com',
    });
    expect(mailedTo()).not.toContain(DIGITADO);
  });

  it("sends the link's recipient's own signing link to the address the link went to, not one she typed", async () => {
    // Whoever holds the rematrícula's link (forwarded, or read in a shared mailbox) is not the mother: a new
    // address typed for her is a contact; her signature still comes from the e-mail on her record.
    const { cookie } = await signedIn(t, 'administrador');
    const planoId = await escola(cookie, false);
    const { mae, pai, pedro } = await familiaNoCadastro();
    const family = await rematricula(pedro.id, planoId, mae.id, semEmail(pai), 'mariana.nova@example.com');
    expect((await resumo(cookie, family.id)).emails_a_confirmar).toEqual([1]);
    const sent = await enviarContrato(cookie, family.id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(mailedTo()).toContain('mariana@example.com');
    expect(mailedTo()).not.toContain('mariana.nova@example.com');
    expect(mailedTo()).not.toContain(DIGITADO);
  });

  it('voids, when signed, a contract whose signer no longer signs from the e-mail on the record', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const planoId = await escola(cookie, false);
    const { mae, pai, pedro } = await familiaNoCadastro();
    const family = await rematricula(pedro.id, planoId, mae.id, semEmail(pai));
    expect((await enviarContrato(cookie, family.id)).statusCode).toBe(201);
    // As a contract sent before ADR 0116 to the address the link's holder typed for the mother.
    await t.database.db
      .update(contratoAssinaturas)
      .set({ email: 'mariana.nova@example.com' })
      .where(eq(contratoAssinaturas.papel, 'responsavel_financeiro'));
    const token = /\/assinar\/([A-Za-z0-9_-]+)/.exec(
      t.mailer.sent.find((message) => message.to === 'mariana@example.com')!.text,
    )![1]!;
    const from = '203.0.113.7';
    const pedido = await t.app.inject({
      method: 'POST',
      url: `/api/assinaturas/${token}/codigo`,
      remoteAddress: from,
    });
    expect(pedido.statusCode, pedido.body).toBe(200);
    const codigo = /\n\s+(\d{6})\n/.exec(t.mailer.sent.at(-1)!.text)![1]!;
    expect(t.mailer.sent.at(-1)!.to).toBe('mariana.nova@example.com');
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/assinaturas/${token}/assinar`,
      payload: { codigo },
      remoteAddress: from,
    });
    expect(signed.statusCode, signed.body).toBe(409);
    expect(signed.json().message).toContain('foi anulado');
  });
});
