import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { applyServerErrors } from '../../lib/form-errors';
import { PasswordInput } from '../../components/password-input';

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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(schema(withCurrent)),
    defaultValues: { senhaAtual: '', novaSenha: '', confirmacao: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['senhaAtual', 'novaSenha']));
    }
  });

  return (
    <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
      {formError && <ErrorBanner>{formError}</ErrorBanner>}
      {withCurrent && (
        <PasswordInput
          label="Senha atual"
          autoComplete="current-password"
          disabled={isSubmitting}
          error={errors.senhaAtual?.message}
          {...register('senhaAtual')}
        />
      )}
      <PasswordInput
        label="Nova senha"
        autoComplete="new-password"
        disabled={isSubmitting}
        error={errors.novaSenha?.message}
        hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres. Evite senhas comuns, o seu nome e o nome da escola.`}
        {...register('novaSenha')}
      />
      <PasswordInput
        label="Confirmar nova senha"
        autoComplete="new-password"
        disabled={isSubmitting}
        error={errors.confirmacao?.message}
        {...register('confirmacao')}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? 'Salvando...' : submitLabel}
      </Button>
    </form>
  );
}
