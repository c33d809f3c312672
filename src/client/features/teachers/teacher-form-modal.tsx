import { AlertTriangle, KeyRound } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatPhone, todayIso } from '../../../shared/format';
import {
  teacherAccessNotice,
  teacherInputSchema,
  teacherStatusLabels,
  type Teacher,
} from '../../../shared/teachers.schemas';
import { subjectChoices, useDisciplinas } from '../../domain/disciplinas.api';
import {
  FormCheckbox,
  FormCheckboxGroup,
  FormInput,
  FormMasked,
  FormSelect,
} from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { GeneratedPasswordModal } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveTeacher } from './teachers.api';
import type { EnvioEmail } from '../../../shared/users.schemas';

/** 'Novo Professor' and 'Editar Professor', optionally with a portal account. */
export function TeacherFormModal({ teacher, onClose }: { teacher: Teacher | null; onClose: () => void }) {
  const save = useSaveTeacher();
  const catalogue = useDisciplinas();
  const [created, setCreated] = useState<{ senha: string; envioEmail: EnvioEmail } | null>(null);
  const form = useSchemaForm(teacherInputSchema, {
    nome: teacher?.nome ?? '',
    email: teacher?.email ?? '',
    telefone: formatPhone(teacher?.telefone),
    data_contratacao: teacher ? (teacher.data_contratacao ?? '') : todayIso(),
    status: teacher?.status ?? 'ativo',
    disciplinas: teacher?.disciplinas ?? [],
    criar_acesso: false,
  });
  // What the chosen status does to the teacher's access, said while choosing it.
  const accessNotice = teacherAccessNotice(form.watch('status') ?? 'ativo', 'escola');

  if (created) {
    return (
      <GeneratedPasswordModal
        title="Acesso criado"
        password={created.senha}
        envioEmail={created.envioEmail}
        onClose={onClose}
      />
    );
  }

  return (
    <FormModal
      title={teacher ? 'Editar Professor' : 'Novo Professor'}
      formId="teacher-form"
      submitLabel={teacher ? 'Atualizar Professor' : 'Adicionar Professor'}
      form={form}
      onClose={onClose}
      onSubmit={form.submit(
        async (values) => {
          const result = await save.mutateAsync({
            id: teacher?.id ?? null,
            input: { ...values, ...(teacher ? { version: teacher.version } : {}) },
          });
          toast.success(result.message ?? 'Professor salvo');
          if (result.data.senhaGerada)
            setCreated({ senha: result.data.senhaGerada, envioEmail: result.data.envioEmail ?? 'falhou' });
          else onClose();
        },
        (message) => toast.error(message),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput name="nome" label="Nome Completo" required />
        <FormInput name="email" label="E-mail" type="email" required />
        <FormMasked name="telefone" mask="phone" label="Telefone" />
        <FormInput name="data_contratacao" label="Data de Contratação" type="date" />
        <FormSelect name="status" label="Status" options={teacherStatusLabels} />
      </div>
      {accessNotice && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {accessNotice}
        </p>
      )}
      {/* The catalogue's active subjects; one the teacher already has stays even if deactivated since. */}
      <FormCheckboxGroup
        name="disciplinas"
        legend="Disciplinas que Leciona"
        options={subjectChoices(catalogue.data, teacher?.disciplinas)}
      />
      {catalogue.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar as disciplinas da escola. Feche e abra o formulário de novo.
        </p>
      )}
      {teacher?.tem_acesso ? (
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <KeyRound className="h-4 w-4 text-green-700" aria-hidden="true" />
          Acesso ao portal pela conta {teacher.acesso_email}
        </p>
      ) : (
        <div>
          <FormCheckbox
            name="criar_acesso"
            label="Criar acesso ao portal (com senha gerada, mostrada ao salvar)"
          />
          <p className="mt-1 text-xs text-gray-500">
            Se já existir em Usuários uma conta de professor com este e-mail, ela é vinculada automaticamente.
          </p>
        </div>
      )}
    </FormModal>
  );
}
