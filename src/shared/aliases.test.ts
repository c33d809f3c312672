import { describe, expect, it } from 'vitest';
import './zod-setup';
import { assessmentsQuerySchema } from './assessments.schemas.js';
import { gradesBatchInputSchema, gridQuerySchema } from './grades.schemas.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('parameters by the names their issues gave them (issue 29)', () => {
  it('the grade grid takes periodo (issue 14) as well as periodo_id, and answers with periodo_id only', () => {
    expect(gridQuerySchema.parse({ disciplina: 'Matemática', periodo: uuid(1) })).toEqual({
      disciplina: 'Matemática',
      periodo_id: uuid(1),
    });
    expect(gridQuerySchema.parse({ disciplina: 'Matemática', periodo_id: uuid(1) })).toEqual({
      disciplina: 'Matemática',
      periodo_id: uuid(1),
    });
    // Both, saying the same: fine; saying different things: the alias is refused.
    expect(
      gridQuerySchema.parse({ disciplina: 'Matemática', periodo: uuid(1), periodo_id: uuid(1) }),
    ).toEqual({
      disciplina: 'Matemática',
      periodo_id: uuid(1),
    });
    expect(
      issuesOf(
        gridQuerySchema.safeParse({ disciplina: 'Matemática', periodo: uuid(1), periodo_id: uuid(2) }),
      ),
    ).toEqual([['periodo', 'Informe periodo_id ou periodo, não os dois com valores diferentes']]);
  });

  it('a missing period is still required under its own name; a bad one is named where it was given', () => {
    expect(issuesOf(gridQuerySchema.safeParse({ disciplina: 'Matemática' }))).toEqual([
      ['periodo_id', 'Campo obrigatório'],
    ]);
    expect(issuesOf(gridQuerySchema.safeParse({ disciplina: 'Matemática', periodo: 'abc' }))).toEqual([
      ['periodo', 'Identificador inválido'],
    ]);
    expect(
      issuesOf(gridQuerySchema.safeParse({ disciplina: 'Matemática', periodo: uuid(1), bimestre: '1' })),
    ).toEqual([['', 'Campo não permitido: bimestre']]);
  });

  it('the assessments list filters by turma and periodo too, all optional', () => {
    expect(assessmentsQuerySchema.parse({ turma: uuid(3), disciplina: 'Arte', periodo: uuid(4) })).toEqual({
      turma_id: uuid(3),
      disciplina: 'Arte',
      periodo_id: uuid(4),
    });
    expect(assessmentsQuerySchema.parse({})).toEqual({});
    expect(issuesOf(assessmentsQuerySchema.safeParse({ turma: uuid(3), turma_id: uuid(5) }))).toEqual([
      ['turma', 'Informe turma_id ou turma, não os dois com valores diferentes'],
    ]);
  });

  it('a batch of grades is {notas: [...]} or, as issue 14 wrote it, the list itself', () => {
    const cell = { avaliacao_id: uuid(1), aluno_id: uuid(2), valor: '7,5', version: 0 };
    expect(gradesBatchInputSchema.parse([cell])).toEqual({ notas: [cell] });
    expect(gradesBatchInputSchema.parse({ notas: [cell] })).toEqual({ notas: [cell] });
    expect(issuesOf(gradesBatchInputSchema.safeParse([]))).toEqual([['notas', 'Nenhuma nota enviada']]);
  });
});
