import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { forgotPasswordInputSchema } from '../../../shared/auth.schemas';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useForgotPassword } from './auth.api';
import { AuthLayout } from './auth-layout';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const result = await forgot.mutateAsync(email);
      setSent(result.message ?? 'Verifique o seu e-mail.');
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : 'Erro ao enviar. Tente novamente.');
    }
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold text-gray-900">Esqueci minha senha</h1>
      {sent ? (
        <div className="mt-6 space-y-4" role="status">
          <div className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
            <MailCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
            <p>{sent}</p>
          </div>
          <Link
            to={paths.login}
            className="block text-center text-sm font-medium text-primary-strong hover:underline"
          >
            Voltar ao login
          </Link>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <p className="text-sm text-gray-600">
            Informe o e-mail cadastrado. Enviaremos um link para você escolher uma nova senha (válido por 30
            minutos).
          </p>
          {formError && <ErrorBanner>{formError}</ErrorBanner>}
          <InputField
            label="Email"
            type="email"
            autoComplete="email"
            disabled={forgot.isPending}
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" className="w-full" loading={forgot.isPending}>
            {forgot.isPending ? 'Enviando...' : 'Enviar link'}
          </Button>
          <Link
            to={paths.login}
            className="block text-center text-sm font-medium text-primary-strong hover:underline"
          >
            Voltar ao login
          </Link>
        </form>
      )}
    </AuthLayout>
  );
}
