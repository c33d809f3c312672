import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas';

/** The password-choice group's fields (components/form-groups PasswordChoiceFields). */
export const passwordChoiceFields = { gerarSenha: z.boolean(), senha: z.string(), confirmacao: z.string() };

export interface PasswordChoice {
  gerarSenha: boolean;
  senha: string;
  confirmacao: string;
}

/** The spec's rules for a password typed by the admin instead of generated. */
export function refinePasswordChoice(emptyMessage: string) {
  return (values: PasswordChoice, context: z.RefinementCtx) => {
    if (values.gerarSenha) return;
    if (values.senha === '') context.addIssue({ code: 'custom', path: ['senha'], message: emptyMessage });
    else if (values.senha.length < PASSWORD_MIN_LENGTH)
      context.addIssue({
        code: 'custom',
        path: ['senha'],
        message: `Senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`,
      });
    if (values.senha !== values.confirmacao)
      context.addIssue({ code: 'custom', path: ['confirmacao'], message: 'Senhas não coincidem' });
  };
}

/** What the API takes from the choice: no `senha` (the server generates one) or the typed one. */
export function chosenPassword({ gerarSenha, senha }: PasswordChoice): { senha?: string } {
  return gerarSenha ? {} : { senha };
}

/** A form's values without the choice's fields, plus the password the API takes. */
export function splitPasswordChoice<T extends PasswordChoice>(values: T) {
  const { gerarSenha, senha, confirmacao, ...fields } = values;
  return { ...fields, ...chosenPassword({ gerarSenha, senha, confirmacao }) };
}
