import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas';
import { Button } from '../../components/button';
import { Form, FormPassword } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';

const schema = (withCurrent: boolean) =>
  z
    .object({
      senhaAtual: withCurrent ? z.string().min(1, 'Senha atual é obrigatória') : z.string(),
      novaSenha: newPasswordSchema,
      confirmacao: z.string().min(1, 'Confirme a nova senha'),
    })
    .refine((values) => values.novaSenha === values.confirmacao, {
      path: ['confirmacao'],
      message: 'Senhas não coincidem',
    });

export interface NewPasswordValues {
  senhaAtual: string;
  novaSenha: string;
  confirmacao: string;
}

/** The form shared by 'Trocar senha' (asks the current one) and the reset link (does not). */
export function NewPasswordForm({
  withCurrent,
  submitLabel,
  onSubmit,
}: {
  withCurrent: boolean;
  submitLabel: string;
  onSubmit: (values: NewPasswordValues) => Promise<void>;
}) {
  const form = useSchemaForm(schema(withCurrent), { senhaAtual: '', novaSenha: '', confirmacao: '' });
  const busy = form.formState.isSubmitting;
  return (
    <Form form={form} onSubmit={form.submit(onSubmit)} className="mt-6 space-y-4">
      {withCurrent && (
        <FormPassword name="senhaAtual" label="Senha atual" autoComplete="current-password" disabled={busy} />
      )}
      <FormPassword
        name="novaSenha"
        label="Nova senha"
        autoComplete="new-password"
        disabled={busy}
        hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres. Evite senhas comuns, o seu nome e o nome da escola.`}
      />
      <FormPassword
        name="confirmacao"
        label="Confirmar nova senha"
        autoComplete="new-password"
        disabled={busy}
      />
      <Button type="submit" className="w-full" loading={busy}>
        {busy ? 'Salvando...' : submitLabel}
      </Button>
    </Form>
  );
}
