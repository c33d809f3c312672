import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { forgotPasswordInputSchema } from '../../../shared/auth.schemas';
import { paths } from '../../../shared/routes';
import { Button } from '../../components/button';
import { Form, FormInput } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useForgotPassword } from './auth.api';
import { AuthLayout } from './auth-layout';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm(forgotPasswordInputSchema, { email: '' });
  // The answer replaces the form, and the focused button with it: the focus fell to <body>. It goes to
  // the answer, which a screen reader then reads, and Tab continues to 'Voltar ao login'.
  const answer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (sent) answer.current?.focus();
  }, [sent]);
  const onSubmit = form.submit(async ({ email }) => {
    const result = await forgot.mutateAsync(email);
    setSent(result.message ?? 'Verifique o seu e-mail.');
  });

  return (
    <AuthLayout title="Esqueci minha senha">
      <h1 className="text-2xl font-bold text-gray-900">Esqueci minha senha</h1>
      {sent ? (
        <div className="mt-6 space-y-4" role="status">
          <div className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
            <MailCheck className="h-5 w-5 shrink-0" aria-hidden="true" />
            <p ref={answer} tabIndex={-1} className="focus:outline-none">
              {sent}
            </p>
          </div>
          <Link
            to={paths.login}
            className="block text-center text-sm font-medium text-primary-strong hover:underline"
          >
            Voltar ao login
          </Link>
        </div>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-4">
          <p className="text-sm text-gray-600">
            Informe o e-mail cadastrado. Enviaremos um link para você escolher uma nova senha (válido por 30
            minutos).
          </p>
          <FormInput
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            readOnly={forgot.isPending}
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
        </Form>
      )}
    </AuthLayout>
  );
}
