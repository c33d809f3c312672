/**
 * The school's finance settings the tests and journeys share (a static Pix key, multa 2 %, juros 1 % a.m.,
 * due on the 10th, R$ 850,00 a class): the body of `PUT /api/financeiro/configuracoes`. No imports, so a
 * journey can load it as well as a Vitest file.
 */
export const EXAMPLE_FINANCE_SETTINGS = {
  pix_chave: 'financeiro@escola.com.br',
  pix_beneficiario: 'Escola Girassol',
  pix_cidade: 'São Paulo',
  multa_percentual: 2,
  juros_mensal_percentual: 1,
  dia_vencimento_padrao: 10,
} as const;

/** The settings with one class's tuition: R$ 850,00 due on `diaVencimento` (the 10th by default). */
export function exampleFinanceSettings(turmaId: string, diaVencimento = 10) {
  return {
    ...EXAMPLE_FINANCE_SETTINGS,
    turmas: [{ turma_id: turmaId, valor_mensalidade: 85_000, dia_vencimento: diaVencimento }],
  };
}
