import { useState } from 'react';
import { z } from 'zod';
import toast from 'react-hot-toast';
import type { User } from '../../../shared/users.schemas';
import { FormPassword } from '../../components/form-fields';
import { PasswordChoiceFields } from '../../components/form-groups';
import { FormModal } from '../../components/form-modal';
import { GeneratedPasswordModal } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { chosenPassword, passwordChoiceFields, refinePasswordChoice } from './password-choice';
import { useResetUserPassword } from './users.api';
import type { EnvioEmail } from '../../../shared/users.schemas';

const schema = z
  .object({ ...passwordChoiceFields, senha_atual: z.string().min(1, 'Confirme com a sua senha.') })
  .superRefine(refinePasswordChoice('Nova senha é obrigatória'));

export function ResetPasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const reset = useResetUserPassword();
  const [result, setResult] = useState<{ novaSenha: string; envioEmail: EnvioEmail } | null>(null);
  const form = useSchemaForm(schema, { gerarSenha: true, senha: '', confirmacao: '', senha_atual: '' });

  if (result) {
    return (
      <GeneratedPasswordModal
        title="Senha redefinida"
        lead={`Nova senha de ${user.nome}:`}
        password={result.novaSenha}
        envioEmail={result.envioEmail}
        onClose={onClose}
      />
    );
  }

  return (
    <FormModal
      title="Resetar Senha"
      description={`${user.nome} (${user.email}) terá de trocar a senha no próximo acesso, e as sessões abertas serão encerradas.`}
      formId="reset-form"
      submitLabel="Resetar Senha"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(
        async (values) => {
          const response = await reset.mutateAsync({
            id: user.id,
            senhaAtual: values.senha_atual,
            ...chosenPassword(values),
          });
          toast.success(response.message ?? 'Senha redefinida com sucesso!');
          setResult({
            novaSenha: response.data.novaSenha,
            envioEmail: response.data.envioEmail ?? 'falhou',
          });
        },
        () => toast.error('Erro ao resetar senha'),
      )}
    >
      <PasswordChoiceFields
        generateLabel="Gerar senha automaticamente"
        passwordLabel="Nova senha"
        confirmLabel="Confirmar nova senha"
      />
      <FormPassword
        name="senha_atual"
        label="Sua senha"
        autoComplete="current-password"
        required
        hint="Por segurança, confirme a sua senha. Os outros administradores serão avisados."
      />
    </FormModal>
  );
}
