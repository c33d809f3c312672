import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import type { User } from '../../../shared/users.schemas';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { applyServerErrors } from '../../lib/form-errors';
import { PasswordInput } from '../auth/password-input';
import { GeneratedPassword } from './generated-password';
import { refinePasswordChoice } from './password-choice';
import { useResetUserPassword } from './users.api';

interface FormValues {
  gerarSenha: boolean;
  senha: string;
  confirmacao: string;
  senha_atual: string;
}

const schema = z
  .object({
    gerarSenha: z.boolean(),
    senha: z.string(),
    confirmacao: z.string(),
    senha_atual: z.string().min(1, 'Confirme com a sua senha.'),
  })
  .superRefine(refinePasswordChoice('Nova senha é obrigatória'));

export function ResetPasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const reset = useResetUserPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<{ novaSenha: string; emailEnviado: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { gerarSenha: true, senha: '', confirmacao: '', senha_atual: '' },
  });
  const gerarSenha = watch('gerarSenha');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const response = await reset.mutateAsync({
        id: user.id,
        senhaAtual: values.senha_atual,
        ...(values.gerarSenha ? {} : { senha: values.senha }),
      });
      toast.success(response.message ?? 'Senha redefinida com sucesso!');
      setResult(response.data);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['senha', 'senha_atual']);
      if (message) {
        setFormError(message);
        toast.error('Erro ao resetar senha');
      }
    }
  });

  if (result) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Senha redefinida"
        footer={<Button onClick={onClose}>Concluir</Button>}
      >
        <p className="mb-3 text-sm text-gray-700">Nova senha de {user.nome}:</p>
        <GeneratedPassword password={result.novaSenha} emailEnviado={result.emailEnviado} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      busy={isSubmitting}
      title="Resetar Senha"
      description={`${user.nome} (${user.email}) terá de trocar a senha no próximo acesso, e as sessões abertas serão encerradas.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" form="reset-form" loading={isSubmitting}>
            Resetar Senha
          </Button>
        </>
      }
    >
      <form id="reset-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <ErrorBanner>{formError}</ErrorBanner>}
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input type="checkbox" className="h-4 w-4 rounded border-gray-300" {...register('gerarSenha')} />
          Gerar senha automaticamente
        </label>
        {!gerarSenha && (
          <>
            <PasswordInput
              label="Nova senha"
              autoComplete="new-password"
              error={errors.senha?.message}
              {...register('senha')}
            />
            <PasswordInput
              label="Confirmar nova senha"
              autoComplete="new-password"
              error={errors.confirmacao?.message}
              {...register('confirmacao')}
            />
          </>
        )}
        <PasswordInput
          label="Sua senha"
          autoComplete="current-password"
          required
          error={errors.senha_atual?.message}
          hint="Por segurança, confirme a sua senha. Os outros administradores serão avisados."
          {...register('senha_atual')}
        />
      </form>
    </Modal>
  );
}
