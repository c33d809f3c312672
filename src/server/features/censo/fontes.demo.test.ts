/**
 * The demo school's census records on 17 June 2026, source by source: the classes and enrolments
 * (records 20 and 60), the students (30) and the professionals (40 and 50). One file and one seeded
 * demo for the three: seeding it is most of what each of them cost.
 */
import { describe, expect, it } from 'vitest';
import { censoTurmas } from '../../db/schema/censo.js';
import { classes } from '../../db/schema/classes.js';
import { setupDemoSchool } from '../../test/demo-fixtures.js';
import { alunosFonte } from './alunos.fonte.js';
import { contextoCenso } from './censo.service.js';
import type { Obrigatoriedade, Valor } from './layout.js';
import { layout2024 } from './layouts/2024/index.js';
import { layoutDoAno } from './layouts/index.js';
import { matriculasNaData } from './matriculas.js';
import { pessoasFonte } from './pessoas.fonte.js';
import { turmasFonte } from './turmas.fonte.js';

const t = setupDemoSchool();

// Built as the product builds it: `hoje` is the clock's day, which setupDemoSchool pins on 17 June.
const contexto = (layout = layout2024) => contextoCenso(t.database.db, 2026, layout);

/** The layout's own rule of a required field (the writer's check, part 5, reads the same table). */
function exigido(obrigatorio: Obrigatoriedade | undefined, valores: Readonly<Record<string, Valor>>) {
  if (obrigatorio === undefined || obrigatorio === false) return false;
  if (obrigatorio === true) return true;
  const valor = valores[obrigatorio.quando];
  return valor !== null && valor !== undefined && obrigatorio.em.includes(valor);
}

describe('the demo school’s classes in the census', () => {
  it('every active class has census data with a horário inside its turno and days', async () => {
    const turmas = await t.database.db.select().from(classes);
    const censo = await t.database.db.select().from(censoTurmas);
    const ativas = turmas.filter((turma) => turma.status === 'ativo');
    expect(ativas.length).toBeGreaterThan(10);
    for (const turma of ativas) {
      const row = censo.find((item) => item.turmaId === turma.id);
      expect(row, turma.nome).toBeDefined();
      const inicio = { manha: '07:00', tarde: '13:00', noite: '19:00', integral: '07:00' }[turma.turno];
      expect(row!.horaInicio, turma.nome).toBe(inicio);
      expect(row!.horaFim! > row!.horaInicio!, turma.nome).toBe(true);
      expect(row!.dias.length, turma.nome).toBeGreaterThan(0);
    }
  });

  it('sends every class and enrolment of the reference date, with no pendência of classes', async () => {
    const ctx = contexto();
    expect(await turmasFonte.pendencias(ctx)).toEqual([]);
    const linhas = await turmasFonte.linhas(ctx);
    const matriculas = await matriculasNaData(t.database.db, 2026, ctx.dataReferencia);
    expect(matriculas.length).toBeGreaterThan(100);
    expect(linhas.filter((linha) => linha.tipo === '60')).toHaveLength(matriculas.length);
    expect(linhas.filter((linha) => linha.tipo === '20')).toHaveLength(
      new Set(matriculas.map((matricula) => matricula.turmaId)).size,
    );
  });
});

describe('the demo students in record 30', () => {
  it('every student enrolled on the reference date has a line with every field the layout requires of a student, and no pendência', async () => {
    const linhas = await alunosFonte.linhas(contexto());
    expect(linhas.length).toBeGreaterThan(10);
    const faltando: string[] = [];
    for (const linha of linhas)
      for (const campo of layout2024.registros['30']) {
        // The school's INEP code is part 1's (Configurações → Censo); the demo's is set there.
        if (campo.chave === 'inepEscola' || campo.formato === 'fixo') continue;
        const valor = linha.valores[campo.chave];
        if (
          exigido(campo.obrigatorio, linha.valores) &&
          (valor === null || valor === undefined || valor === '')
        )
          faltando.push(`${linha.nome}: ${campo.chave}`);
      }
    expect(faltando).toEqual([]);
    expect(new Set(linhas.map((linha) => linha.valores.raca))).toContain('0');
    expect(await alunosFonte.pendencias(contexto())).toEqual([]);
  });
});

describe('the demo’s professionals in records 40 and 50', () => {
  it('leave no pendência: a director as gestor, every teacher complete', async () => {
    const ctx = contexto(layoutDoAno(2026)!);
    const pendencias = await pessoasFonte.pendencias(ctx);
    expect(pendencias).toEqual([]);
    const linhas = await pessoasFonte.linhas(ctx);
    expect(linhas.filter((linha) => linha.tipo === '40').map((linha) => linha.nome)).toEqual([
      'Ana Paula Ribeiro',
    ]);
    expect(linhas.filter((linha) => linha.tipo === '50').length).toBeGreaterThan(10);
  }, 60_000);
});
