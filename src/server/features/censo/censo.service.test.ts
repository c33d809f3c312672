/**
 * The census assembly (issue 37 part 5). The first block drives it with the tests' own layout and
 * sources; the second with the product's (`layoutDoAno`, `fontes.ts`): it is where the school-wide
 * 'Done when' checks grow once the parts' tables and sources are merged.
 */
import { describe, expect, it } from 'vitest';
import { dataReferencia } from '../../../shared/censo.codigos.js';
import { censoTurmas } from '../../db/schema/censo.js';
import { insertClass, insertStudent } from '../../test/records-fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { definirCodigoEscola, MONTAGEM_TESTE } from './arquivos.test-setup.js';
import { arquivoCenso, contagensCenso, layoutOuErro, montarCenso } from './censo.service.js';
import type { FonteCenso } from './layout.js';
import { layoutDoAno } from './layouts/index.js';

const t = setupTestApp();

describe('the census assembly (the tests’ layout and sources)', () => {
  it('counts students per etapa, turno and class on the reference date', async () => {
    await definirCodigoEscola(t);
    const manha = await insertClass(t, null, 25, { nome: '1º ano A', serie: '1º ano', turno: 'manha' });
    const tarde = await insertClass(t, null, 25, { nome: '1º ano B', serie: '1º ano', turno: 'tarde' });
    const multi = await insertClass(t, null, 25, { nome: 'Multi', serie: 'Oficina', turno: 'tarde' });
    const semEtapa = await insertClass(t, null, 25, { nome: 'Reforço', serie: 'Reforço', turno: 'tarde' });
    await t.database.db.insert(censoTurmas).values({ turmaId: multi.id, etapa: '22' });
    await insertStudent(t, manha.id);
    await insertStudent(t, manha.id);
    await insertStudent(t, tarde.id);
    await insertStudent(t, multi.id);
    await insertStudent(t, semEtapa.id);
    await insertStudent(t, tarde.id, undefined, '2026-06-15');
    const montagem = await montarCenso(t.database.db, 2026, 'matricula-inicial', MONTAGEM_TESTE);
    expect(montagem.ctx.dataReferencia).toBe(dataReferencia(2026));
    const contagens = await contagensCenso(montagem);
    expect(contagens).toMatchObject({ alunos: 5, turmas: 4 });
    expect(contagens.por_etapa).toEqual([
      { etapa: '14', rotulo: 'Ensino Fundamental de 9 anos – 1º ano', alunos: 3 },
      { etapa: '22', rotulo: 'Ensino Fundamental de 9 anos – Multi', alunos: 1 },
      { etapa: 'sem etapa', rotulo: 'Sem etapa do INEP', alunos: 1 },
    ]);
    expect(contagens.por_turno).toEqual([
      { turno: 'manha', rotulo: 'Manhã', alunos: 2 },
      { turno: 'tarde', rotulo: 'Tarde', alunos: 3 },
    ]);
    expect(contagens.por_turma.map((turma) => [turma.nome, turma.etapa, turma.alunos])).toEqual([
      ['1º ano A', '14', 2],
      ['1º ano B', '14', 1],
      ['Multi', '22', 1],
      ['Reforço', null, 1],
    ]);
    // The class without an INEP etapa is a pendência of the layout's check (record 20, 'Etapa').
    expect(montagem.pendencias.filter((p) => p.registro === '20').map((p) => [p.nome, p.campo])).toEqual([
      ['Reforço', 'Etapa'],
    ]);
  });

  it('lists the classes in the school’s order: Educação Infantil, 1º to 9º ano, then the séries', async () => {
    await definirCodigoEscola(t);
    for (const [nome, serie] of [
      ['1ª série A', '1ª série'],
      ['9º ano A', '9º ano'],
      ['Pré II A', 'Pré II'],
      ['10º ano livre', 'Oficina'],
      ['1º ano A', '1º ano'],
      ['Pré I A', 'Pré I'],
    ]) {
      const turma = await insertClass(t, null, 25, { nome, serie });
      await insertStudent(t, turma.id);
    }
    const contagens = await contagensCenso(
      await montarCenso(t.database.db, 2026, 'matricula-inicial', MONTAGEM_TESTE),
    );
    expect(contagens.por_turma.map((turma) => turma.nome)).toEqual([
      'Pré I A',
      'Pré II A',
      '1º ano A',
      '9º ano A',
      '1ª série A',
      '10º ano livre',
    ]);
  });

  it('adds the sources’ own checks after the layout’s, and carries the students of stage 2 for the access log', async () => {
    await definirCodigoEscola(t);
    const turma = await insertClass(t, null, 25, { serie: '2º ano' });
    const antes = await insertStudent(t, turma.id, undefined, '2026-02-02');
    const depois = await insertStudent(t, turma.id, undefined, '2026-09-01');
    const propria: FonteCenso = {
      linhas: () => Promise.resolve([]),
      pendencias: () =>
        Promise.resolve([
          {
            registro: '60',
            entidade: 'matricula',
            entidade_id: null,
            nome: 'Regra',
            campo: 'Turmas do mesmo tipo',
            mensagem: 'Aluno em duas turmas de escolarização.',
            link: '/portal/turmas',
          },
        ]),
    };
    const montagem = await montarCenso(t.database.db, 2026, 'situacao-do-aluno', {
      ...MONTAGEM_TESTE,
      fontes: { 'situacao-do-aluno': [...MONTAGEM_TESTE.fontes['situacao-do-aluno'], propria] },
    });
    expect(montagem.pendencias.map((p) => p.campo)).toEqual(['Turmas do mesmo tipo']);
    const arquivo = await arquivoCenso(montagem);
    expect(arquivo.nome).toBe('censo-2026-situacao-do-aluno-35000001.txt');
    expect(arquivo.alunos.sort()).toEqual([antes.id, depois.id].sort());
  });

  it('refuses a year before every layout the product carries', () => {
    expect(() => layoutOuErro(2019, MONTAGEM_TESTE)).toThrow(/leiaute/);
  });
});

describe('the census assembly (the product’s layout and sources)', () => {
  it('chooses the layout by the census year: its own, or the latest earlier one', () => {
    expect(layoutDoAno(2024)?.ano).toBe(2024);
    expect(layoutDoAno(2026)?.ano).toBe(2024);
    expect(layoutDoAno(2023)).toBeNull();
  });

  it('writes every line the sources produce with its record’s table (no line of a record without fields)', async () => {
    await definirCodigoEscola(t);
    const turma = await insertClass(t, null, 25, { serie: '1º ano' });
    await insertStudent(t, turma.id);
    for (const etapa of ['matricula-inicial', 'situacao-do-aluno'] as const) {
      const montagem = await montarCenso(t.database.db, 2026, etapa);
      for (const linha of montagem.linhas)
        expect(montagem.ctx.layout.registros[linha.tipo].length, `registro ${linha.tipo}`).toBeGreaterThan(0);
      const arquivo = await arquivoCenso(montagem);
      const linhas = arquivo.bytes
        .toString('latin1')
        .split('\n')
        .filter((line) => line !== '');
      expect(linhas.length).toBe(montagem.linhas.length + (etapa === 'matricula-inicial' ? 1 : 0));
    }
  });
});
