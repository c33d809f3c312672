/** The pré-matrícula's address as the automatic enrolment gives it to the guardians (ADR 0058). */
import { describe, expect, it } from 'vitest';
import { enderecoParteKeys } from '../../../shared/endereco.schemas.js';
import { enderecoDoResponsavel } from './matricula-familia.js';

const form = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  numero: 's/n',
  complemento: '',
  bairro: 'Sé',
  cidade: 'São Paulo',
  uf: 'sp',
};

describe('enderecoDoResponsavel', () => {
  it('carries a valid address over in parts, normalised as the guardian form stores it, with its line', () => {
    expect(enderecoDoResponsavel(form)).toEqual({
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: 'S/N',
      complemento: null,
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
      endereco: 'Praça da Sé, S/N - Sé - São Paulo/SP - CEP 01001-000',
    });
  });

  it('gives only the line, never guessed parts, when the parts would not pass the guardian form', () => {
    expect(enderecoDoResponsavel({ ...form, uf: 'ZZ' })).toEqual({
      endereco: 'Praça da Sé, s/n - Sé - São Paulo/ZZ - CEP 01001-000',
    });
    expect(enderecoDoResponsavel({ ...form, cep: '0100' })).toEqual({
      endereco: 'Praça da Sé, s/n - Sé - São Paulo/SP - CEP 0100',
    });
    // Every part blank: the family filled in no address.
    const blank = Object.fromEntries(enderecoParteKeys.map((key) => [key, ''])) as typeof form;
    expect(enderecoDoResponsavel(blank)).toEqual({ endereco: null });
  });
});
