import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { paths } from '../../../shared/routes';
import { Button, ButtonLink } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { apiWithMessage, ApiError } from '../../lib/api-client';
import { returnAddressOf } from '../../lib/return-path';
import { AuthLayout } from './auth-layout';

/**
 * The link mailed to a guardian's new address. Confirming takes a click, not the page load,
 * so a mail scanner that opens links cannot confirm on the guardian's behalf. An account already in
 * use is confirmed signed in (the server says so with a 401): the login brings the guardian back here.
 */
export function ConfirmEmailPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: () =>
      apiWithMessage<{ email: string }>('/api/responsaveis/confirmar-email', {
        method: 'POST',
        body: { token },
        globalErrors: false,
      }),
    onSuccess: (result) => setDone(result.data.email),
  });
  const invalid = token.length < 20;
  const signInFirst = confirm.error instanceof ApiError && confirm.error.status === 401;
  return (
    <AuthLayout title="Confirmar e-mail">
      <h1 className="text-2xl font-bold text-gray-900">Confirmar novo e-mail</h1>
      {done ? (
        <div className="mt-6 space-y-4" role="status">
          {/* One text beside the icon: a long address wraps inside the card on a phone. */}
          <p className="flex items-start gap-2 text-sm text-green-800">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <span>
              E-mail confirmado. Use <strong className="break-all">{done}</strong> para entrar no portal.
            </span>
          </p>
          {/* Signed in (a used account confirms so) the portal opens; otherwise it asks to sign in first. */}
          <Link
            to={paths.dashboard}
            className="block text-center text-sm font-medium text-primary-strong hover:underline"
          >
            Ir para o portal
          </Link>
        </div>
      ) : invalid ? (
        <div className="mt-6">
          <ErrorBanner>Link inválido ou expirado. Peça à secretaria que altere o e-mail de novo.</ErrorBanner>
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <p className="text-sm text-gray-700">
            A secretaria registrou este endereço como o seu novo e-mail de acesso ao portal. Confirme para que
            ele passe a valer. Se você já usa o portal, entre antes com o e-mail atual e a sua senha.
          </p>
          {confirm.isError && (
            <ErrorBanner>
              {confirm.error instanceof ApiError ? confirm.error.message : 'Erro ao confirmar o e-mail.'}
            </ErrorBanner>
          )}
          {signInFirst ? (
            <ButtonLink className="w-full" to={paths.login} state={{ from: returnAddressOf(location) }}>
              Entrar no portal
            </ButtonLink>
          ) : (
            <Button className="w-full" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              Confirmar novo e-mail
            </Button>
          )}
        </div>
      )}
    </AuthLayout>
  );
}
