import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GuardianSummary, Student, UpdatedGuardian } from '../../../shared/students.schemas.js';
import { GENERATED_PASSWORD_LENGTH } from '../../../shared/users.schemas.js';
import { formatCpf } from '../../../shared/validators.js';
import { createUserRow, loginAs, requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf, insertGuardian, insertStudent, messageOf, newCpf } from '../../test/records-fixtures.js';
import { users } from '../../db/schema/users.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

/** A guardian whose record e-mail is the portal account's login, with a child. */
async function guardianOfAccount(account: { id: string; email: string }) {
  const mother = await insertGuardian(t, account.id);
  await t.database.db.update(guardians).set({ email: account.email }).where(eq(guardians.id, mother.id));
  await insertStudent(t, null, mother.id);
  return mother;
}

/** A record editor changes the guardian's e-mail: the answer, and the token of the link mailed to it. */
async function changeEmail(
  cookie: string,
  mother: Awaited<ReturnType<typeof insertGuardian>>,
  email: string,
) {
  const response = await send(
    'PUT',
    `/api/responsaveis/${mother.id}`,
    cookie,
    guardianBody(mother, { email }),
  );
  expect(response.statusCode).toBe(200);
  return { response, token: /token=([\w-]+)/.exec(t.mailer.last()!.text)![1]! };
}

const loginEmailOf = async (userId: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.email;

const guardianBody = (row: { nome: string; telefone: string; cpf: string | null }, extra: object = {}) => ({
  nome: row.nome,
  telefone: row.telefone,
  cpf: row.cpf,
  ...extra,
});

describe('guardians kept by the secretaria', () => {
  it('finds a guardian by name or by CPF (masked or not) and lists whose guardian they are', async () => {
    const admin = await signedIn(t, 'administrador');
    const guardian = await insertGuardian(t);
    await t.database.db
      .update(guardians)
      .set({ nome: 'Marta Ribeiro Lopes' })
      .where(eq(guardians.id, guardian.id));
    const child = await insertStudent(t, null, guardian.id);
    await insertGuardian(t);

    const byName = dataOf<GuardianSummary[]>(await get('/api/responsaveis?q=ribeiro', admin.cookie));
    expect(byName.map((item) => item.id)).toEqual([guardian.id]);
    expect(byName[0]!.alunos).toEqual([{ id: child.id, nome: child.nome }]);
    const byCpf = dataOf<GuardianSummary[]>(
      await get(`/api/responsaveis?q=${encodeURIComponent(formatCpf(guardian.cpf))}`, admin.cookie),
    );
    expect(byCpf.map((item) => item.id)).toEqual([guardian.id]);
  });

  it('links a sibling to the same guardian record and moves the principal', async () => {
    const admin = await signedIn(t, 'administrador');
    const mother = await insertGuardian(t);
    const father = await insertGuardian(t);
    const first = await insertStudent(t, null, mother.id);
    const sibling = await insertStudent(t, null, father.id);

    const linked = await send('POST', `/api/alunos/${sibling.id}/responsaveis`, admin.cookie, {
      responsavel_id: mother.id,
      parentesco: 'mae',
      eh_principal: true,
    });
    expect(linked.statusCode).toBe(200);
    const student = dataOf<Student>(linked);
    expect(student.responsavel?.id).toBe(mother.id);
    expect(student.responsaveis.map((item) => [item.id, item.eh_principal])).toEqual([
      [mother.id, true],
      [father.id, false],
    ]);
    // One record for both children.
    const links = await t.database.db
      .select()
      .from(studentGuardians)
      .where(eq(studentGuardians.responsavelId, mother.id));
    expect(links.map((link) => link.alunoId).sort()).toEqual([first.id, sibling.id].sort());
    expect(await t.database.db.select().from(guardians)).toHaveLength(2);
  });

  it('refuses to unlink the last guardian and the principal, and unlinks the others', async () => {
    const admin = await signedIn(t, 'administrador');
    const mother = await insertGuardian(t);
    const father = await insertGuardian(t);
    const student = await insertStudent(t, null, mother.id);

    const last = await send('DELETE', `/api/alunos/${student.id}/responsaveis/${mother.id}`, admin.cookie);
    expect(last.statusCode).toBe(409);
    expect(messageOf(last)).toMatch(/ao menos um responsável/);

    await send('POST', `/api/alunos/${student.id}/responsaveis`, admin.cookie, {
      responsavel_id: father.id,
      parentesco: 'pai',
    });
    const principal = await send(
      'DELETE',
      `/api/alunos/${student.id}/responsaveis/${mother.id}`,
      admin.cookie,
    );
    expect(principal.statusCode).toBe(409);
    expect(messageOf(principal)).toMatch(/principal/);

    const removed = await send('DELETE', `/api/alunos/${student.id}/responsaveis/${father.id}`, admin.cookie);
    expect(removed.statusCode).toBe(200);
    expect(dataOf<Student>(removed).responsaveis.map((item) => item.id)).toEqual([mother.id]);
    const absent = await send('DELETE', `/api/alunos/${student.id}/responsaveis/${father.id}`, admin.cookie);
    expect(absent.statusCode).toBe(404);
  });

  it('refuses a principal without CPF', async () => {
    const admin = await signedIn(t, 'administrador');
    const mother = await insertGuardian(t);
    const noCpf = await insertGuardian(t);
    await t.database.db.update(guardians).set({ cpf: null }).where(eq(guardians.id, noCpf.id));
    const student = await insertStudent(t, null, mother.id);
    const response = await send('POST', `/api/alunos/${student.id}/responsaveis`, admin.cookie, {
      responsavel_id: noCpf.id,
      parentesco: 'tia',
      eh_principal: true,
    });
    expect(response.statusCode).toBe(400);
    const clearing = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { cpf: '' }),
    );
    expect(clearing.statusCode).toBe(400);
  });

  it('edits a guardian, the relationship and the phone, with the version check', async () => {
    const admin = await signedIn(t, 'administrador');
    const mother = await insertGuardian(t);
    const student = await insertStudent(t, null, mother.id);
    const response = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, {
        telefone: '(21) 99876-5432',
        endereco: 'Rua Nova, 10',
        aluno_id: student.id,
        parentesco: 'ava',
        version: 1,
      }),
    );
    expect(response.statusCode).toBe(200);
    const saved = dataOf<UpdatedGuardian>(response);
    expect(saved).toMatchObject({ telefone: '21998765432', endereco: 'Rua Nova, 10', version: 2 });
    const [link] = await t.database.db
      .select()
      .from(studentGuardians)
      .where(eq(studentGuardians.alunoId, student.id));
    expect(link!.parentesco).toBe('ava');
    const stale = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { version: 1 }),
    );
    expect(stale.statusCode).toBe(412);
    // A mobile that lost a digit is no landline: refused on the field, not saved as (19) 9888-8777.
    const short = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { telefone: '19 98888-777', version: 2 }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([
      { path: 'telefone', message: 'Celular com DDD tem 11 dígitos: confira o número' },
    ]);
  });

  it('says the confirmation link stays in the outbox when the server sends no e-mail', async () => {
    const admin = await signedIn(t, 'administrador');
    const mother = await insertGuardian(t, (await signedIn(t, 'responsavel')).user.id);
    await insertStudent(t, null, mother.id);
    const change = (email: string) =>
      send('PUT', `/api/responsaveis/${mother.id}`, admin.cookie, guardianBody(mother, { email }));
    const withMail = await change('primeiro@familia.test');
    expect(messageOf(withMail)).toBe(
      'Dados salvos. O novo e-mail passa a valer depois de confirmado em primeiro@familia.test.',
    );
    try {
      t.mailer.delivery = 'arquivo';
      const [row] = await t.database.db.select().from(guardians).where(eq(guardians.id, mother.id));
      const withoutMail = await send(
        'PUT',
        `/api/responsaveis/${mother.id}`,
        admin.cookie,
        guardianBody(row!, { email: 'segundo@familia.test' }),
      );
      expect(messageOf(withoutMail)).toBe(
        'Dados salvos. O novo e-mail passa a valer depois de confirmado em segundo@familia.test. O e-mail não está configurado neste servidor (variável SMTP_URL, veja o README): o link de confirmação não chega ao responsável; até ele ser confirmado, o acesso continua pelo e-mail anterior.',
      );
    } finally {
      t.mailer.delivery = 'smtp';
    }
  });

  it('changes the portal login only after the new address confirms', async () => {
    const admin = await signedIn(t, 'administrador');
    const account = await signedIn(t, 'responsavel');
    const mother = await guardianOfAccount(account.user);

    const { response, token } = await changeEmail(admin.cookie, mother, 'Novo.Endereco@Familia.test');
    const saved = dataOf<UpdatedGuardian>(response);
    expect(saved.email).toBe(account.user.email);
    expect(saved.email_pendente).toBe('novo.endereco@familia.test');
    expect(t.mailer.last()!.to).toBe('novo.endereco@familia.test');
    // Still the old login until confirmed, and the account's own session confirms (issue: a used account).
    const motherCookie = await loginAs(t.app, account.user.email);

    const wrong = await send('POST', '/api/responsaveis/confirmar-email', motherCookie, {
      token: 'x'.repeat(43),
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await send('POST', '/api/responsaveis/confirmar-email', motherCookie, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(await loginEmailOf(account.user.id)).toBe('novo.endereco@familia.test');
    const [row] = await t.database.db.select().from(guardians).where(eq(guardians.id, mother.id));
    expect(row!.email).toBe('novo.endereco@familia.test');
    expect(t.mailer.last()!.to).toBe(account.user.email);
    await loginAs(t.app, 'novo.endereco@familia.test');
    expect((await send('POST', '/api/responsaveis/confirmar-email', '', { token })).statusCode).toBe(400);
  });

  it("lets no record editor move a used account's login to an address of theirs: the guardian confirms signed in", async () => {
    const secretaria = await signedIn(t, 'administrador');
    const account = await signedIn(t, 'responsavel');
    const mother = await guardianOfAccount(account.user);
    const { token } = await changeEmail(secretaria.cookie, mother, 'caixa.do.editor@fora.test');

    // Whoever holds the new address alone, and the editor's own session, confirm nothing.
    const alone = await send('POST', '/api/responsaveis/confirmar-email', '', { token });
    expect(alone.statusCode).toBe(401);
    expect(messageOf(alone)).toBe(
      'Entre no portal com o seu e-mail atual e a sua senha para confirmar o novo e-mail.',
    );
    const editor = await send('POST', '/api/responsaveis/confirmar-email', secretaria.cookie, { token });
    expect(editor.statusCode).toBe(403);
    expect(await loginEmailOf(account.user.id)).toBe(account.user.email);

    // The link still works for the mother herself (the refusals did not spend it).
    const mine = await send('POST', '/api/responsaveis/confirmar-email', account.cookie, { token });
    expect(mine.statusCode).toBe(200);
    expect(await loginEmailOf(account.user.id)).toBe('caixa.do.editor@fora.test');
  });

  it('confirms by the link alone an account never signed in (its welcome mail went to a mistyped address)', async () => {
    const admin = await signedIn(t, 'administrador');
    const unused = await createUserRow(t.database, 'responsavel', { primeiroLogin: true });
    const mother = await guardianOfAccount(unused);
    const { token } = await changeEmail(admin.cookie, mother, 'correto@familia.test');
    expect((await send('POST', '/api/responsaveis/confirmar-email', '', { token })).statusCode).toBe(200);
    expect(await loginEmailOf(unused.id)).toBe('correto@familia.test');
  });

  it('gives a guardian registered without e-mail a portal account when the secretaria asks for it', async () => {
    const admin = await signedIn(t, 'administrador');
    const mother = await insertGuardian(t);
    const child = await insertStudent(t, null, mother.id);

    // An e-mail alone stays a contact, as before.
    const contact = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { email: 'mae.sem.conta@familia.test' }),
    );
    expect(contact.statusCode).toBe(200);
    expect(dataOf<UpdatedGuardian>(contact).usuario_id).toBeNull();
    // Access needs an e-mail.
    const noEmail = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { criar_acesso: true }),
    );
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details).toEqual([{ path: 'email', message: expect.stringMatching(/e-mail/i) }]);

    const granted = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { email: 'mae.sem.conta@familia.test', criar_acesso: true }),
    );
    expect(granted.statusCode).toBe(200);
    const saved = dataOf<UpdatedGuardian>(granted);
    expect(saved.usuario_id).not.toBeNull();
    expect(saved.senhaGerada).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(saved.emailEnviado).toBe(true);
    expect(t.mailer.last()).toMatchObject({ to: 'mae.sem.conta@familia.test' });
    expect(t.mailer.last()!.text).toContain(saved.senhaGerada!);
    // She signs in with it (and is asked for a password of her own); the account is hers, so the
    // portal shows her child.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'mae.sem.conta@familia.test', password: saved.senhaGerada },
    });
    expect(login.statusCode).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, saved.usuario_id!));
    expect(account).toMatchObject({ nivel: 'responsavel', primeiroLogin: true });
    const [link] = await t.database.db
      .select({ alunoId: studentGuardians.alunoId })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .where(eq(guardians.usuarioId, account!.id));
    expect(link).toEqual({ alunoId: child.id });
  });

  it('links a guardian to the portal account already created with the same e-mail in Usuários', async () => {
    const admin = await signedIn(t, 'administrador');
    const account = await signedIn(t, 'responsavel');
    const mother = await insertGuardian(t);
    await insertStudent(t, null, mother.id);
    const taken = await signedIn(t, 'responsavel');
    await insertGuardian(t, taken.user.id);

    const linked = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { email: account.user.email, criar_acesso: true }),
    );
    expect(linked.statusCode).toBe(200);
    expect(dataOf<UpdatedGuardian>(linked)).toMatchObject({ usuario_id: account.user.id });
    expect(dataOf<UpdatedGuardian>(linked).senhaGerada).toBeUndefined();

    // Not an account that is another guardian's, nor a teacher's or an administrator's.
    const other = await insertGuardian(t);
    for (const email of [taken.user.email, admin.user.email]) {
      const refused = await send(
        'PUT',
        `/api/responsaveis/${other.id}`,
        admin.cookie,
        guardianBody(other, { email, criar_acesso: true }),
      );
      expect(refused.statusCode).toBe(409);
    }
  });

  it('refuses an e-mail another account uses', async () => {
    const admin = await signedIn(t, 'administrador');
    const account = await signedIn(t, 'responsavel');
    const mother = await insertGuardian(t, account.user.id);
    const response = await send(
      'PUT',
      `/api/responsaveis/${mother.id}`,
      admin.cookie,
      guardianBody(mother, { email: admin.user.email, cpf: newCpf() }),
    );
    expect(response.statusCode).toBe(409);
  });

  it('keeps the guardian search and edits to administrators', async () => {
    const teacher = await signedIn(t, 'professor');
    const parent = await signedIn(t, 'responsavel');
    const mother = await insertGuardian(t);
    for (const who of [teacher, parent]) {
      expect((await get('/api/responsaveis?q=a', who.cookie)).statusCode).toBe(403);
      expect(
        (await send('PUT', `/api/responsaveis/${mother.id}`, who.cookie, guardianBody(mother))).statusCode,
      ).toBe(403);
    }
  });
});
