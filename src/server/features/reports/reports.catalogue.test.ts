/**
 * Reports hub: the catalogue each profile sees.
 */
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { classes } from '../../db/schema/classes.js';
import { catalogueOf, cookies, get, ids, setupReportsTest, t, teacherCookie } from './reports.test-setup.js';

setupReportsTest();

describe('GET /api/relatorios — the catalogue', () => {
  it('needs a session, and is closed to guardians (the hub and every report)', async () => {
    expect((await get('/api/relatorios')).statusCode).toBe(401);
    const guardian = cookies.get('responsavel')!;
    expect((await get('/api/relatorios', guardian)).statusCode).toBe(403);
    expect((await get(`/api/relatorios/lista-turma?turma_id=${ids.a5}`, guardian)).statusCode).toBe(403);
  });

  it('offers the administrator every group, and a teacher only the reports of their classes', async () => {
    const admin = await catalogueOf(cookies.get('administrador')!);
    expect(admin.map((entry) => entry.id)).toEqual([
      'lista-turma',
      'alunos-por-serie',
      'aniversariantes',
      'contatos-responsaveis',
      'alunos-sem-turma',
      'movimentacao',
      'boletins-turma',
      'boletins-escola',
      'mapa-notas',
      'frequencia-mensal',
      'alunos-em-risco',
      'professores',
      'fluxo-de-caixa',
      'inadimplencia',
      'categorias',
      'mensalidades',
      'alunos',
      'auditoria',
    ]);
    // The file holds the enrolment fees too: its name says so (ADR 0108).
    expect(admin.find((entry) => entry.id === 'mensalidades')).toMatchObject({
      titulo: 'Mensalidades e taxas de matrícula',
      tela: { rotulo: 'Abrir no Financeiro' },
    });
    expect(new Set(admin.map((entry) => entry.grupo))).toEqual(
      new Set(['secretaria', 'academico', 'pessoas', 'financeiro', 'auditoria']),
    );
    const lista = admin.find((entry) => entry.id === 'lista-turma')!;
    expect(lista.parametros[0]!.opcoes!.map((option) => option.rotulo)).toEqual([
      '5º A · Manhã · 2026',
      '5º B · Tarde · 2026',
      '6º A · Manhã · 2026',
    ]);
    const teacher = await catalogueOf(teacherCookie);
    expect(teacher.map((entry) => entry.id)).toEqual([
      'lista-turma',
      'aniversariantes',
      'contatos-responsaveis',
      'boletins-turma',
      'mapa-notas',
      'frequencia-mensal',
      'alunos-em-risco',
      'alunos',
    ]);
    expect(teacher[0]!.parametros[0]!.opcoes!.map((option) => option.valor)).toEqual([ids.a5]);
  });

  it('a teacher asking for an administrator’s report gets 403; an unknown report 404', async () => {
    expect((await get('/api/relatorios/alunos-por-serie', teacherCookie)).statusCode).toBe(403);
    expect((await get('/api/relatorios/nao-existe', cookies.get('administrador'))).statusCode).toBe(404);
  });
});

describe('the Turma filter', () => {
  it('offers the classes in school order: Infantil, Fundamental, then the Médio, newest year first', async () => {
    const added = await t.database.db
      .insert(classes)
      .values([
        { nome: '1ª série A', nivel: 'Ensino Médio', serie: '1ª série', turno: 'manha', anoLetivo: '2026' },
        { nome: 'Pré II A', nivel: 'Educação Infantil', serie: 'Pré II', turno: 'tarde', anoLetivo: '2026' },
        { nome: '1º Ano A', nivel: 'Fundamental I', serie: '1º ano', turno: 'manha', anoLetivo: '2026' },
        { nome: '9º Ano A', nivel: 'Fundamental II', serie: '9º ano', turno: 'manha', anoLetivo: '2025' },
      ] as const)
      .returning();
    try {
      const lista = (await catalogueOf(cookies.get('administrador')!)).find(
        (entry) => entry.id === 'lista-turma',
      )!;
      expect(lista.parametros[0]!.opcoes!.map((option) => option.rotulo)).toEqual([
        'Pré II A · Tarde · 2026',
        '1º Ano A · Manhã · 2026',
        '5º A · Manhã · 2026',
        '5º B · Tarde · 2026',
        '6º A · Manhã · 2026',
        '1ª série A · Manhã · 2026',
        '9º Ano A · Manhã · 2025',
      ]);
    } finally {
      await t.database.db.delete(classes).where(
        inArray(
          classes.id,
          added.map((row) => row.id),
        ),
      );
    }
  });
});
