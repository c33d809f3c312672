import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import type { NfseFamilia } from '../../../shared/nfse-documentos.schemas.js';
import { pdfText } from '../../test/pdf-text.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { classWithFamily, familyIn, guardianWithAccount } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { chaveOf, insertNote } from './danfse.test-fixtures.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);
const flat = (text: string) => text.replace(/\s+/g, ' ');

const MARIANA = { nome: 'Mariana Souza', cpf: '52998224725' };

/** A class whose family's guardian is Mariana, the responsável financeiro her notes are issued to. */
async function school() {
  const base = await classWithFamily(t);
  await t.database.db
    .update(guardians)
    .set({ cpf: MARIANA.cpf })
    .where(eq(guardians.id, base.family.guardian.id));
  const note = await insertNote(t, base.family.child.id, {
    numero: 42,
    competencia: '2026-03',
    tomador: { nome: 'Mariana Souza', cpf: '52998224725' },
    descricao: 'Mensalidade escolar de março de 2026',
    valor: 150_000,
  });
  return { ...base, ...note };
}

describe('GET /api/fiscal/nfse/:id/danfse.pdf', () => {
  it('prints the note: number, access key (formatted), parties, values and ISS, test environment', async () => {
    const s = await school();
    const response = await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, s.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('danfse-42.pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = flat(pdfText(response.rawPayload));
    const chave = chaveOf(42, '2026-03');
    expect(text).toContain('NFS-e nº 42');
    expect(text).toContain(chave.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(text).toContain(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${chave}`);
    expect(text).toContain('Colégio Exemplo Ltda');
    expect(text).toContain('12.345.678/0001-95');
    expect(text).toContain('Mariana Souza');
    expect(text).toContain('529.982.247-25');
    expect(text).toContain('Mensalidade escolar de março de 2026');
    expect(text).toContain('080101');
    expect(text).toContain('R$ 1.500,00');
    expect(text).toContain('R$ 30,00');
    expect(text).toContain('03/2026');
    expect(text).toContain('SEM VALOR FISCAL');
    expect(text).not.toContain('CANCELADA');
  });

  it('stamps a cancelled note CANCELADA', async () => {
    const base = await classWithFamily(t);
    const tomador = { nome: base.family.guardian.nome, cpf: base.family.guardian.cpf! };
    const { nota } = await insertNote(
      t,
      base.family.child.id,
      {
        numero: 7,
        competencia: '2026-04',
        tomador,
        descricao: 'Mensalidade escolar de abril de 2026',
        valor: 150_000,
      },
      'cancelada',
    );
    const response = await get(`/api/fiscal/nfse/${nota.id}/danfse.pdf`, base.family.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const text = flat(pdfText(response.rawPayload));
    expect(text).toContain('NFS-e nº 7');
    expect(text).toContain('CANCELADA');
  });

  it('a family reads its own child’s note; another family gets 404, a teacher 403, anonymous 401', async () => {
    const s = await school();
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, s.family.cookie)).statusCode).toBe(200);
    const other = await familyIn(t, s.turma.id);
    const refused = await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Nota fiscal não encontrada.' });
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, s.teacher.cookie)).statusCode).toBe(403);
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`)).statusCode).toBe(401);
  });

  it('has no DANFSe for a note not issued (409), an unknown id (404) or a malformed one (400)', async () => {
    const base = await classWithFamily(t);
    const spec = {
      competencia: '2026-03',
      tomador: { nome: 'Mariana Souza', cpf: '52998224725' },
      descricao: 'Mensalidade',
      valor: 100_00,
    };
    const pending = await insertNote(t, base.family.child.id, { ...spec, numero: 1 }, 'pendente');
    const rejected = await insertNote(
      t,
      base.family.child.id,
      { ...spec, numero: 2, competencia: '2026-05' },
      'rejeitada',
    );
    const pendingAnswer = await get(`/api/fiscal/nfse/${pending.nota.id}/danfse.pdf`, base.admin.cookie);
    expect(pendingAnswer.statusCode).toBe(409);
    expect(pendingAnswer.json()).toMatchObject({ message: expect.stringContaining('sendo emitida') });
    const rejectedAnswer = await get(`/api/fiscal/nfse/${rejected.nota.id}/danfse.pdf`, base.admin.cookie);
    expect(rejectedAnswer.statusCode).toBe(409);
    expect(rejectedAnswer.json()).toMatchObject({ message: expect.stringContaining('rejeitada') });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/fiscal/nfse/${unknown}/danfse.pdf`, base.admin.cookie)).statusCode).toBe(404);
    expect((await get('/api/fiscal/nfse/abc/danfse.pdf', base.admin.cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/fiscal/nfse/familia', () => {
  it('lists only the family’s issued and cancelled notes, with the mensalidade each belongs to', async () => {
    const s = await school();
    const sibling = await insertStudent(t, s.turma.id, s.family.guardian.id);
    const spec = {
      competencia: '2026-04',
      tomador: { nome: 'Mariana Souza', cpf: '52998224725' },
      descricao: 'Mensalidade',
      valor: 100_00,
    };
    const cancelled = await insertNote(t, sibling.id, { ...spec, numero: 43 }, 'cancelada');
    await insertNote(t, sibling.id, { ...spec, numero: 44, competencia: '2026-05' }, 'pendente');
    await insertNote(t, sibling.id, { ...spec, numero: 45, competencia: '2026-06' }, 'rejeitada');
    const other = await familyIn(t, s.turma.id);
    const otherTomador = { nome: other.guardian.nome, cpf: other.guardian.cpf! };
    await insertNote(t, other.child.id, { ...spec, numero: 46, tomador: otherTomador });

    const mine = dataOf<NfseFamilia[]>(await get('/api/fiscal/nfse/familia', s.family.cookie));
    expect(mine.map((item) => [item.numero, item.status, item.mensalidade_id]).sort()).toEqual(
      [
        ['42', 'emitida', s.mensalidade.id],
        ['43', 'cancelada', cancelled.mensalidade.id],
      ].sort(),
    );
    expect(dataOf<NfseFamilia[]>(await get('/api/fiscal/nfse/familia', other.cookie))).toHaveLength(1);
    expect((await get('/api/fiscal/nfse/familia', s.teacher.cookie)).statusCode).toBe(403);
  });

  it('the other parent of the same child reads none of the notes issued to the responsável financeiro', async () => {
    const s = await school();
    const father = await guardianWithAccount(t);
    await t.database.db.insert(studentGuardians).values({
      alunoId: s.family.child.id,
      responsavelId: father.guardian.id,
      parentesco: 'pai',
      ehPrincipal: false,
    });
    // The father sees his son's tuition, but the note is Mariana's fiscal document (her CPF and address).
    expect(dataOf<NfseFamilia[]>(await get('/api/fiscal/nfse/familia', father.cookie))).toEqual([]);
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, father.cookie)).statusCode).toBe(404);

    // He becomes the responsável financeiro: the notes issued to Mariana stay hers, the next ones are his.
    // Two statements, as the school's own change does: one UPDATE swapping both rows meets the unique
    // principal index row by row, and failed on PostgreSQL whenever it reached the father's row first.
    await t.database.db
      .update(studentGuardians)
      .set({ ehPrincipal: false })
      .where(eq(studentGuardians.alunoId, s.family.child.id));
    await t.database.db
      .update(studentGuardians)
      .set({ ehPrincipal: true })
      .where(
        and(
          eq(studentGuardians.alunoId, s.family.child.id),
          eq(studentGuardians.responsavelId, father.guardian.id),
        ),
      );
    const next = await insertNote(t, s.family.child.id, {
      numero: 50,
      competencia: '2026-05',
      tomador: { nome: father.guardian.nome, cpf: father.guardian.cpf! },
      descricao: 'Mensalidade',
      valor: 100_00,
    });
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, father.cookie)).statusCode).toBe(404);
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, s.family.cookie)).statusCode).toBe(200);
    const his = dataOf<NfseFamilia[]>(await get('/api/fiscal/nfse/familia', father.cookie));
    expect(his.map((item) => item.id)).toEqual([next.nota.id]);
    const hers = dataOf<NfseFamilia[]>(await get('/api/fiscal/nfse/familia', s.family.cookie));
    expect(hers.map((item) => item.id)).toEqual([s.nota.id]);
  });

  it('a responsável financeiro with no CPF on file reads no note issued to another CPF (attack review, 2026-12-07)', async () => {
    const s = await school();
    const father = await guardianWithAccount(t);
    // Added at the desk without a CPF, and made the responsável financeiro after Mariana paid.
    await t.database.db.update(guardians).set({ cpf: null }).where(eq(guardians.id, father.guardian.id));
    await t.database.db
      .update(studentGuardians)
      .set({ ehPrincipal: false })
      .where(eq(studentGuardians.alunoId, s.family.child.id));
    await t.database.db.insert(studentGuardians).values({
      alunoId: s.family.child.id,
      responsavelId: father.guardian.id,
      parentesco: 'pai',
      ehPrincipal: true,
    });
    // Mariana's note carries her CPF and address: nothing shows it is his.
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, father.cookie)).statusCode).toBe(404);
    expect(dataOf<NfseFamilia[]>(await get('/api/fiscal/nfse/familia', father.cookie))).toEqual([]);
    expect((await get(`/api/fiscal/nfse/${s.nota.id}/danfse.pdf`, s.family.cookie)).statusCode).toBe(200);
  });
});
