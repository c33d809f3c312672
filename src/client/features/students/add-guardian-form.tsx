import toast from 'react-hot-toast';
import { useWatch } from 'react-hook-form';
import { createGuardianInputSchema } from '../../../shared/students.schemas';
import { Form, FormCheckbox } from '../../components/form-fields';
import { FormActions } from '../../components/form-actions';
import { GuardianFields } from '../../components/form-groups';
import { useAccountCreated } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAddGuardian } from './students.api';

/** 'Adicionar responsável' in the student's details: a further guardian, optionally the principal one. */
export function AddGuardianForm({ alunoId, onDone }: { alunoId: string; onDone: () => void }) {
  const add = useAddGuardian();
  const account = useAccountCreated(onDone);
  const form = useSchemaForm(createGuardianInputSchema, {
    nome: '',
    telefone: '',
    cpf: '',
    email: '',
    endereco: '',
    eh_principal: false,
    aluno_id: alunoId,
  });
  const principal = useWatch({ control: form.control, name: 'eh_principal' });

  if (account.view) return account.view;

  return (
    <Form
      form={form}
      label="Adicionar responsável"
      className="mt-3 grid gap-3 rounded-xl border border-gray-200 p-4 sm:grid-cols-2"
      onSubmit={form.submit(
        async (values) => {
          const result = await add.mutateAsync({ ...values, aluno_id: alunoId });
          toast.success(result.message ?? 'Responsável cadastrado com sucesso!');
          account.settle(result.data.nome, result.data);
        },
        () => toast.error('Erro ao criar responsável'),
      )}
    >
      <GuardianFields cpfRequired={principal === true} />
      <div className="sm:col-span-2">
        <FormCheckbox name="eh_principal" label="Tornar responsável principal (substitui o atual)" />
      </div>
      <FormActions submitLabel="Salvar responsável" onCancel={onDone} className="sm:col-span-2" />
    </Form>
  );
}
