import { describe, expect, it } from 'vitest';
import { suggestMapping } from './importacao.kinds';
import { importColumns } from './importacao.schemas';

describe('suggestMapping', () => {
  it("reads a school's own sheet: 'CPF RESP.', 'CELULAR' and 'E-MAIL RESP.' are the guardian's, 'TELEFONE' the student's", () => {
    const headers = ['NOME DO ALUNO', 'TELEFONE', 'NOME RESP.', 'CPF RESP.', 'CELULAR', 'E-MAIL RESP.'];
    expect(suggestMapping(importColumns, headers)).toMatchObject({
      nome: 'NOME DO ALUNO',
      telefone: 'TELEFONE',
      responsavel_nome: 'NOME RESP.',
      responsavel_cpf: 'CPF RESP.',
      responsavel_telefone: 'CELULAR',
      responsavel_email: 'E-MAIL RESP.',
    });
  });
});
