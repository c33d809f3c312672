import { useState } from 'react';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { ShieldCheck } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import {
  createUserInputSchema,
  needsAdminPassword,
  updateUserInputSchema,
  userStatusLabels,
  userTipoLabels,
  type User,
} from '../../../shared/users.schemas';
import { FormInput, FormMasked, FormPassword, FormSelect } from '../../components/form-fields';
import { AddressField, PasswordChoiceFields } from '../../components/form-groups';
import { FormModal } from '../../components/form-modal';
import { GeneratedPasswordModal } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { passwordChoiceFields, refinePasswordChoice, splitPasswordChoice } from './password-choice';
import { useCreateUser, useUpdateUser } from './users.api';
import { PerfisField } from './perfis-field';
import type { EnvioEmail } from '../../../shared/users.schemas';

// The profiles are checked on submit (only a staff account takes them): an unchecked group is [].
const perfisField = { perfis: z.array(z.string()).optional() };
const createSchema = createUserInputSchema
  .omit({ senha: true })
  .extend({ ...passwordChoiceFields, ...perfisField })
  .superRefine(refinePasswordChoice('Senha é obrigatória'));
const editSchema = updateUserInputSchema.extend(perfisField);

/** A staff account's chosen profiles; null (and the field marked) when none is chosen. */
function perfisOf(
  values: { tipo: string; perfis?: string[] | undefined },
  setError: (
    name: 'perfis',
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
): { perfis?: string[] } | null {
  if (values.tipo !== 'admin') return {};
  if (!values.perfis || values.perfis.length === 0) {
    // Focused: on a phone the profiles are below the fold, and the message alone went unseen.
    setError('perfis', { type: 'required', message: 'Escolha ao menos um perfil.' }, { shouldFocus: true });
    return null;
  }
  return { perfis: values.perfis };
}

function Fields({ editing, staff }: { editing: boolean; staff: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormInput name="nome" label="Nome" required autoComplete="off" />
      <FormInput name="email" label="E-mail" type="email" required autoComplete="off" />
      <FormMasked name="telefone" mask="phone" label="Telefone" />
      <FormInput name="data_nascimento" label="Data de nascimento" type="date" />
      <div className="sm:col-span-2">
        <AddressField name="endereco" label="Endereço" />
      </div>
      <FormSelect name="tipo" label="Tipo" required options={userTipoLabels} />
      {editing && <FormSelect name="status" label="Status" options={userStatusLabels} />}
      {staff && (
        <div className="sm:col-span-2">
          <PerfisField />
        </div>
      )}
    </div>
  );
}

/**
 * Creating or promoting an administrator, or changing one's e-mail, asks for your own password, so an
 * unattended session cannot hand out administrator power; the other administrators are told.
 */
function AdminPasswordConfirmation({ promoting }: { promoting: boolean }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-purple-200 bg-purple-50 p-4">
      <legend className="flex items-center gap-1 px-1 text-sm font-medium text-purple-900">
        <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Confirme que é você
      </legend>
      <FormPassword
        name="senha_atual"
        label="Sua senha"
        autoComplete="current-password"
        required
        hint={
          promoting
            ? 'Uma conta da equipe abre dados de alunos e famílias: criá-la exige a sua senha. Quem gerencia usuários será avisado.'
            : 'Alterar o e-mail de uma conta da equipe exige a sua senha. Quem gerencia usuários será avisado.'
        }
      />
    </fieldset>
  );
}

/**
 * The confirmation's value when the server will ask for it; an empty one stops the form on its field
 * (focused unless an earlier field, the profiles, already took the focus).
 */
function adminPassword(
  asks: boolean,
  senhaAtual: string | undefined,
  setError: (
    name: 'senha_atual',
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
  shouldFocus = true,
): { senha_atual?: string } | null {
  if (!asks) return {};
  if (!senhaAtual) {
    setError('senha_atual', { type: 'required', message: 'Confirme com a sua senha.' }, { shouldFocus });
    return null;
  }
  return { senha_atual: senhaAtual };
}

/** 'Novo Usuário' and 'Editar Usuário'. */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const [created, setCreated] = useState<{ senha: string; envioEmail: EnvioEmail } | null>(null);
  const common = {
    nome: user?.nome ?? '',
    email: user?.email ?? '',
    telefone: formatPhone(user?.telefone),
    endereco: user?.endereco ?? '',
    data_nascimento: user?.data_nascimento ?? '',
    tipo: user?.tipo ?? 'professor',
    perfis: user?.perfis.map((perfil) => perfil.id) ?? [],
  };
  const createForm = useSchemaForm(createSchema, {
    ...common,
    gerarSenha: true,
    senha: '',
    confirmacao: '',
    senha_atual: '',
  });
  const editForm = useSchemaForm(editSchema, {
    ...common,
    status: user?.status ?? 'ativo',
    senha_atual: '',
  });
  const before = user
    ? { tipo: user.tipo, email: user.email, perfis: user.perfis.map((perfil) => perfil.id) }
    : null;
  const watched = user
    ? { tipo: editForm.watch('tipo'), email: editForm.watch('email'), perfis: editForm.watch('perfis') }
    : { tipo: createForm.watch('tipo'), email: createForm.watch('email') };
  const asksPassword = needsAdminPassword(before, watched);

  if (created) {
    return (
      <GeneratedPasswordModal
        title="Usuário criado"
        password={created.senha}
        envioEmail={created.envioEmail}
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
          async ({ senha_atual, perfis, ...values }) => {
            // Both checked at once: the person sees every missing answer after one click.
            const chosen = perfisOf({ tipo: values.tipo, perfis }, editForm.setError);
            const confirmation = adminPassword(asksPassword, senha_atual, editForm.setError, chosen !== null);
            if (!chosen || !confirmation) return;
            const result = await update.mutateAsync({
              id: user.id,
              input: { ...values, ...chosen, ...confirmation, version: user.version },
            });
            toast.success(result.message ?? 'Usuário atualizado com sucesso!');
            onClose();
          },
          () => toast.error('Erro ao editar usuário'),
        )}
      >
        <Fields editing staff={watched.tipo === 'admin'} />
        {asksPassword && <AdminPasswordConfirmation promoting={user.tipo !== 'admin'} />}
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
        async ({ senha_atual, perfis, ...values }) => {
          // Both checked at once: the person sees every missing answer after one click.
          const chosen = perfisOf({ tipo: values.tipo, perfis }, createForm.setError);
          const confirmation = adminPassword(asksPassword, senha_atual, createForm.setError, chosen !== null);
          if (!chosen || !confirmation) return;
          const result = await create.mutateAsync({
            ...splitPasswordChoice(values),
            ...chosen,
            ...confirmation,
          });
          toast.success(result.message ?? 'Usuário criado com sucesso!');
          if (result.data.senhaGerada)
            setCreated({ senha: result.data.senhaGerada, envioEmail: result.data.envioEmail ?? 'falhou' });
          else onClose();
        },
        () => toast.error('Erro ao criar usuário'),
      )}
    >
      <Fields editing={false} staff={watched.tipo === 'admin'} />
      <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4">
        <legend className="px-1 text-sm font-medium text-gray-700">Senha de acesso</legend>
        <PasswordChoiceFields generateLabel="Gerar senha automaticamente" />
        <p className="text-xs text-gray-500">No primeiro acesso o usuário terá de escolher uma nova senha.</p>
      </fieldset>
      {asksPassword && <AdminPasswordConfirmation promoting />}
    </FormModal>
  );
}
