import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CreatedStudentAccount,
  StudentAccess,
  StudentAccount,
} from '../../../shared/contas-aluno.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { GENERATED_PASSWORD_LENGTH } from '../../../shared/users.schemas.js';
import type { StudentConsents } from '../../../shared/consent.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { studentAccounts } from '../../db/schema/student-accounts.js';
import { users } from '../../db/schema/users.js';
import { hashPassword } from '../auth/index.js';
import { dataOf, insertClass, messageOf } from '../../test/records-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { loginAs, requestsOf, setupTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';

/** Issue 31 §4 (ADR 0029): a student's own portal account, from its creation to what it reaches. */
const t: TestApp = setupTestApp();
const { send, get } = requestsOf(() => t.app);

/** A school with a 6º ano class (two families in it) and a 5º ano class (one family). */
async function school() {
  const base = await setupSchool(t, {
    stage: { nivel: 'Fundamental II', serie: '6º ano', nome: '6º ano A' },
  });
  const family = await familyIn(t, base.turma.id);
  const classmate = await familyIn(t, base.turma.id);
  const fifth = await insertClass(t, null, 25, { nivel: 'Fundamental I', serie: '5º ano', nome: '5º ano A' });
  const younger = await familyIn(t, fifth.id);
  return { ...base, family, classmate, younger, fifth };
}

const consent = (responsavelId: string) => ({ responsavel_id: responsavelId, meio: 'termo_assinado' });

/** Creates the account through the API and signs the student in (the first password already changed). */
async function studentAccount(adminCookie: string, alunoId: string, guardianId: string, email: string) {
  const created = await send('POST', `/api/alunos/${alunoId}/acesso`, adminCookie, {
    email,
    consentimento: consent(guardianId),
  });
  expect(created.statusCode, created.body).toBe(201);
  const body = dataOf<CreatedStudentAccount>(created);
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(TEST_PASSWORD), primeiroLogin: false })
    .where(eq(users.id, body.conta.usuario_id));
  return { ...body, cookie: await loginAs(t.app, email) };
}

describe('creating a student account', () => {
  it('is refused below the configured série and without the guardian consent, then made once with it', async () => {
    const { admin, family, younger, classmate } = await school();
    const below = await send('POST', `/api/alunos/${younger.child.id}/acesso`, admin.cookie, {
      email: 'cacula@escola.test',
      consentimento: consent(younger.guardian.id),
    });
    expect(below.statusCode).toBe(409);
    expect(messageOf(below)).toBe(
      'O acesso ao Portal do Aluno é oferecido a partir do 6º ano (Configurações → Acadêmico); este aluno está no 5º ano.',
    );
    const access = dataOf<StudentAccess>(await get(`/api/alunos/${younger.child.id}/acesso`, admin.cookie));
    expect(access).toMatchObject({ conta: null, elegivel: false, serie_minima: '6º ano' });

    const noConsent = await send('POST', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      email: 'aluna@escola.test',
    });
    expect(noConsent.statusCode).toBe(409);
    expect(messageOf(noConsent)).toMatch(/consentimento do responsável \(LGPD art\. 14\)/);
    // Another child's guardian cannot consent for this one.
    const wrongGuardian = await send('POST', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      email: 'aluna@escola.test',
      consentimento: consent(classmate.guardian.id),
    });
    expect(wrongGuardian.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'aluna@escola.test'))).toEqual([]);

    const created = await send('POST', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      email: 'aluna@escola.test',
      consentimento: consent(family.guardian.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = dataOf<CreatedStudentAccount>(created);
    expect(body.senhaGerada).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(body.conta).toMatchObject({
      aluno_id: family.child.id,
      email: 'aluna@escola.test',
      status: 'ativo',
      consentimento: { responsavel_id: family.guardian.id, meio: 'termo_assinado' },
      pedido_desativacao: null,
    });
    expect(t.mailer.sent.at(-1)?.text).toContain(body.senhaGerada);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'criar_acesso_aluno'));
    expect(audited).toMatchObject({ entity: 'aluno', entityId: family.child.id });

    const again = await send('POST', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      email: 'outra@escola.test',
      consentimento: consent(family.guardian.id),
    });
    expect(again.statusCode).toBe(409);
    // The users screen makes no student account, and turns none into one.
    const viaUsers = await send('POST', '/api/users', admin.cookie, {
      nome: 'Aluno Solto',
      email: 'solto@escola.test',
      tipo: 'aluno',
    });
    expect(viaUsers.statusCode).toBe(409);
  });

  it("takes the e-mail alone once the family authorized the account in their portal's Privacidade, and only while it stands", async () => {
    const { admin, family } = await school();
    const path = `/api/alunos/${family.child.id}/consentimentos`;
    const consents = dataOf<StudentConsents>(await get(path, family.cookie));
    const portal = consents.finalidades.find((item) => item.finalidade.chave === 'portal_aluno')!;
    expect(portal.finalidade.titulo).toBe('Conta própria no Portal do Aluno');
    const give = (concedido: boolean) =>
      send('POST', path, family.cookie, { finalidade_id: portal.finalidade.id, concedido });
    expect((await give(true)).statusCode).toBe(200);
    expect((await give(false)).statusCode).toBe(200);
    // Withdrawn: the latest answer counts, so the e-mail alone is refused again.
    const withdrawn = await send('POST', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      email: 'autorizada@escola.test',
    });
    expect(withdrawn.statusCode).toBe(409);
    const access = () => get(`/api/alunos/${family.child.id}/acesso`, admin.cookie);
    expect(dataOf<StudentAccess>(await access()).autorizacao_familia).toBeNull();
    expect((await give(true)).statusCode).toBe(200);
    expect(dataOf<StudentAccess>(await access()).autorizacao_familia).toMatchObject({
      responsavel_nome: family.guardian.nome,
    });
    const created = await send('POST', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      email: 'autorizada@escola.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(dataOf<CreatedStudentAccount>(created).conta.consentimento).toMatchObject({
      responsavel_id: family.guardian.id,
      responsavel_nome: family.guardian.nome,
      meio: 'portal',
    });
  });

  it("is not asked of a family whose child is below the série, in Privacidade, until the school's série reaches it", async () => {
    const { admin, younger, family } = await school();
    const purposes = async (who: { child: { id: string }; cookie: string }) =>
      dataOf<StudentConsents>(
        await get(`/api/alunos/${who.child.id}/consentimentos`, who.cookie),
      ).finalidades.map((item) => item.finalidade.chave);
    // A 5º ano child, the portal from the 6º ano: the other purposes, not this one (for the secretaria too).
    expect(await purposes(younger)).toEqual(['imagem', 'sms', 'passeios']);
    expect(await purposes({ child: younger.child, cookie: admin.cookie })).not.toContain('portal_aluno');
    expect(await purposes(family)).toContain('portal_aluno');
    await send('PUT', '/api/contas-aluno/configuracao', admin.cookie, { serie_minima: '5º ano' });
    expect(await purposes(younger)).toContain('portal_aluno');
    // Answered, it stays in view (its history, its withdrawal) whatever the série later becomes.
    const portal = dataOf<StudentConsents>(
      await get(`/api/alunos/${younger.child.id}/consentimentos`, younger.cookie),
    ).finalidades.find((item) => item.finalidade.chave === 'portal_aluno')!;
    const given = await send('POST', `/api/alunos/${younger.child.id}/consentimentos`, younger.cookie, {
      finalidade_id: portal.finalidade.id,
      concedido: true,
    });
    expect(given.statusCode, given.body).toBe(200);
    await send('PUT', '/api/contas-aluno/configuracao', admin.cookie, { serie_minima: '6º ano' });
    expect(await purposes(younger)).toContain('portal_aluno');
  });

  it('follows the first série the school sets', async () => {
    const { admin, younger } = await school();
    const set = await send('PUT', '/api/contas-aluno/configuracao', admin.cookie, { serie_minima: '5º ano' });
    expect(set.statusCode, set.body).toBe(200);
    const created = await send('POST', `/api/alunos/${younger.child.id}/acesso`, admin.cookie, {
      email: 'quinto@escola.test',
      consentimento: consent(younger.guardian.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const unknown = await send('PUT', '/api/contas-aluno/configuracao', admin.cookie, {
      serie_minima: 'Nono',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('a student account', () => {
  it('reaches only its own boletim, attendance, documents and the comunicados to students', async () => {
    const { admin, family, classmate, turma } = await school();
    const student = await studentAccount(admin.cookie, family.child.id, family.guardian.id, 'eu@escola.test');
    const own = family.child.id;
    const other = classmate.child.id;

    const home = await get('/api/portal-aluno', student.cookie);
    expect(home.statusCode, home.body).toBe(200);
    expect(dataOf<{ aluno: { id: string }; turma: { id: string } }>(home)).toMatchObject({
      aluno: { id: own },
      turma: { id: turma.id },
    });
    expect((await get('/api/portal-aluno', admin.cookie)).statusCode).toBe(404);

    expect((await get(`/api/boletins/alunos/${own}`, student.cookie)).statusCode).toBe(200);
    expect((await get(`/api/boletins/alunos/${other}`, student.cookie)).statusCode).toBe(404);
    expect((await get(`/api/frequencia/alunos/${own}`, student.cookie)).statusCode).toBe(200);
    expect((await get(`/api/frequencia/alunos/${other}`, student.cookie)).statusCode).toBe(404);

    const declaration = await send('POST', '/api/documentos', student.cookie, {
      aluno_id: own,
      tipo: 'declaracao_matricula',
    });
    expect(declaration.statusCode, declaration.body).toBe(201);
    const listed = await get(`/api/documentos?aluno_id=${own}`, student.cookie);
    expect(listed.statusCode).toBe(200);
    expect(dataOf<unknown[]>(listed)).toHaveLength(1);
    const forOther = await send('POST', '/api/documentos', student.cookie, {
      aluno_id: other,
      tipo: 'declaracao_matricula',
    });
    expect(forOther.statusCode).toBe(404);
    const secretariaOnly = await send('POST', '/api/documentos', student.cookie, {
      aluno_id: own,
      tipo: 'historico_escolar',
    });
    expect(secretariaOnly.statusCode).toBe(403);

    // Comunicados: a notice to the families is not the students'; one to the students is.
    const toFamilies = await send('POST', '/api/comunicados', admin.cookie, {
      titulo: 'Reunião de pais',
      corpo: 'Quinta às 19h.',
      publico: { tipo: 'escola' },
    });
    expect(toFamilies.statusCode, toFamilies.body).toBe(201);
    const toStudents = await send('POST', '/api/comunicados', admin.cookie, {
      titulo: 'Feira de ciências',
      corpo: 'Tragam os projetos.',
      publico: { tipo: 'turmas', turmas: [turma.id], destinatarios: 'alunos' },
    });
    expect(toStudents.statusCode, toStudents.body).toBe(201);
    const titles = (cookie: string) =>
      get('/api/comunicados', cookie).then((response) =>
        dataOf<{ items: { titulo: string }[] }>(response).items.map((item) => item.titulo),
      );
    expect(await titles(student.cookie)).toEqual(['Feira de ciências']);
    expect(await titles(family.cookie)).toEqual(['Reunião de pais']);

    // The calendar without the staff's internal entries.
    for (const [titulo, publico] of [
      ['Conselho de classe', false],
      ['Festa junina', true],
    ] as const) {
      const entry = await send('POST', '/api/calendario', admin.cookie, {
        tipo: 'evento',
        titulo,
        inicio: '2026-06-20',
        publico,
      });
      expect(entry.statusCode, entry.body).toBe(201);
    }
    const calendar = await get('/api/calendario?de=2026-06-01&ate=2026-06-30', student.cookie);
    expect(calendar.statusCode).toBe(200);
    expect(dataOf<{ eventos: { titulo: string }[] }>(calendar).eventos.map((e) => e.titulo)).toEqual([
      'Festa junina',
    ]);

    // Never: other students, finance, the family's conversations, the staff's lists, the guardians' data.
    for (const url of [
      '/api/alunos',
      `/api/alunos/${own}`,
      `/api/turmas/${turma.id}/alunos`,
      '/api/financeiro/mensalidades',
      '/api/mensagens',
      '/api/professores',
      '/api/users',
      '/api/responsaveis/me',
      '/api/dashboard/stats',
      `/api/alunos/${own}/acesso`,
      '/api/contas-aluno',
    ])
      expect((await get(url, student.cookie)).statusCode, url).toBe(403);
    const message = await send('POST', '/api/mensagens', student.cookie, {
      destino: 'secretaria',
      aluno_id: own,
      assunto: 'Oi',
      texto: 'Oi',
    });
    expect(message.statusCode).toBe(403);
  });
});

describe("who sees a student's account", () => {
  it('the secretaria sees its e-mail, last sign-in and consent; the class teacher and the coordenação do not', async () => {
    const { admin, teacher, family } = await school();
    await studentAccount(admin.cookie, family.child.id, family.guardian.id, 'privado@escola.test');
    const url = `/api/alunos/${family.child.id}/acesso`;

    const secretaria = await staffWith(t, 'secretaria');
    const { conta } = dataOf<StudentAccess>(await get(url, secretaria.cookie));
    expect(conta).toMatchObject({
      email: 'privado@escola.test',
      consentimento: { responsavel_nome: family.guardian.nome },
    });
    expect(conta!.ultimo_login).not.toBeNull();

    // The teacher reaches the student (the class is theirs), as whoTheStudentIs shows it: no e-mail.
    expect((await get(`/api/alunos/${family.child.id}`, teacher.cookie)).statusCode).toBe(200);
    const coordenacao = await staffWith(t, 'coordenacao');
    for (const [who, cookie] of [
      ['professor', teacher.cookie],
      ['coordenação', coordenacao.cookie],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.statusCode, who).toBe(403);
      expect(response.body, who).not.toContain('privado@escola.test');
      expect(response.body, who).not.toContain(family.guardian.nome);
    }
  });
});

describe('the guardian and the staff', () => {
  it('a guardian sees the account and asks to disable it; the staff disable it keeping its history', async () => {
    const { admin, family, classmate } = await school();
    const student = await studentAccount(
      admin.cookie,
      family.child.id,
      family.guardian.id,
      'filho@escola.test',
    );

    const seen = await get('/api/contas-aluno/familia', family.cookie);
    expect(dataOf<StudentAccount[]>(seen).map((conta) => conta.email)).toEqual(['filho@escola.test']);
    expect(dataOf<StudentAccount[]>(await get('/api/contas-aluno/familia', classmate.cookie))).toEqual([]);
    // Another family cannot ask for it.
    const stranger = await send(
      'POST',
      `/api/alunos/${family.child.id}/acesso/pedido-desativacao`,
      classmate.cookie,
      {},
    );
    expect(stranger.statusCode).toBe(404);

    const asked = await send(
      'POST',
      `/api/alunos/${family.child.id}/acesso/pedido-desativacao`,
      family.cookie,
      {
        motivo: 'Prefiro acompanhar só pela minha conta.',
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(dataOf<StudentAccount>(asked).pedido_desativacao).toMatchObject({
      por: family.user.nome,
      motivo: 'Prefiro acompanhar só pela minha conta.',
    });
    const pending = dataOf<StudentAccount[]>(await get('/api/contas-aluno?pedidos=1', admin.cookie));
    expect(pending.map((conta) => conta.aluno_id)).toEqual([family.child.id]);

    const disabled = await send('PATCH', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      status: 'inativo',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(dataOf<StudentAccount>(disabled)).toMatchObject({ status: 'inativo', pedido_desativacao: null });
    expect((await get('/api/portal-aluno', student.cookie)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'filho@escola.test', password: TEST_PASSWORD },
    });
    expect(refused.statusCode).not.toBe(200);
    // The history stays: the account, its consent record and the audit trail.
    expect(await t.database.db.select().from(studentAccounts)).toHaveLength(1);
    expect(dataOf<StudentAccount[]>(await get('/api/contas-aluno?pedidos=1', admin.cookie))).toEqual([]);
    const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog)).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['criar_acesso_aluno', 'pedir_desativacao_acesso_aluno']));

    const enabled = await send('PATCH', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      status: 'ativo',
    });
    expect(dataOf<StudentAccount>(enabled).status).toBe('ativo');
    const reset = await send('POST', `/api/alunos/${family.child.id}/acesso/senha`, admin.cookie);
    expect(reset.statusCode, reset.body).toBe(200);
    const novaSenha = dataOf<{ novaSenha: string }>(reset).novaSenha;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'filho@escola.test', password: novaSenha },
    });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe("withdrawing the family's consent (LGPD art. 14, ADR 0038)", () => {
  it('disables the account at once, audited; granting again does not enable it, the school does', async () => {
    const { admin, family } = await school();
    const student = await studentAccount(
      admin.cookie,
      family.child.id,
      family.guardian.id,
      'neto@escola.test',
    );
    const path = `/api/alunos/${family.child.id}/consentimentos`;
    const purposes = dataOf<StudentConsents>(await get(path, family.cookie)).finalidades;
    const portal = purposes.find((item) => item.finalidade.chave === 'portal_aluno')!.finalidade;
    // The family reads what withdrawing does before they do it.
    expect(portal.descricao).toMatch(/retirar esta autorização desativa a conta na hora/);
    const give = (concedido: boolean) =>
      send('POST', path, family.cookie, { finalidade_id: portal.id, concedido });
    expect((await give(true)).statusCode).toBe(200);
    expect((await get('/api/portal-aluno', student.cookie)).statusCode).toBe(200);

    expect((await give(false)).statusCode).toBe(200);
    // At once: the session is over and the sign-in refused, in Portuguese.
    expect((await get('/api/portal-aluno', student.cookie)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'neto@escola.test', password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    expect(messageOf(refused)).toBe('Credenciais inválidas');
    const access = () => get(`/api/alunos/${family.child.id}/acesso`, admin.cookie);
    expect(dataOf<StudentAccess>(await access()).conta).toMatchObject({ status: 'inativo' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'alterar_status'));
    expect(audit.map((row) => row.details)).toEqual([
      { status: 'inativo', acesso_aluno: family.child.id, motivo: 'consentimento_retirado' },
    ]);

    // The school cannot enable it while the consent stays withdrawn.
    const enable = () =>
      send('PATCH', `/api/alunos/${family.child.id}/acesso`, admin.cookie, { status: 'ativo' });
    const early = await enable();
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toMatch(/retirou o consentimento/);
    // Granting again does not enable it by itself; the school then does.
    expect((await give(true)).statusCode).toBe(200);
    expect(dataOf<StudentAccess>(await access()).conta).toMatchObject({ status: 'inativo' });
    const enabled = await enable();
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(dataOf<StudentAccount>(enabled).status).toBe('ativo');
    expect((await loginAs(t.app, 'neto@escola.test')).length).toBeGreaterThan(0);
  });
});

describe('a student who leaves the school', () => {
  it('is transferred: the account is disabled at once, audited, and cannot be enabled until the student is active again', async () => {
    const { admin, family } = await school();
    const student = await studentAccount(
      admin.cookie,
      family.child.id,
      family.guardian.id,
      'transferido@escola.test',
    );
    expect((await get('/api/portal-aluno', student.cookie)).statusCode).toBe(200);
    const status = (value: string) =>
      send('PATCH', `/api/alunos/${family.child.id}/status`, admin.cookie, { status: value });

    expect((await status('transferido')).statusCode).toBe(200);
    // The session ends and the sign-in is refused.
    expect((await get('/api/portal-aluno', student.cookie)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'transferido@escola.test', password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    const access = () => get(`/api/alunos/${family.child.id}/acesso`, admin.cookie);
    expect(dataOf<StudentAccess>(await access()).conta).toMatchObject({ status: 'inativo' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'usuario'));
    expect(audit.map((row) => row.details)).toContainEqual({
      status: 'inativo',
      acesso_aluno: family.child.id,
      motivo: 'aluno_saiu',
    });

    const enable = () =>
      send('PATCH', `/api/alunos/${family.child.id}/acesso`, admin.cookie, { status: 'ativo' });
    const early = await enable();
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe('Só alunos ativos podem ter acesso ao Portal do Aluno.');
    // Back at the school, the account stays off until the school enables it.
    expect((await status('ativo')).statusCode).toBe(200);
    expect(dataOf<StudentAccess>(await access()).conta).toMatchObject({ status: 'inativo' });
    expect((await enable()).statusCode).toBe(200);
    expect((await loginAs(t.app, 'transferido@escola.test')).length).toBeGreaterThan(0);
  });
});

describe("the staff's list of requests", () => {
  it('disabling answers the request: it leaves the list and the family is told', async () => {
    const { admin, family, classmate } = await school();
    await studentAccount(admin.cookie, family.child.id, family.guardian.id, 'pedido@escola.test');
    await studentAccount(admin.cookie, classmate.child.id, classmate.guardian.id, 'colega@escola.test');
    const asked = await send(
      'POST',
      `/api/alunos/${family.child.id}/acesso/pedido-desativacao`,
      family.cookie,
      {
        motivo: 'Ainda é cedo.',
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = () => get('/api/contas-aluno?pedidos=1', admin.cookie);
    expect(dataOf<StudentAccount[]>(await pending()).map((conta) => conta.aluno_id)).toEqual([
      family.child.id,
    ]);
    const disabled = await send('PATCH', `/api/alunos/${family.child.id}/acesso`, admin.cookie, {
      status: 'inativo',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(dataOf<StudentAccount[]>(await pending())).toEqual([]);
    const bell = async (cookie: string) =>
      dataOf<NotificacaoPage>(await get('/api/notificacoes', cookie)).items.map((item) => item.titulo);
    expect(await bell(family.cookie)).toContain(`Portal do Aluno: acesso de ${family.child.nome} desativado`);
    expect(await bell(classmate.cookie)).toEqual([]);
  });
});
