import { describe, expect, it } from 'vitest';
import { chooseFiltersText } from './reports.schemas.js';

describe('a report waiting for its filters', () => {
  it('asks for each with its article, as a sentence', () => {
    expect(chooseFiltersText(['turma_id'])).toBe('Escolha a turma para ver o relatório');
    expect(chooseFiltersText(['turma_id', 'mes'])).toBe('Escolha a turma e o mês para ver o relatório');
    expect(chooseFiltersText(['ano', 'de', 'ate'])).toBe(
      'Escolha o ano, a data inicial e a data final para ver o relatório',
    );
  });
});
