/**
 * Educação Infantil on the histórico escolar (LDB art. 31, I: evaluated 'sem o objetivo de promoção'): a
 * class of the Infantil may have a grade curricular (its carga horária is checked, docs/curriculum.md), and
 * its lines never read a grade result — no 'Reprovado por nota' for lines that have no grades by law.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { students } from '../../db/schema/students.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import type { IssuedDocument } from '../../../shared/documents.schemas.js';
import { closeYear, gradedFifthGrade, issuedHistoricoYear, setupGradesTestApp } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

/** A closed 2026 with a Pré II class whose grid has two lines, and one child in it. */
async function closedYearWithPreII() {
  const s = await gradedFifthGrade();
  const preII = await insertClass(t, null, 20, {
    nivel: 'Educação Infantil',
    serie: 'Pré II',
    nome: 'Pré II A',
    turno: 'manha',
  });
  await t.database.db.insert(classSubjects).values([
    {
      turmaId: preII.id,
      disciplina: 'Linguagem oral e escrita',
      aulasSemanais: 10,
      diasSemana: [1, 2, 3, 4, 5],
    },
    { turmaId: preII.id, disciplina: 'Movimento', aulasSemanais: 5, diasSemana: [1, 2, 3, 4, 5] },
  ]);
  const child = await insertStudent(t, preII.id);
  await closeYear(s.year.id, s.admin.cookie);
  return { s, child };
}

const lines = (year: Awaited<ReturnType<typeof issuedHistoricoYear>>) =>
  year.disciplinas.map((item) => [item.disciplina, item.nota, item.resultado]);

describe('a child of the Educação Infantil on the histórico escolar', () => {
  it('is issued for a child still in the pré-escola (the documentation of LDB art. 31, V), with no grade result', async () => {
    const { s, child } = await closedYearWithPreII();
    const year = await issuedHistoricoYear(s.admin.cookie, child.id);
    expect(year.resultado).toBe('Concluiu o ano');
    expect(lines(year)).toEqual([
      ['Linguagem oral e escrita', '—', 'Concluiu o ano'],
      ['Movimento', '—', 'Concluiu o ano'],
    ]);
  });

  it("reads 'Concluiu o ano' on the lines of the Infantil year once the child is in the Fundamental", async () => {
    const { s, child } = await closedYearWithPreII();
    const first = await insertClass(t, null, 25, {
      nivel: 'Fundamental I',
      serie: '1º ano',
      nome: '1º Ano A',
      anoLetivo: '2027',
    });
    await t.database.db.update(students).set({ turmaId: first.id }).where(eq(students.id, child.id));
    await t.database.db
      .update(classMemberships)
      .set({ fim: '2026-12-20' })
      .where(eq(classMemberships.alunoId, child.id));
    await t.database.db
      .insert(classMemberships)
      .values({ alunoId: child.id, turmaId: first.id, inicio: '2027-02-01' });
    const year = await issuedHistoricoYear(s.admin.cookie, child.id);
    expect(year.resultado).toBe('Concluiu o ano');
    expect(lines(year)).toEqual([
      ['Linguagem oral e escrita', '—', 'Concluiu o ano'],
      ['Movimento', '—', 'Concluiu o ano'],
    ]);
  });

  it('prints a year with no grade curricular as its result and the note on no grades, without an empty table', async () => {
    const s = await gradedFifthGrade();
    const preI = await insertClass(t, null, 20, {
      nivel: 'Educação Infantil',
      serie: 'Pré I',
      nome: 'Pré I A',
      turno: 'tarde',
    });
    const child = await insertStudent(t, preI.id);
    const issue = async () => {
      const response = await send('POST', '/api/documentos', s.admin.cookie, {
        aluno_id: child.id,
        tipo: 'historico_escolar',
      });
      expect(response.statusCode, response.body).toBe(201);
      const pdf = await get(`/api/documentos/${dataOf<IssuedDocument>(response).id}/pdf`, s.admin.cookie);
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    };
    const note =
      'Educação Infantil: sem notas e sem o objetivo de promoção; a criança é avaliada pelo acompanhamento e registro do seu desenvolvimento, nos pareceres descritivos (LDB art. 31, I).';
    const during = await issue();
    expect(during).toContain('2026 — Pré I —');
    expect(during).toContain('Resultado final: Cursando');
    expect(during).toContain(note);
    expect(during).not.toContain('Componente curricular');
    // The note of this school's years counted in horas-aula (documents before ADR 0110) is not about it.
    expect(during).not.toContain('horas-aula');
    await closeYear(s.year.id, s.admin.cookie);
    const closed = await issue();
    expect(closed).toContain('Resultado final: Concluiu o ano');
    expect(closed).toContain(note);
    expect(closed).not.toContain('Componente curricular');
  });
});
