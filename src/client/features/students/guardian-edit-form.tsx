/** Editing a linked guardian's contact and access, from the student's guardians panel. */
import toast from 'react-hot-toast';
import { formatPhone } from '../../../shared/format';
import {
  updateGuardianInputSchema,
  type Student,
  type StudentGuardian,
} from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { Form, FormCheckbox, FormTextArea } from '../../components/form-fields';
import { FormActions } from '../../components/form-actions';
import { addressFormValues } from '../../components/address-fields';
import { GuardianFields } from '../../components/form-groups';
import { useAccountCreated } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useUpdateGuardian } from './students.api';

/** One guardian's data, edited in place (the relationship is to this student). */
export function EditGuardianForm({
  student,
  guardian,
  onDone,
}: {
  student: Student;
  guardian: StudentGuardian;
  onDone: () => void;
}) {
  const update = useUpdateGuardian();
  const account = useAccountCreated(onDone);
  const form = useSchemaForm(updateGuardianInputSchema, {
    nome: guardian.nome,
    telefone: formatPhone(guardian.telefone),
    cpf: guardian.cpf ? formatCpf(guardian.cpf) : '',
    email: guardian.email ?? '',
    ...addressFormValues(guardian),
    observacoes: guardian.observacoes ?? '',
    aluno_id: student.id,
    parentesco: guardian.parentesco,
    criar_acesso: false,
  });
  if (account.view) return account.view;
  return (
    <Form
      form={form}
      label={`Editar ${guardian.nome}`}
      className="mt-3 grid gap-3 sm:grid-cols-2"
      onSubmit={form.submit(
        async (values) => {
          const result = await update.mutateAsync({ id: guardian.id, input: values });
          if (result.data.email_pendente)
            toast.success(result.message ?? 'Confirmação enviada', { duration: 8000 });
          else toast.success(result.message ?? 'Responsável atualizado com sucesso!');
          account.settle(guardian.nome, result.data);
        },
        () => toast.error('Erro ao salvar o responsável'),
      )}
    >
      <GuardianFields cpfRequired={guardian.eh_principal} />
      {!guardian.tem_acesso && (
        <div className="sm:col-span-2">
          <FormCheckbox
            name="criar_acesso"
            label="Criar acesso ao portal (com senha gerada, mostrada ao salvar)"
          />
          <p className="mt-1 text-xs text-gray-500">
            Se já existir em Usuários uma conta de responsável com este e-mail, ela é vinculada.
          </p>
        </div>
      )}
      <div className="sm:col-span-2">
        <FormTextArea
          name="observacoes"
          label="Observações internas (não aparecem para a família)"
          rows={2}
        />
      </div>
      <FormActions submitLabel="Salvar alterações" onCancel={onDone} className="sm:col-span-2" />
    </Form>
  );
}
