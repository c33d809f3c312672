/**
 * The guardian's address in parts (issue 36, ADR 0058): checked on every write, the one-line address
 * derived from the parts, older one-line records kept, and LGPD (export and anonymisation) covering them.
 */
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { CreatedStudent, Guardian, Student, UpdatedGuardian } from '../../../shared/students.schemas.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import {
  dataOf,
  detailsOf,
  insertGuardian,
  insertStudent,
  newCpf,
  validStudentBody,
} from '../../test/records-fixtures.js';
import { addressPartsOf } from './students.presenter.js';
import { auditLog } from '../../db/schema/audit.js';
import { guardians } from '../../db/schema/students.js';
import { payersOf } from './payer.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

const SE = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  numero: '100',
  complemento: 'Apto 12',
  bairro: 'Sé',
  cidade: 'São Paulo',
  uf: 'sp',
};
const SE_LINE = 'Praça da Sé, 100 - Apto 12 - Sé - São Paulo/SP - CEP 01001-000';
const NO_PARTS = {
  cep: null,
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  cidade: null,
  uf: null,
};

const guardianRow = async (id: string) =>
  (await t.database.db.select().from(guardians).where(eq(guardians.id, id)))[0]!;

describe("the guardian's address in parts", () => {
  it('creates a guardian with the parts, answers them normalised and derives the one-line address', async () => {
    const admin = await signedIn(t, 'administrador');
    const response = await send('POST', '/api/responsaveis', admin.cookie, {
      nome: 'Marta Ribeiro Lopes',
      telefone: '(11) 91234-5678',
      cpf: newCpf(),
      parentesco: 'mae',
      // A line sent with the parts is not what is kept: the parts say the address.
      endereco: 'qualquer coisa',
      ...SE,
      numero: ' 100 ',
    });
    expect(response.statusCode).toBe(201);
    const created = dataOf<Guardian>(response);
    expect(created).toMatchObject({ ...SE, cep: '01001000', uf: 'SP', endereco: SE_LINE });
    // Stored so, and read so by the boleto and the invoice (payersOf).
    const row = await guardianRow(created.id);
    expect([row.cep, row.uf, row.numero, row.endereco]).toEqual(['01001000', 'SP', '100', SE_LINE]);
    const student = await insertStudent(t, null, created.id);
    const payer = (await payersOf(t.database.db, [student.id])).get(student.id)!;
    expect(payer.endereco).toEqual({ ...SE, cep: '01001000', uf: 'SP', linha: SE_LINE });
    // The student's record shows the parts to the school.
    const view = dataOf<Student>(await get(`/api/alunos/${student.id}`, admin.cookie));
    expect(view.responsavel).toMatchObject({ cep: '01001000', logradouro: 'Praça da Sé', uf: 'SP' });
  });

  it('refuses bad parts and half an address with pt-BR messages on each field, and writes nothing', async () => {
    const admin = await signedIn(t, 'administrador');
    const before = (await t.database.db.select().from(guardians)).length;
    const base = { nome: 'Marta Ribeiro Lopes', telefone: '11912345678', cpf: newCpf(), parentesco: 'mae' };
    const bad = await send('POST', '/api/responsaveis', admin.cookie, {
      ...base,
      ...SE,
      cep: '0100-100',
      numero: 'casa',
      uf: 'XX',
      logradouro: 'R'.repeat(201),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.fromEntries(detailsOf(bad).map((item) => [item.path, item.message]))).toEqual({
      cep: 'CEP deve ter 8 dígitos',
      numero: 'Informe o número (com algarismos) ou s/n',
      uf: 'UF inválida: use a sigla do estado, ex.: SP',
      logradouro: 'Máximo de 200 caracteres',
    });
    const half = await send('POST', '/api/responsaveis', admin.cookie, { ...base, cep: '01001000' });
    expect(half.statusCode).toBe(400);
    expect(detailsOf(half).map((item) => item.path)).toEqual([
      'logradouro',
      'numero',
      'bairro',
      'cidade',
      'uf',
    ]);
    expect(detailsOf(half)[1]!.message).toBe('Informe o número ou s/n');
    expect(await t.database.db.select().from(guardians)).toHaveLength(before);
  });

  it("takes 's/n' for a house without number and creates the student's guardian with the parts", async () => {
    const admin = await signedIn(t, 'administrador');
    const response = await send(
      'POST',
      '/api/alunos',
      admin.cookie,
      validStudentBody({}, { ...SE, numero: 's/n', complemento: '' }),
    );
    expect(response.statusCode).toBe(201);
    const { responsavel } = dataOf<CreatedStudent>(response);
    expect(responsavel).toMatchObject({ numero: 'S/N', complemento: null });
    expect(responsavel.endereco).toBe('Praça da Sé, S/N - Sé - São Paulo/SP - CEP 01001-000');
  });

  it('an older record keeps its one-line address until edited; an edit with parts replaces it, audited with the version', async () => {
    const admin = await signedIn(t, 'administrador');
    const guardian = await insertGuardian(t);
    await t.database.db
      .update(guardians)
      .set({ endereco: 'Rua Antiga, 5, Centro, Campinas - SP, CEP 13010-000' })
      .where(eq(guardians.id, guardian.id));
    const body = { nome: guardian.nome, telefone: guardian.telefone, cpf: guardian.cpf };

    // Saved without parts (another field changed): the line stays as it was, not parsed into parts.
    const kept = await send('PUT', `/api/responsaveis/${guardian.id}`, admin.cookie, {
      ...body,
      endereco: 'Rua Antiga, 5, Centro, Campinas - SP, CEP 13010-000',
      version: guardian.version,
    });
    expect(kept.statusCode).toBe(200);
    expect(dataOf<UpdatedGuardian>(kept)).toMatchObject({
      endereco: 'Rua Antiga, 5, Centro, Campinas - SP, CEP 13010-000',
      ...NO_PARTS,
    });

    const stale = await send('PUT', `/api/responsaveis/${guardian.id}`, admin.cookie, {
      ...body,
      ...SE,
      version: guardian.version,
    });
    expect(stale.statusCode).toBe(412);

    const edited = await send('PUT', `/api/responsaveis/${guardian.id}`, admin.cookie, {
      ...body,
      ...SE,
      version: guardian.version + 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(dataOf<UpdatedGuardian>(edited)).toMatchObject({ endereco: SE_LINE, bairro: 'Sé', version: 3 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, guardian.id), eq(auditLog.action, 'atualizar')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((audit!.details as { campos: string[] }).campos).toEqual([
      'endereco',
      'cep',
      'logradouro',
      'numero',
      'complemento',
      'bairro',
      'cidade',
      'uf',
    ]);

    // Clearing every part clears the address.
    const cleared = await send('PUT', `/api/responsaveis/${guardian.id}`, admin.cookie, {
      ...body,
      version: guardian.version + 2,
    });
    expect(dataOf<UpdatedGuardian>(cleared)).toMatchObject({ endereco: null, ...NO_PARTS });
  });

  it('a guardian edits their own address in parts; the other parent does not see it', async () => {
    const account = await signedIn(t, 'responsavel');
    const guardian = await insertGuardian(t, account.user.id);
    const other = await insertGuardian(t);
    const student = await insertStudent(t, null, guardian.id);
    await send(
      'POST',
      `/api/alunos/${student.id}/responsaveis`,
      (await signedIn(t, 'administrador')).cookie,
      {
        responsavel_id: other.id,
        parentesco: 'pai',
      },
    );
    await t.database.db
      .update(guardians)
      .set({
        cep: '20040020',
        logradouro: 'Av. Rio Branco',
        numero: '1',
        bairro: 'Centro',
        cidade: 'Rio',
        uf: 'RJ',
      })
      .where(eq(guardians.id, other.id));

    const bad = await send('PUT', '/api/responsaveis/me', account.cookie, {
      telefone: '11912345678',
      cep: '01001000',
    });
    expect(bad.statusCode).toBe(400);
    const saved = await send('PUT', '/api/responsaveis/me', account.cookie, {
      telefone: '11912345678',
      ...SE,
    });
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Guardian>(saved)).toMatchObject({ endereco: SE_LINE, cep: '01001000' });
    expect(dataOf<Guardian>(await get('/api/responsaveis/me', account.cookie))).toMatchObject({
      logradouro: 'Praça da Sé',
      uf: 'SP',
    });

    const child = dataOf<Student>(await get(`/api/alunos/${student.id}`, account.cookie));
    const self = child.responsaveis.find((item) => item.id === guardian.id)!;
    const otherParent = child.responsaveis.find((item) => item.id === other.id)!;
    expect(self).toMatchObject({ cep: '01001000', cidade: 'São Paulo' });
    expect(otherParent).toMatchObject({ endereco: null, ...NO_PARTS });
  });

  it('the data-subject export includes the parts and anonymising the guardian clears them', async () => {
    const account = await signedIn(t, 'responsavel');
    const guardian = await insertGuardian(t, account.user.id);
    await send('PUT', '/api/responsaveis/me', account.cookie, { telefone: '11912345678', ...SE });

    const copy = dataOf<{ responsavel: { guardians: Record<string, unknown>[] } }>(
      await get('/api/meus-dados', account.cookie),
    );
    expect(copy.responsavel.guardians[0]).toMatchObject({
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: '100',
      complemento: 'Apto 12',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
    });

    const admin = await signedIn(t, 'administrador');
    const erased = await send('POST', `/api/responsaveis/${guardian.id}/anonimizar`, admin.cookie);
    expect(erased.statusCode).toBe(200);
    const row = await guardianRow(guardian.id);
    expect({
      endereco: row.endereco,
      ...addressPartsOf(row),
    }).toEqual({ endereco: null, ...NO_PARTS });
    expect(row.anonimizadoEm).not.toBeNull();
  });
});
