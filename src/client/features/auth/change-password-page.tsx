import { Link, Navigate, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { FIRST_ADMIN_NAME } from '../../../shared/auth.schemas';
import { isStaffLevel } from '../../../shared/permissions';
import { paths } from '../../../shared/routes';
import { Spinner } from '../../components/feedback';
import { homeLinkWords, useCurrentUser } from '../../lib/current-user';
import { useChangePassword, useLogout } from './auth.api';
import { AuthLayout } from './auth-layout';
import { NewPasswordForm } from './new-password-form';

/** 'Trocar senha': mandatory after the first sign-in, reachable any time from the portal. */
export function ChangePasswordPage() {
  const { data: user, isLoading } = useCurrentUser();
  const change = useChangePassword();
  const navigate = useNavigate();
  const logout = useLogout(() => navigate(paths.login, { replace: true }));
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to={paths.login} replace />;

  // The first sign-in asks a staff member's name (the first administrator is 'Administrador'); a family
  // or a student keeps the name the school registered (it is corrected at the secretaria).
  const asksName = user.primeiro_login && isStaffLevel(user.nivel);
  return (
    <AuthLayout title="Trocar senha">
      <h1 className="text-2xl font-bold text-gray-900">Trocar senha</h1>
      <p className="mt-1 text-sm text-gray-600">
        {user.primeiro_login
          ? user.nome === FIRST_ADMIN_NAME
            ? 'Este é o seu primeiro acesso: diga o seu nome e escolha uma senha só sua para continuar.'
            : asksName
              ? `Olá, ${user.nome}. Este é o seu primeiro acesso: confira o seu nome e escolha uma senha só sua para continuar.`
              : `Olá, ${user.nome}. Este é o seu primeiro acesso: escolha uma senha só sua para continuar.`
          : 'Escolha uma nova senha. As outras sessões abertas com a sua conta serão encerradas.'}
      </p>
      <NewPasswordForm
        withCurrent
        currentHint={
          user.primeiro_login
            ? 'A senha provisória que você recebeu para este primeiro acesso (por e-mail ou da escola).'
            : undefined
        }
        name={asksName ? (user.nome === FIRST_ADMIN_NAME ? '' : user.nome) : undefined}
        submitLabel="Salvar nova senha"
        onSubmit={async (values) => {
          const result = await change.mutateAsync({
            senhaAtual: values.senhaAtual,
            novaSenha: values.novaSenha,
            ...(asksName ? { nome: values.nome } : {}),
          });
          toast.success(result.message ?? 'Senha alterada com sucesso!');
          await navigate(paths.dashboard, { replace: true });
        }}
      />
      {/* Each 44 px tall on a phone (they were a line of text, 20 px, one above the other). */}
      {!user.primeiro_login && (
        <Link
          to={paths.dashboard}
          className="mt-2 flex min-h-11 items-center justify-center text-sm font-medium text-primary-strong hover:underline"
        >
          {homeLinkWords(user).voltar}
        </Link>
      )}
      <button
        type="button"
        className="flex min-h-11 w-full items-center justify-center text-sm text-gray-600 hover:underline"
        onClick={() => logout.mutate()}
      >
        Sair
      </button>
    </AuthLayout>
  );
}
