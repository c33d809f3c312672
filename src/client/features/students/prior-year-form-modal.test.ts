import { describe, expect, it } from 'vitest';
import { priorYearFormSchema } from './prior-year-form-modal';

const typed = {
  ano: '2025',
  serie: '2º ano',
  escola: 'EMEF Monteiro Lobato',
  cidade: 'Campinas',
  uf: 'SP',
  resultado: 'aprovado',
  frequencia: '',
  observacoes: '',
  disciplinas: [{ disciplina: 'Artes', nota: 'B', resultado: 'aprovado', carga_horaria: '' }],
};

describe('the previous-school year form', () => {
  it('sends blanks as null, not zero, and reads Brazilian decimals', () => {
    const blank = priorYearFormSchema.parse(typed);
    expect(blank.ano).toBe(2025);
    expect(blank.frequencia).toBeNull();
    expect(blank.disciplinas[0]!.carga_horaria).toBeNull();
    const filled = priorYearFormSchema.parse({
      ...typed,
      frequencia: '97,5',
      disciplinas: [{ ...typed.disciplinas[0], carga_horaria: '160' }],
    });
    expect(filled.frequencia).toBe(97.5);
    expect(filled.disciplinas[0]!.carga_horaria).toBe(160);
  });

  it('says what is wrong in Portuguese', () => {
    const result = priorYearFormSchema.safeParse({
      ...typed,
      frequencia: '120',
      uf: 'XX',
      disciplinas: [{ ...typed.disciplinas[0], carga_horaria: 'muitas' }],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      frequencia: 'Frequência entre 0 e 100',
      uf: 'UF inválida',
      'disciplinas.0.carga_horaria': 'Carga horária inválida',
    });
    expect(priorYearFormSchema.safeParse({ ...typed, disciplinas: [] }).error!.issues[0]!.message).toBe(
      'Informe ao menos uma disciplina',
    );
  });
});
