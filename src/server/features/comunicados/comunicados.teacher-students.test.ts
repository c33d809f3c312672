/**
 * Issue 32 §2: a teacher sends a notice to chosen students' families — students of the classes they
 * teach only; any other student is 404, as anything out of their reach.
 */
import { describe, expect, it } from 'vitest';
import type { Comunicado, ComunicadoPage, PublicoOpcoes } from '../../../shared/comunicados.schemas.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { school, setupComunicadosTest } from './comunicados.test-setup.js';

const { get, postNotice } = setupComunicadosTest();

describe('comunicados: a teacher to chosen students’ families', () => {
  it('reaches only the chosen families of their own class; another class’s student is 404', async () => {
    const s = await school();
    const opcoes = dataOf<PublicoOpcoes>(await get('/api/comunicados/opcoes', s.teacherAccount.cookie));
    expect(opcoes.tipos).toEqual(['turmas', 'alunos']);
    const found = dataOf<{ id: string }[]>(
      await get('/api/comunicados/alunos?q=Aluno', s.teacherAccount.cookie),
    );
    expect(found.map((aluno) => aluno.id).sort()).toEqual([s.a1.child.id, s.a2.child.id].sort());

    const created = await postNotice(s.teacherAccount.cookie, { tipo: 'alunos', alunos: [s.a1.child.id] });
    expect(created.statusCode, created.body).toBe(201);
    const id = dataOf<Comunicado>(created).id;
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items.map((i) => i.id)).toEqual(
      [id],
    );
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a2.cookie)).items).toEqual([]);
    // Theirs to manage: the read receipts, and the list of what they sent.
    expect((await get(`/api/comunicados/${id}/leituras`, s.teacherAccount.cookie)).statusCode).toBe(200);
    const sent = dataOf<ComunicadoPage>(
      await get('/api/comunicados?caixa=enviados', s.teacherAccount.cookie),
    );
    expect(sent.items.map((item) => item.id)).toContain(id);

    const foreign = await postNotice(s.teacherAccount.cookie, {
      tipo: 'alunos',
      alunos: [s.a1.child.id, s.b1.child.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect(messageOf(foreign)).toBe('Aluno não encontrado.');
    const whole = await postNotice(s.teacherAccount.cookie, { tipo: 'escola' });
    expect(whole.statusCode).toBe(403);
  });
});
