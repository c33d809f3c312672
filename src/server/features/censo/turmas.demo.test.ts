import { describe, expect, it } from 'vitest';
import { dataReferencia } from '../../../shared/censo.codigos.js';
import { censoTurmas } from '../../db/schema/censo.js';
import { classes } from '../../db/schema/classes.js';
import { setupDemoSchool } from '../../test/demo-fixtures.js';
import { layout2024 } from './layouts/2024/index.js';
import { matriculasNaData } from './matriculas.js';
import { turmasFonte } from './turmas.fonte.js';

const t = setupDemoSchool();

const contexto = () => ({
  db: t.database.db,
  ano: 2026,
  dataReferencia: dataReferencia(2026),
  layout: layout2024,
  hoje: '2026-06-17',
});

describe('the demo school’s classes in the census', () => {
  it('every active class has census data with a horário inside its turno and days', async () => {
    const turmas = await t.database.db.select().from(classes);
    const censo = await t.database.db.select().from(censoTurmas);
    const ativas = turmas.filter((turma) => turma.status === 'ativo');
    expect(ativas.length).toBeGreaterThan(10);
    for (const turma of ativas) {
      const row = censo.find((item) => item.turmaId === turma.id);
      expect(row, turma.nome).toBeDefined();
      const inicio = { manha: '07:00', tarde: '13:00', noite: '19:00' }[turma.turno];
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
