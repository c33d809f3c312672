import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import type { StudentListItem } from '../../../shared/students.schemas.js';
import type { ReportResult } from '../../../shared/reports.schemas.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import {
  dataOf,
  insertClass,
  insertGuardian,
  insertStudent,
  insertTeacher,
} from '../../test/records-fixtures.js';
import { students } from '../../db/schema/students.js';

const t = setupTestApp();
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

// Issue 38: a search orders by `lower(nome) || ''` (so the planner filters by the trigram index first
// instead of walking the whole list in name order); the pages must come exactly as the list orders them.
describe('a search in name order', () => {
  it('pages the matches by name (then id), ascending and descending, without gaps or repeats', async () => {
    const admin = await signedIn(t, 'administrador');
    const names = ['maria Silva', 'Ana Silva', 'Bruno Silva', 'Davi Silva', 'ana silva', 'Carla Souza'];
    for (const nome of names) {
      const row = await insertStudent(t, null);
      await t.database.db.update(students).set({ nome }).where(eq(students.id, row.id));
    }
    const matches = (await t.database.db.select().from(students))
      .filter((row) => row.nome.toLowerCase().includes('silva'))
      .sort((a, b) => {
        const byName =
          a.nome.toLowerCase() < b.nome.toLowerCase()
            ? -1
            : a.nome.toLowerCase() > b.nome.toLowerCase()
              ? 1
              : 0;
        return byName !== 0 ? byName : a.id < b.id ? -1 : 1;
      })
      .map((row) => row.id);
    const pageOf = async (query: string) =>
      dataOf<Page<StudentListItem>>(await get(`/api/alunos?q=silva&pageSize=2${query}`, admin.cookie));

    const pages = [await pageOf('&page=1'), await pageOf('&page=2'), await pageOf('&page=3')];
    expect(pages[0]!.total).toBe(5);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(matches);

    const descending = await pageOf('&page=1&sort=nome&order=desc');
    const all = dataOf<Page<StudentListItem>>(
      await get('/api/alunos?q=silva&pageSize=20&sort=nome&order=desc', admin.cookie),
    );
    expect(descending.items.map((item) => item.id)).toEqual(all.items.slice(0, 2).map((item) => item.id));
    expect(all.items.map((item) => item.nome.toLowerCase())).toEqual(
      [...all.items.map((item) => item.nome.toLowerCase())].sort().reverse(),
    );
  });
});

// At the secretaria's desk a parent says "Joao", the keyboard has no til: the search and the order are
// those of a person, without case or accents (migration 0057, lib/text-search.ts).
describe('a name without its accents', () => {
  it('finds João for joao and Araújo for ARAUJO, and sorts Ágata and Érica among the a and e', async () => {
    const admin = await signedIn(t, 'administrador');
    for (const nome of [
      'João Pedro Lima',
      'Cecília Araújo',
      'Ágata Souza',
      'Bruno Lima',
      'Érica Dias',
      'Zé Lima',
    ]) {
      const row = await insertStudent(t, null);
      await t.database.db.update(students).set({ nome }).where(eq(students.id, row.id));
    }
    const names = async (query: string) =>
      dataOf<Page<StudentListItem>>(await get(`/api/alunos?pageSize=50${query}`, admin.cookie)).items.map(
        (item) => item.nome,
      );

    expect(await names('&q=joao')).toEqual(['João Pedro Lima']);
    expect(await names('&q=JOÃO')).toEqual(['João Pedro Lima']);
    expect(await names('&q=ARAUJO')).toEqual(['Cecília Araújo']);
    expect(await names('&q=cecilia%20araujo')).toEqual(['Cecília Araújo']);
    const all = await names('');
    expect(all.indexOf('Ágata Souza')).toBeLessThan(all.indexOf('Bruno Lima'));
    expect(all.indexOf('Érica Dias')).toBeLessThan(all.indexOf('João Pedro Lima'));
    expect(all.at(-1)).toBe('Zé Lima');
    expect(await names('&q=lima')).toEqual(['Bruno Lima', 'João Pedro Lima', 'Zé Lima']);
  });
});

// The class list the secretaria prints and the teacher calls from: Ítalo among the i's, as the roll
// call (sorted in JavaScript, pt-BR) already had him — not after Yasmin.
describe("a class's students in alphabetical order, accents aside", () => {
  it('lists Ítalo and Ágata in place in Ver Alunos and in the printed Lista da turma', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    for (const nome of ['Yasmin Rocha', 'Ítalo Souza', 'Bruno Dias', 'Ágata Lima']) {
      const row = await insertStudent(t, turma.id);
      await t.database.db.update(students).set({ nome }).where(eq(students.id, row.id));
    }
    const expected = ['Ágata Lima', 'Bruno Dias', 'Ítalo Souza', 'Yasmin Rocha'];
    const members = dataOf<{ nome: string }[]>(await get(`/api/turmas/${turma.id}/alunos`, admin.cookie));
    expect(members.map((item) => item.nome)).toEqual(expected);
    const lista = dataOf<ReportResult>(
      await get(`/api/relatorios/lista-turma?turma_id=${turma.id}`, admin.cookie),
    );
    expect(lista.linhas.map((linha) => linha.nome)).toEqual(expected);
  });
});

// At the desk a parent gives a CPF — the child's, or more often their own: the search finds the student
// by either, typed with or without its dots and hyphen; a teacher, who does not see CPFs, finds no one by one.
describe('a CPF in the search', () => {
  const formatted = (cpf: string) =>
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

  it("finds the student by their own CPF and the guardian's children by the guardian's CPF", async () => {
    const admin = await signedIn(t, 'administrador');
    const guardian = await insertGuardian(t);
    const first = await insertStudent(t, null, guardian.id);
    const second = await insertStudent(t, null, guardian.id);
    await insertStudent(t, null);
    const idsFor = async (q: string) =>
      dataOf<Page<StudentListItem>>(await get(`/api/alunos?q=${encodeURIComponent(q)}`, admin.cookie))
        .items.map((item) => item.id)
        .sort();

    expect(await idsFor(first.cpf!)).toEqual([first.id]);
    expect(await idsFor(formatted(first.cpf!))).toEqual([first.id]);
    expect(await idsFor(formatted(guardian.cpf!))).toEqual([first.id, second.id].sort());
    expect(await idsFor(` ${guardian.cpf!} `)).toEqual([first.id, second.id].sort());
  });

  it("does not answer a teacher's search by a CPF", async () => {
    const teacherUser = await signedIn(t, 'professor');
    const teacher = await insertTeacher(t, teacherUser.user.id);
    const turma = await insertClass(t, teacher.id);
    const student = await insertStudent(t, turma.id);
    const page = dataOf<Page<StudentListItem>>(
      await get(`/api/alunos?q=${student.cpf!}`, teacherUser.cookie),
    );
    expect(page.items).toEqual([]);
  });

  it('does not tell the coordenação whose a CPF is: it reads no CPF (ADR 0139)', async () => {
    const coordenacao = await staffWith(t, 'coordenacao');
    const financeiro = await staffWith(t, 'financeiro');
    const student = await insertStudent(t, null);
    const found = async (cookie: string) =>
      dataOf<Page<StudentListItem>>(await get(`/api/alunos?q=${student.cpf!}`, cookie)).items.map(
        (item) => item.id,
      );
    expect(await found(coordenacao.cookie)).toEqual([]);
    expect(await found(financeiro.cookie)).toEqual([student.id]);
  });
});
