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

  it('names what was done to grades, periods and the school year', () => {
    const withDetails = (action: string, entity: string, details: Record<string, unknown>) => ({
      ...row(action, entity),
      details,
    });
    expect(describeAudit(withDetails('publicar_periodo', 'periodo', { periodo: '1º bimestre' }))).toBe(
      'Marta publicou o 1º bimestre',
    );
    expect(describeAudit(withDetails('despublicar_periodo', 'periodo', { periodo: '2º bimestre' }))).toBe(
      'Marta retirou a publicação do 2º bimestre',
    );
    expect(describeAudit(withDetails('fechar_periodo', 'periodo', { periodo: '3º trimestre' }))).toBe(
      'Marta fechou o 3º trimestre',
    );
    expect(describeAudit(row('retificar_nota', 'nota'))).toBe('Marta retificou uma nota');
    expect(describeAudit(row('solicitar_retificacao', 'retificacao'))).toBe(
      'Marta solicitou uma retificação de nota',
    );
    expect(describeAudit(row('alterar_notas', 'avaliacao'))).toBe(
      'Marta alterou notas lançadas em uma avaliação',
    );
    expect(describeAudit(row('decisao_conselho', 'aluno'))).toBe(
      'Marta registrou uma decisão do conselho de classe sobre um aluno',
    );
    expect(describeAudit(row('encerrar_ano_letivo', 'ano_letivo'))).toBe('Marta encerrou o ano letivo');
    expect(describeAudit(row('aplicar_rematricula', 'ano_letivo'))).toBe(
      'Marta aplicou a rematrícula a partir do ano letivo',
    );
    expect(describeAudit(row('atualizar', 'configuracoes_academicas'))).toBe(
      'Marta atualizou as configurações acadêmicas',
    );
  });
});
