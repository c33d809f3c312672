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

  it("gives a plain 'E-mail' and 'FONE' to the family, and reads 'DT NASC' and 'GRAU PARENTESCO'", () => {
    const headers = [
      'NOME DO ALUNO',
      'DT NASC',
      'NOME DO RESPONSÁVEL',
      'GRAU PARENTESCO',
      'CPF RESP.',
      'FONE',
      'E-MAIL',
    ];
    const mapping = suggestMapping(importColumns, headers);
    expect(mapping).toMatchObject({
      data_nascimento: 'DT NASC',
      responsavel_parentesco: 'GRAU PARENTESCO',
      responsavel_telefone: 'FONE',
      responsavel_email: 'E-MAIL',
    });
    // It suggested the child's e-mail: no guardian would have had access to the portal.
    expect(mapping.email).toBeUndefined();
  });

  it("leaves a plain 'E-mail' to nobody beside the family's own, and 'Telefone' to the student beside 'Celular'", () => {
    const headers = [
      'Nome do aluno',
      'Telefone',
      'E-mail',
      'Nome do responsável',
      'Celular',
      'E-mail do responsável',
    ];
    const mapping = suggestMapping(importColumns, headers);
    expect(mapping).toMatchObject({
      telefone: 'Telefone',
      responsavel_telefone: 'Celular',
      responsavel_email: 'E-mail do responsável',
    });
    expect(Object.values(mapping)).not.toContain('E-mail');
  });
});
