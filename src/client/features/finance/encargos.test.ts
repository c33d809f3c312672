import { describe, expect, it } from 'vitest';
import { describeEncargos } from './encargos';

describe('what paying late costs', () => {
  it("names only what the school charges, in its own figures, and nothing when it charges neither or they're unknown", () => {
    expect(describeEncargos({ multa_percentual: 2, juros_mensal_percentual: 1 })).toBe(
      'multa de 2% e juros de 1% ao mês, proporcionais aos dias de atraso',
    );
    expect(describeEncargos({ multa_percentual: 0, juros_mensal_percentual: 0.33 })).toBe(
      'juros de 0,33% ao mês, proporcionais aos dias de atraso',
    );
    expect(describeEncargos({ multa_percentual: 1.5, juros_mensal_percentual: 0 })).toBe('multa de 1,5%');
    expect(describeEncargos({ multa_percentual: 0, juros_mensal_percentual: 0 })).toBeNull();
    expect(describeEncargos(undefined)).toBeNull();
  });
});
