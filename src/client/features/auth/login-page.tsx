import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { Lock } from 'lucide-react';
import { FIRST_ADMIN_NAME, loginInputSchema } from '../../../shared/auth.schemas';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { Form, FormCheckbox, FormInput, FormPassword } from '../../components/form-fields';
import { heldText } from '../../lib/held-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useIsOnline } from '../../lib/offline/online';
import { returnPathAfterLogin } from '../../lib/return-path';
import { useLogin } from './auth.api';
import { AuthLayout } from './auth-layout';

export function LoginPage() {
  // 'Esqueci minha senha' opens at once: its screen's code loads while this one is read.
  useEffect(() => {
    void import('./forgot-password-page');
  }, []);
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useSchemaForm(loginInputSchema, { email: '', password: '', lembrar: false });
  const from = (location.state as { from?: unknown } | null)?.from;
  const busy = form.formState.isSubmitting || login.isPending;
  // Signing in needs the server: offline (or after the session's limit, offline) the page says so.
  const online = useIsOnline();

  // The fields are held while signing in (held-field.ts: read-only, the box ticks nothing), not
  // disabled: a disabled field (or button) loses the focus to <body>. A refusal puts the focus back in the password, selected to be typed again, while the
  // banner (role="alert") reads the reason.
  const onSubmit = form.submit(
    async (values) => {
      const { data } = await login.mutateAsync(values);
      // The first administrator is 'Administrador' until Trocar senha asks the real name: no greeting by it.
      const unnamed = data.user.primeiro_login && data.user.nome === FIRST_ADMIN_NAME;
      const target = data.user.primeiro_login ? paths.changePassword : returnPathAfterLogin(from);
      // The home greets the person by name itself ('Boa noite, Carlos!'): a toast over its title said it twice.
      if (target !== paths.dashboard) toast.success(unnamed ? 'Bem-vindo!' : `Bem-vindo, ${data.user.nome}!`);
      await navigate(target, { replace: true });
    },
    () => form.setFocus('password', { shouldSelect: true }),
  );

  return (
    <AuthLayout title="Entrar">
      <h1 className="text-2xl font-bold text-gray-900">Fazer Login</h1>
      <p className="mt-1 text-sm text-gray-600">Entre com o e-mail e a senha fornecidos pela escola.</p>
      {!online && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          Sem conexão — entre novamente quando estiver on-line.
        </p>
      )}
      <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-4">
        <FormInput
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          placeholder="seu@email.com"
          {...heldText(busy)}
        />
        <FormPassword
          name="password"
          label="Senha"
          autoComplete="current-password"
          placeholder="Sua senha"
          {...heldText(busy)}
        />
        <div className="flex items-center justify-between gap-3">
          <FormCheckbox name="lembrar" label="Lembrar-me" held={busy} />
          <Link
            to={paths.forgotPassword}
            className={`text-sm font-medium text-primary-strong hover:underline ${busy ? 'pointer-events-none opacity-60' : ''}`}
            aria-disabled={busy || undefined}
          >
            Esqueci minha senha
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={busy} disabled={!online}>
          {busy ? 'Entrando...' : 'Entrar'}
        </Button>
      </Form>
      <div className="mt-6 flex gap-3 rounded-xl border border-blue-100 bg-blue-50 p-4 text-sm text-blue-900">
        <Lock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="block">Acesso Seguro</strong>
          Use as credenciais fornecidas pela administração da escola. Em caso de dúvida, entre em contato com
          o suporte.
        </p>
      </div>
      <p className="mt-4 text-center text-sm text-gray-600">
        <a href="/privacidade" className="font-medium text-primary-strong hover:underline">
          Aviso de Privacidade
        </a>
        {' · '}
        <a href="/termos" className="font-medium text-primary-strong hover:underline">
          Termos de Uso
        </a>
      </p>
    </AuthLayout>
  );
}
