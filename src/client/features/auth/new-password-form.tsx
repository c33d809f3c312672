import { z } from 'zod';
import {
  changePasswordInputSchema,
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/auth.schemas';
import { Button } from '../../components/button';
import { Form, FormInput, FormPassword } from '../../components/form-fields';
import { heldText } from '../../lib/held-field';
import { useSchemaForm } from '../../lib/use-schema-form';

const schema = (withCurrent: boolean, askName: boolean) =>
  z
    .object({
      nome: askName ? changePasswordInputSchema.shape.nome.unwrap() : z.string(),
      senhaAtual: withCurrent ? z.string().min(1, 'Senha atual é obrigatória') : z.string(),
      novaSenha: newPasswordSchema,
      confirmacao: z.string().min(1, 'Confirme a nova senha'),
    })
    .refine((values) => values.novaSenha === values.confirmacao, {
      path: ['confirmacao'],
      message: 'Senhas não coincidem',
    });

export interface NewPasswordValues {
  nome: string;
  senhaAtual: string;
  novaSenha: string;
  confirmacao: string;
}

/**
 * The form shared by 'Trocar senha' (asks the current one) and the reset link (does not). With
 * `name`, it asks the person's name too (the first sign-in), starting from `name`.
 */
export function NewPasswordForm({
  withCurrent,
  currentHint,
  name,
  submitLabel,
  onSubmit,
}: {
  withCurrent: boolean;
  /** Under 'Senha atual': on the first access, that it is the provisional password received. */
  currentHint?: string | undefined;
  name?: string | undefined;
  submitLabel: string;
  onSubmit: (values: NewPasswordValues) => Promise<void>;
}) {
  const form = useSchemaForm(schema(withCurrent, name !== undefined), {
    nome: name ?? '',
    senhaAtual: '',
    novaSenha: '',
    confirmacao: '',
  });
  const busy = form.formState.isSubmitting;
  return (
    <Form form={form} onSubmit={form.submit(onSubmit)} className="mt-6 space-y-4">
      {name !== undefined && (
        <FormInput
          name="nome"
          label="Seu nome"
          autoComplete="name"
          required
          {...heldText(busy)}
          placeholder="Ex.: Maria da Silva"
          hint="Como a equipe e as famílias vão ver você (nos comunicados, nas mensagens)."
        />
      )}
      {withCurrent && (
        <FormPassword
          name="senhaAtual"
          label="Senha atual"
          autoComplete="current-password"
          {...heldText(busy)}
          hint={currentHint}
        />
      )}
      <FormPassword
        name="novaSenha"
        label="Nova senha"
        autoComplete="new-password"
        {...heldText(busy)}
        hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres. Evite senhas comuns, o seu nome e o nome da escola.`}
      />
      <FormPassword
        name="confirmacao"
        label="Confirmar nova senha"
        autoComplete="new-password"
        {...heldText(busy)}
      />
      <Button type="submit" className="w-full" loading={busy}>
        {busy ? 'Salvando...' : submitLabel}
      </Button>
    </Form>
  );
}
