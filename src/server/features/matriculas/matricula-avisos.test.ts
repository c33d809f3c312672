import { describe, expect, it } from 'vitest';
import type { ClassRow } from '../../db/schema/classes.js';
import { mensagemDoAviso } from './matricula-avisos.js';

const turma = { nome: '1º ano A 2027', serie: '1º ano', turno: 'manha', anoLetivo: '2027' } as ClassRow;
const interessado = {
  email: 'mae@exemplo.com.br',
  responsavelNome: 'Patrícia Moura',
  serie: '1º ano',
  anoLetivo: 2027,
};

const confirmacao = (cobrancas: number) =>
  mensagemDoAviso(
    { tipo: 'matriculado', turma, alunoNome: 'Davi Moura Alves', cobrancas },
    interessado,
    'Escola Demonstração',
    'https://escola.exemplo',
  ).text;

describe('the enrolment confirmation e-mail', () => {
  it('counts the charges in a sentence, not as a number in brackets', () => {
    expect(confirmacao(12)).toContain(
      'As 12 cobranças de 2027 já estão no portal da família, em Financeiro, com os boletos e o Pix.',
    );
    expect(confirmacao(12)).not.toMatch(/\(\d+\)/);
  });

  it('speaks of one charge in the singular', () => {
    expect(confirmacao(1)).toContain('A cobrança de 2027 já está no portal da família');
  });

  it('says nothing of charges when there are none', () => {
    expect(confirmacao(0)).not.toContain('cobrança');
  });
});
