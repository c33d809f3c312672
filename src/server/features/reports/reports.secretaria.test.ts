/**
 * Reports hub: the secretaria's reports.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classes } from '../../db/schema/classes.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  column,
  cookies,
  get,
  ids,
  report,
  setupReportsTest,
  t,
  teacherCookie,
} from './reports.test-setup.js';

setupReportsTest();

describe('Secretaria', () => {
  it('lista-turma: the active students by name, the teachers and a signature column', async () => {
    const result = await report('lista-turma', { turma_id: ids.a5 });
    expect(column(result, 'nome')).toEqual(['Ana Ribeiro', 'Bruno Dias', 'Carla Nunes']);
    expect(column(result, 'numero')).toEqual([1, 2, 3]);
    expect(result.subtitulo).toBe('Turma 5º A · 5º ano · Manhã · 2026');
    expect(result.cabecalho).toEqual([
      { rotulo: 'Docente responsável', valor: 'Marta Souza' },
      { rotulo: 'Professores', valor: 'Marta Souza (Matemática); Paulo Lima (Português)' },
      { rotulo: 'Alunos', valor: '3 alunos ativos' },
    ]);
    expect(result.colunas.at(-1)).toMatchObject({ chave: 'assinatura', tipo: 'assinatura' });
  });

  it('needs the class (400 with the field) and answers 404 for a class outside a teacher’s scope', async () => {
    const missing = await get('/api/relatorios/lista-turma', cookies.get('administrador'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ details: { path: string }[] }>().details[0]!.path).toBe('turma_id');
    expect((await get(`/api/relatorios/lista-turma?turma_id=${ids.b5}`, teacherCookie)).statusCode).toBe(404);
    expect(
      (await get(`/api/relatorios/lista-turma?turma_id=${randomUUID()}`, teacherCookie)).statusCode,
    ).toBe(404);
    expect((await get('/api/relatorios/lista-turma?turma_id=abc', teacherCookie)).statusCode).toBe(400);
  });

  it('alunos-por-serie: the Censo counts by série × turno and by age on the last Wednesday of May', async () => {
    const result = await report('alunos-por-serie', { ano: '2026' });
    // 27/05/2026: Ana 11, Bruno 10, Carla 12, Eduardo 10 (turns 11 on the 28th), Fábio 12 (that day),
    // Gabi 12, João 11. Dora, Iara (not active) and Hugo (no class) are left out.
    expect(result.cabecalho[1]!.valor).toMatch(/^27\/05\/2026/);
    expect(result.linhas).toEqual([
      {
        serie: '5º ano',
        nivel: 'Fundamental I',
        manha: 3,
        tarde: 1,
        noite: 0,
        total: 4,
        idade_10: 2,
        idade_11: 1,
        idade_12: 1,
      },
      {
        serie: '6º ano',
        nivel: 'Fundamental II',
        manha: 3,
        tarde: 0,
        noite: 0,
        total: 3,
        idade_10: 0,
        idade_11: 1,
        idade_12: 2,
      },
      {
        serie: 'Total',
        nivel: '',
        manha: 6,
        tarde: 1,
        noite: 0,
        total: 7,
        idade_10: 2,
        idade_11: 2,
        idade_12: 3,
      },
    ]);
    expect(result.grafico?.series.map((serie) => serie.chave)).toEqual(['manha', 'tarde', 'noite']);
    const tarde = await report('alunos-por-serie', { ano: '2026', turno: 'tarde' });
    expect(column(tarde, 'total')).toEqual([1, 1]);
  });

  it('alunos-por-serie: an Integral column only where the school has a full-time class', async () => {
    await t.database.db.update(classes).set({ turno: 'integral' }).where(eq(classes.id, ids.b5));
    try {
      const result = await report('alunos-por-serie', { ano: '2026' });
      expect(result.colunas.slice(2, 6).map((coluna) => coluna.rotulo)).toEqual([
        'Manhã',
        'Tarde',
        'Noite',
        'Integral',
      ]);
      expect(result.linhas[0]).toMatchObject({ serie: '5º ano', manha: 3, tarde: 0, integral: 1, total: 4 });
      expect(result.grafico?.series.map((serie) => serie.chave)).toEqual([
        'manha',
        'tarde',
        'noite',
        'integral',
      ]);
    } finally {
      await t.database.db.update(classes).set({ turno: 'tarde' }).where(eq(classes.id, ids.b5));
    }
  });

  it('aniversariantes: March birthdays by day; a teacher’s rows are exactly their classes’ ones', async () => {
    const all = await report('aniversariantes', { mes: '2026-03' });
    // Hugo 02/03 (no class), Ana 05/03, Carla 25/03; Dora (11/03) is inactive.
    expect(column(all, 'nome')).toEqual(['Hugo Vaz', 'Ana Ribeiro', 'Carla Nunes']);
    expect(column(all, 'idade')).toEqual([10, 11, 12]);
    const teacher = await report('aniversariantes', { mes: '2026-03' }, teacherCookie);
    const ofClass = await report('aniversariantes', { mes: '2026-03', turma_id: ids.a5 });
    expect(new Set(column(teacher, 'nome'))).toEqual(new Set(column(ofClass, 'nome')));
    expect(column(teacher, 'nome')).toEqual(['Ana Ribeiro', 'Carla Nunes']);
  });

  /** Ana's line of contatos-responsaveis, as a teacher reads it (the admin's adds the e-mail). */
  const ANA_GUARDIAN_LINE = {
    aluno: 'Ana Ribeiro',
    responsavel: 'Sônia Ribeiro',
    parentesco: 'Mãe',
    principal: 'Sim',
    telefone: '(11) 98765-4321',
  };

  it('contatos-responsaveis: each student with their guardians, or a line saying there is none', async () => {
    const result = await report('contatos-responsaveis', { turma_id: ids.a5 });
    expect(result.linhas[0]).toEqual({ ...ANA_GUARDIAN_LINE, email: 'sonia@familia.test' });
    expect(column(result, 'responsavel').slice(1)).toEqual([
      'Sem responsável cadastrado',
      'Sem responsável cadastrado',
    ]);
  });

  it('contatos-responsaveis: a teacher gets names and phones, never the guardians’ e-mails', async () => {
    const result = await report('contatos-responsaveis', { turma_id: ids.a5 }, teacherCookie);
    expect(result.colunas.map((coluna) => coluna.chave)).not.toContain('email');
    expect(result.linhas[0]).toEqual(ANA_GUARDIAN_LINE);
    const url = `/api/relatorios/contatos-responsaveis?turma_id=${ids.a5}&formato=`;
    const csv = await get(`${url}csv`, teacherCookie);
    expect(csv.body).toContain('Sônia Ribeiro');
    expect(csv.body).not.toContain('sonia@familia.test');
    const pdf = await get(`${url}pdf`, teacherCookie);
    expect(pdfText(pdf.rawPayload)).toContain('Sônia Ribeiro');
    expect(pdfText(pdf.rawPayload)).not.toContain('sonia@familia.test');
  });

  it('alunos-sem-turma and movimentação count what happened', async () => {
    const sem = await report('alunos-sem-turma', {});
    expect(column(sem, 'nome')).toEqual(['Hugo Vaz']);
    const moves = await report('movimentacao', { de: '2026-02-01', ate: '2026-03-20' });
    expect(moves.linhas.map((line) => [line.data, line.tipo, line.nome, line.origem, line.destino])).toEqual([
      ['2026-02-02', 'Matrícula', 'Fábio Costa', null, '6º A'],
      ['2026-03-10', 'Mudança de turma', 'João Paz', '5º B', '6º A'],
      ['2026-03-15', 'Transferência', 'Iara Luz', '5º B', 'EE Jorge Amado (Campinas/SP)'],
      ['2026-03-16', 'Matrícula', 'Hugo Vaz', null, null],
    ]);
    const march = await report('movimentacao', { de: '2026-03-11', ate: '2026-03-31' });
    expect(column(march, 'nome')).toEqual(['Iara Luz', 'Hugo Vaz']);
    const backwards = await get(
      '/api/relatorios/movimentacao?de=2026-03-10&ate=2026-03-01',
      cookies.get('administrador'),
    );
    expect(backwards.statusCode).toBe(400);
  });
});
