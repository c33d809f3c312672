import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatPhone } from '../../../shared/format';
import {
  createUserInputSchema,
  updateUserInputSchema,
  userStatusLabels,
  userTipoLabels,
  type User,
} from '../../../shared/users.schemas';
import { FormInput, FormMasked, FormSelect } from '../../components/form-fields';
import { AddressField, PasswordChoiceFields } from '../../components/form-groups';
import { FormModal } from '../../components/form-modal';
import { GeneratedPasswordModal } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { passwordChoiceFields, refinePasswordChoice, splitPasswordChoice } from './password-choice';
import { useCreateUser, useUpdateUser } from './users.api';

const createSchema = createUserInputSchema
  .omit({ senha: true })
  .extend(passwordChoiceFields)
  .superRefine(refinePasswordChoice('Senha é obrigatória'));

function Fields({ editing }: { editing: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormInput name="nome" label="Nome" required autoComplete="off" />
      <FormInput name="email" label="Email" type="email" required autoComplete="off" />
      <FormMasked name="telefone" mask="phone" label="Telefone" />
      <FormInput name="data_nascimento" label="Data de nascimento" type="date" />
      <div className="sm:col-span-2">
        <AddressField name="endereco" label="Endereço" />
      </div>
      <FormSelect name="tipo" label="Tipo" required options={userTipoLabels} />
      {editing && <FormSelect name="status" label="Status" options={userStatusLabels} />}
    </div>
  );
}

/** 'Novo Usuário' and 'Editar Usuário'. */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const [created, setCreated] = useState<{ senha: string; emailEnviado: boolean } | null>(null);
  const common = {
    nome: user?.nome ?? '',
    email: user?.email ?? '',
    telefone: formatPhone(user?.telefone),
    endereco: user?.endereco ?? '',
    data_nascimento: user?.data_nascimento ?? '',
    tipo: user?.tipo ?? 'professor',
  };
  const createForm = useSchemaForm(createSchema, { ...common, gerarSenha: true, senha: '', confirmacao: '' });
  const editForm = useSchemaForm(updateUserInputSchema, { ...common, status: user?.status ?? 'ativo' });

  if (created) {
    return (
      <GeneratedPasswordModal
        title="Usuário criado"
        password={created.senha}
        emailEnviado={created.emailEnviado}
        onClose={onClose}
      />
    );
  }

  if (user) {
    return (
      <FormModal
        title="Editar Usuário"
        formId="user-form"
        submitLabel="Salvar"
        form={editForm}
        onClose={onClose}
        onSubmit={editForm.submit(
          async (values) => {
            const result = await update.mutateAsync({
              id: user.id,
              input: { ...values, version: user.version },
            });
            toast.success(result.message ?? 'Usuário atualizado com sucesso!');
            onClose();
          },
          () => toast.error('Erro ao editar usuário'),
        )}
      >
        <Fields editing />
      </FormModal>
    );
  }

  return (
    <FormModal
      title="Novo Usuário"
      formId="user-form"
      submitLabel="Criar Usuário"
      form={createForm}
      onClose={onClose}
      onSubmit={createForm.submit(
        async (values) => {
          const result = await create.mutateAsync(splitPasswordChoice(values));
          toast.success(result.message ?? 'Usuário criado com sucesso!');
          if (result.data.senhaGerada)
            setCreated({ senha: result.data.senhaGerada, emailEnviado: result.data.emailEnviado });
          else onClose();
        },
        () => toast.error('Erro ao criar usuário'),
      )}
    >
      <Fields editing={false} />
      <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4">
        <legend className="px-1 text-sm font-medium text-gray-700">Senha de acesso</legend>
        <PasswordChoiceFields generateLabel="Gerar senha automaticamente (12 caracteres)" />
        <p className="text-xs text-gray-500">No primeiro acesso o usuário terá de escolher uma nova senha.</p>
      </fieldset>
    </FormModal>
  );
}
