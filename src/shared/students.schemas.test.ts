import { describe, expect, it } from 'vitest';
import {
  CPF_REQUIRED_PRINCIPAL,
  createGuardianInputSchema,
  createStudentInputSchema,
} from './students.schemas.js';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe("the principal guardian's CPF", () => {
  it('is asked for with the other fields of a blank Novo Aluno, not after them', () => {
    const blank = createStudentInputSchema.safeParse({
      nome: '',
      data_nascimento: '',
      matricula: '',
      responsavel: { nome: '', email: '', telefone: '', cpf: '', endereco: '', eh_principal: true },
    });
    expect(issuesOf(blank)).toContainEqual(['responsavel.cpf', CPF_REQUIRED_PRINCIPAL]);
    expect(issuesOf(blank)).toContainEqual(['responsavel.nome', 'Nome do responsável é obrigatório']);
  });

  it('is asked for with the other fields of a new guardian, and only of the principal one', () => {
    const blank = { nome: '', telefone: '', cpf: '', parentesco: 'mae' };
    expect(issuesOf(createGuardianInputSchema.safeParse(blank))).toContainEqual([
      'cpf',
      CPF_REQUIRED_PRINCIPAL,
    ]);
    expect(
      issuesOf(createGuardianInputSchema.safeParse({ ...blank, eh_principal: false })).map(([path]) => path),
    ).not.toContain('cpf');
    // An invalid CPF says so, once.
    const wrong = issuesOf(createGuardianInputSchema.safeParse({ ...blank, cpf: '111.111.111-11' }));
    expect(wrong.filter(([path]) => path === 'cpf')).toHaveLength(1);
  });
});
