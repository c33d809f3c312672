import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { parentescoLabels, parentescos } from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { GeneratedPassword } from '../../components/generated-password';
import { useAddGuardian } from './students.api';

const empty = { nome: '', parentesco: '', telefone: '', cpf: '', email: '', endereco: '' };

/** 'Adicionar responsável' in the student's details: a further guardian, optionally the principal one. */
export function AddGuardianForm({ alunoId, onDone }: { alunoId: string; onDone: () => void }) {
  const add = useAddGuardian();
  const [values, setValues] = useState(empty);
  const [principal, setPrincipal] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ senha: string; emailEnviado: boolean; nome: string } | null>(null);

  const field = (name: keyof typeof empty) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setFormError(null);
    const local: Record<string, string> = {};
    if (values.nome.trim() === '') local.nome = 'Nome do responsável é obrigatório';
    if (values.parentesco === '') local.parentesco = 'Parentesco é obrigatório';
    if (values.telefone.trim() === '') local.telefone = 'Telefone é obrigatório';
    if (principal && values.cpf.trim() === '') local.cpf = 'CPF do responsável principal é obrigatório';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const result = await add.mutateAsync({
        ...values,
        parentesco: values.parentesco as (typeof parentescos)[number],
        eh_principal: principal,
        aluno_id: alunoId,
      });
      toast.success(result.message ?? 'Responsável cadastrado com sucesso!');
      if (result.data.senhaGerada)
        setCreated({
          senha: result.data.senhaGerada,
          emailEnviado: result.data.emailEnviado,
          nome: result.data.nome,
        });
      else onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Record<string, string> = {};
        for (const detail of error.details) next[detail.path] = detail.message;
        setErrors(next);
        setFormError(error.message);
      } else setFormError('Erro inesperado. Tente novamente.');
      toast.error('Erro ao criar responsável');
    }
  };

  if (created) {
    return (
      <div className="mt-3 space-y-3">
        <p className="text-sm text-gray-700">
          Foi criada uma conta no portal para <strong>{created.nome}</strong>.
        </p>
        <GeneratedPassword password={created.senha} emailEnviado={created.emailEnviado} />
        <Button variant="secondary" onClick={onDone}>
          Concluir
        </Button>
      </div>
    );
  }

  return (
    <form
      aria-label="Adicionar responsável"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="mt-3 grid gap-3 rounded-xl border border-gray-200 p-4 sm:grid-cols-2"
    >
      {formError && (
        <div className="sm:col-span-2">
          <ErrorBanner>{formError}</ErrorBanner>
        </div>
      )}
      <InputField label="Nome do responsável" required autoComplete="off" {...field('nome')} />
      <SelectField label="Parentesco" required {...field('parentesco')}>
        <option value="">Selecione</option>
        {parentescos.map((value) => (
          <option key={value} value={value}>
            {parentescoLabels[value]}
          </option>
        ))}
      </SelectField>
      <InputField
        label="Telefone do responsável"
        type="tel"
        required
        placeholder="(11) 91234-5678"
        {...field('telefone')}
      />
      <InputField
        label={principal ? 'CPF do responsável' : 'CPF do responsável (opcional)'}
        required={principal}
        inputMode="numeric"
        placeholder="000.000.000-00"
        {...field('cpf')}
      />
      <InputField
        label="E-mail do responsável"
        type="email"
        autoComplete="off"
        hint="Com e-mail, o responsável recebe acesso ao portal."
        {...field('email')}
      />
      <InputField label="Endereço do responsável" {...field('endereco')} />
      <label className="flex items-center gap-2 text-sm text-gray-700 sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300"
          checked={principal}
          onChange={(event) => setPrincipal(event.target.checked)}
        />
        Tornar responsável principal (substitui o atual)
      </label>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone} disabled={add.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={add.isPending}>
          Salvar responsável
        </Button>
      </div>
    </form>
  );
}
