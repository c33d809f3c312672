import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas';

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
