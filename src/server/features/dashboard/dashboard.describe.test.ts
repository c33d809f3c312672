import { describe, expect, it } from 'vitest';
import { describeAudit } from './dashboard.service.js';

const row = (action: string, entity: string) => ({ action, entity, actorNome: 'Marta', details: null });

describe('Atividades Recentes: the class diary in words', () => {
  it('names what was done to the calendar, the roll and the absences', () => {
    expect(describeAudit(row('criar', 'calendario'))).toBe('Marta cadastrou um item do calendário');
    expect(describeAudit(row('atualizar', 'ano_letivo'))).toBe('Marta atualizou o ano letivo');
    expect(describeAudit(row('abonar_falta', 'falta'))).toBe('Marta abonou uma falta');
    expect(describeAudit(row('corrigir_frequencia', 'chamada'))).toBe('Marta corrigiu uma chamada');
    expect(describeAudit(row('atualizar_grade', 'turma'))).toBe(
      'Marta atualizou a grade curricular de uma turma',
    );
  });
});
