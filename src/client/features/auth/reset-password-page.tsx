import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { paths } from '../../../shared/routes';
import { ErrorBanner } from '../../components/feedback';
import { useResetPassword } from './auth.api';
import { AuthLayout } from './auth-layout';
import { NewPasswordForm } from './new-password-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const navigate = useNavigate();

  return (
    <AuthLayout title="Redefinir senha">
      <h1 className="text-2xl font-bold text-gray-900">Redefinir senha</h1>
      {token.length < 20 ? (
        <div className="mt-6 space-y-4">
          <ErrorBanner>Link inválido ou expirado. Peça uma nova redefinição de senha.</ErrorBanner>
          <Link
            to={paths.forgotPassword}
            className="block text-center text-sm font-medium text-primary-strong hover:underline"
          >
            Pedir novo link
          </Link>
        </div>
      ) : (
        <NewPasswordForm
          withCurrent={false}
          submitLabel="Redefinir senha"
          onSubmit={async (values) => {
            const result = await reset.mutateAsync({ token, novaSenha: values.novaSenha });
            toast.success(result.message ?? 'Senha redefinida com sucesso!');
            await navigate(paths.login, { replace: true });
          }}
        />
      )}
    </AuthLayout>
  );
}
