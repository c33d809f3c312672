import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { emailSchema } from '../../../shared/auth.schemas';
import { formatPhone } from '../../../shared/format';
import {
  needsAdminPassword,
  userStatuses,
  userStatusLabels,
  userTipoLabels,
  userTipos,
  type User,
  type UserStatus,
  type UserTipo,
} from '../../../shared/users.schemas';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { applyServerErrors } from '../../lib/form-errors';
import { PasswordInput } from '../auth/password-input';
import { GeneratedPassword } from './generated-password';
import { refinePasswordChoice } from './password-choice';
import { useCreateUser, useUpdateUser } from './users.api';

interface FormValues {
  nome: string;
  email: string;
  telefone: string;
  endereco: string;
  data_nascimento: string;
  tipo: UserTipo;
  status: UserStatus;
  gerarSenha: boolean;
  senha: string;
  confirmacao: string;
  senha_atual: string;
}

const formSchema = z
  .object({
    nome: z.string().trim().min(1, 'Nome é obrigatório').max(120, 'Máximo de 120 caracteres'),
    email: emailSchema,
    telefone: z
      .string()
      .refine(
        (value) => [0, 10, 11].includes(value.replace(/\D/g, '').length),
        'Telefone inválido. Use DDD + número',
      ),
    endereco: z.string().max(300, 'Máximo de 300 caracteres'),
    data_nascimento: z
      .string()
      .refine(
        (value) => value === '' || value <= new Date().toISOString().slice(0, 10),
        'A data de nascimento não pode estar no futuro',
      ),
    tipo: z.enum(userTipos),
    status: z.enum(userStatuses),
    gerarSenha: z.boolean(),
    senha: z.string(),
    confirmacao: z.string(),
    senha_atual: z.string(),
  })
  .superRefine(refinePasswordChoice('Senha é obrigatória'));

const serverFields = [
  'nome',
  'email',
  'telefone',
  'endereco',
  'data_nascimento',
  'tipo',
  'status',
  'senha',
  'senha_atual',
] as const;

/** 'Novo Usuário' and 'Editar Usuário'. */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const editing = user !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ senha: string; emailEnviado: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      nome: user?.nome ?? '',
      email: user?.email ?? '',
      telefone: formatPhone(user?.telefone),
      endereco: user?.endereco ?? '',
      data_nascimento: user?.data_nascimento ?? '',
      tipo: user?.tipo ?? 'professor',
      status: user?.status ?? 'ativo',
      gerarSenha: true,
      senha: '',
      confirmacao: '',
      senha_atual: '',
    },
  });
  const gerarSenha = watch('gerarSenha');
  const before = user ? { tipo: user.tipo, email: user.email } : null;
  // Creating or promoting an administrator, or changing one's e-mail, asks for your own password.
  const asksPassword = needsAdminPassword(before, { tipo: watch('tipo'), email: watch('email') });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (asksPassword && values.senha_atual === '') {
      setError(
        'senha_atual',
        { type: 'required', message: 'Confirme com a sua senha.' },
        { shouldFocus: true },
      );
      return;
    }
    const common = {
      nome: values.nome,
      email: values.email,
      telefone: values.telefone,
      endereco: values.endereco,
      data_nascimento: values.data_nascimento,
      tipo: values.tipo,
      ...(asksPassword ? { senha_atual: values.senha_atual } : {}),
    };
    try {
      if (editing) {
        const result = await update.mutateAsync({
          id: user.id,
          input: { ...common, status: values.status, version: user.version },
        });
        toast.success(result.message ?? 'Usuário atualizado com sucesso!');
        onClose();
      } else {
        const result = await create.mutateAsync(
          values.gerarSenha ? common : { ...common, senha: values.senha },
        );
        toast.success(result.message ?? 'Usuário criado com sucesso!');
        if (result.data.senhaGerada)
          setCreated({ senha: result.data.senhaGerada, emailEnviado: result.data.emailEnviado });
        else onClose();
      }
    } catch (error) {
      const message = applyServerErrors(error, setError, serverFields);
      if (message) {
        setFormError(message);
        toast.error(editing ? 'Erro ao editar usuário' : 'Erro ao criar usuário');
      }
    }
  });

  if (created) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Usuário criado"
        footer={<Button onClick={onClose}>Concluir</Button>}
      >
        <GeneratedPassword password={created.senha} emailEnviado={created.emailEnviado} />
      </Modal>
    );
  }

  return (
    <FormModal
      title={editing ? 'Editar Usuário' : 'Novo Usuário'}
      formId="user-form"
      submitLabel={editing ? 'Salvar' : 'Criar Usuário'}
      busy={isSubmitting}
      error={formError}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Nome"
          required
          autoComplete="off"
          error={errors.nome?.message}
          {...register('nome')}
        />
        <InputField
          label="Email"
          type="email"
          required
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <InputField
          label="Telefone"
          type="tel"
          placeholder="(11) 91234-5678"
          error={errors.telefone?.message}
          {...register('telefone')}
        />
        <InputField
          label="Data de nascimento"
          type="date"
          error={errors.data_nascimento?.message}
          {...register('data_nascimento')}
        />
        <div className="sm:col-span-2">
          <InputField label="Endereço" error={errors.endereco?.message} {...register('endereco')} />
        </div>
        <SelectField label="Tipo" required error={errors.tipo?.message} {...register('tipo')}>
          {userTipos.map((tipo) => (
            <option key={tipo} value={tipo}>
              {userTipoLabels[tipo]}
            </option>
          ))}
        </SelectField>
        {editing && (
          <SelectField label="Status" error={errors.status?.message} {...register('status')}>
            {userStatuses.map((status) => (
              <option key={status} value={status}>
                {userStatusLabels[status]}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {!editing && (
        <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4">
          <legend className="px-1 text-sm font-medium text-gray-700">Senha de acesso</legend>
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" className="h-4 w-4 rounded border-gray-300" {...register('gerarSenha')} />
            Gerar senha automaticamente (12 caracteres)
          </label>
          {!gerarSenha && (
            <div className="grid gap-4 sm:grid-cols-2">
              <PasswordInput
                label="Senha"
                autoComplete="new-password"
                error={errors.senha?.message}
                {...register('senha')}
              />
              <PasswordInput
                label="Confirmar senha"
                autoComplete="new-password"
                error={errors.confirmacao?.message}
                {...register('confirmacao')}
              />
            </div>
          )}
          <p className="text-xs text-gray-500">
            No primeiro acesso o usuário terá de escolher uma nova senha.
          </p>
        </fieldset>
      )}
      {asksPassword && (
        <fieldset className="space-y-3 rounded-xl border border-purple-200 bg-purple-50 p-4">
          <legend className="flex items-center gap-1 px-1 text-sm font-medium text-purple-900">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Confirme que é você
          </legend>
          <PasswordInput
            label="Sua senha"
            autoComplete="current-password"
            required
            error={errors.senha_atual?.message}
            hint={
              editing && user.tipo === 'admin'
                ? 'Alterar o e-mail de um administrador exige a sua senha. Os outros administradores serão avisados.'
                : 'Dar acesso de administrador exige a sua senha. Os outros administradores serão avisados.'
            }
            {...register('senha_atual')}
          />
        </fieldset>
      )}
    </FormModal>
  );
}
