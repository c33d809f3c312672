import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { loginInputSchema, type LoginInput } from '../../../shared/auth.schemas';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useLogin } from './auth.api';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from '../../components/password-input';

export function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '', lembrar: false },
  });
  const from = (location.state as { from?: string } | null)?.from;
  const busy = isSubmitting || login.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { data } = await login.mutateAsync(values);
      toast.success(`Bem-vindo, ${data.user.nome}!`);
      if (data.user.primeiro_login) await navigate(paths.changePassword, { replace: true });
      else await navigate(from && from.startsWith('/dashboard') ? from : paths.dashboard, { replace: true });
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : 'Erro ao fazer login');
    }
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold text-gray-900">Fazer Login</h1>
      <p className="mt-1 text-sm text-gray-600">Entre com o e-mail e a senha fornecidos pela escola.</p>
      <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
        {formError && <ErrorBanner>{formError}</ErrorBanner>}
        <InputField
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="seu@email.com"
          disabled={busy}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          placeholder="Sua senha"
          disabled={busy}
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-gray-300 text-primary focus:ring-primary"
              disabled={busy}
              {...register('lembrar')}
            />
            Lembrar-me
          </label>
          <Link
            to={paths.forgotPassword}
            className={`text-sm font-medium text-primary-strong hover:underline ${busy ? 'pointer-events-none opacity-60' : ''}`}
            aria-disabled={busy || undefined}
          >
            Esqueci minha senha
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Entrando...' : 'Entrar'}
        </Button>
      </form>
      <div className="mt-6 flex gap-3 rounded-xl border border-blue-100 bg-blue-50 p-4 text-sm text-blue-900">
        <Lock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="block">Acesso Seguro</strong>
          Use as credenciais fornecidas pela administração da escola. Em caso de dúvida, entre em contato com
          o suporte.
        </p>
      </div>
    </AuthLayout>
  );
}
