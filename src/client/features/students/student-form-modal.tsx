import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { formatPhone } from '../../../shared/format';
import { parentescoLabels, parentescos, type Student } from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { Button } from '../../components/button';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { GeneratedPassword } from '../../components/generated-password';
import { useClassOptions, useCreateStudent, useUpdateStudent } from './students.api';

const emptyGuardian = { nome: '', email: '', telefone: '', cpf: '', endereco: '', parentesco: '' };

type Errors = Record<string, string>;

function requiredErrors(values: Record<string, string>, required: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [key, message] of Object.entries(required))
    if (values[key]?.trim() === '') errors[key] = message;
  return errors;
}

/** After a failed submit, the first field marked invalid gets the focus (and scrolls into view). */
function focusFirstInvalid() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('#student-form [aria-invalid="true"]')?.focus();
  });
}

/** 'Novo Aluno' (with the guardian, saved together) and 'Editar Aluno'. */
export function StudentFormModal({ student, onClose }: { student: Student | null; onClose: () => void }) {
  const editing = student !== null;
  const classesQuery = useClassOptions();
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const [values, setValues] = useState({
    nome: student?.nome ?? '',
    data_nascimento: student?.data_nascimento ?? '',
    matricula: student?.matricula ?? '',
    email: student?.email ?? '',
    telefone: formatPhone(student?.telefone),
    cpf: formatCpf(student?.cpf),
    endereco: student?.endereco ?? '',
    turma_id: student?.turma_id ?? '',
    observacoes: student?.observacoes ?? '',
  });
  const [guardian, setGuardian] = useState(emptyGuardian);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ senha: string; emailEnviado: boolean; nome: string } | null>(null);

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  const guardianField = (name: keyof typeof emptyGuardian) => ({
    value: guardian[name],
    error: errors[`responsavel.${name}`],
    onChange: (event: { target: { value: string } }) =>
      setGuardian({ ...guardian, [name]: event.target.value }),
  });

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setFormError(null);
    const local: Errors = requiredErrors(values, {
      nome: 'Nome é obrigatório',
      data_nascimento: 'Data de nascimento é obrigatória',
      matricula: 'Matrícula é obrigatória',
    });
    if (!editing) {
      const guardianErrors = requiredErrors(guardian, {
        nome: 'Nome do responsável é obrigatório',
        telefone: 'Telefone é obrigatório',
        parentesco: 'Parentesco é obrigatório',
        cpf: 'CPF do responsável principal é obrigatório',
      });
      for (const [key, message] of Object.entries(guardianErrors)) local[`responsavel.${key}`] = message;
    }
    setErrors(local);
    if (Object.keys(local).length > 0) {
      focusFirstInvalid();
      return;
    }
    const body = { ...values, turma_id: values.turma_id === '' ? null : values.turma_id };
    setBusy(true);
    try {
      if (editing) {
        const result = await update.mutateAsync({
          id: student.id,
          input: { ...body, version: student.version },
        });
        toast.success(result.message ?? 'Aluno atualizado com sucesso!');
        onClose();
      } else {
        const result = await create.mutateAsync({
          ...body,
          responsavel: {
            ...guardian,
            parentesco: guardian.parentesco as (typeof parentescos)[number],
            eh_principal: true,
          },
        });
        toast.success(result.message ?? 'Aluno cadastrado com sucesso!', { duration: 8000 });
        if (result.data.senhaGerada) {
          setCreated({
            senha: result.data.senhaGerada,
            emailEnviado: result.data.emailEnviado,
            nome: result.data.responsavel.nome,
          });
        } else onClose();
      }
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Errors = {};
        for (const detail of error.details) next[detail.path] = detail.message;
        setErrors(next);
        setFormError(error.message);
        focusFirstInvalid();
      } else setFormError('Erro inesperado. Tente novamente.');
      toast.error(editing ? 'Erro ao atualizar aluno' : 'Erro ao cadastrar aluno e responsável');
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Aluno cadastrado"
        footer={<Button onClick={onClose}>Concluir</Button>}
      >
        <p className="mb-3 text-sm text-gray-700">
          Foi criada uma conta no portal para <strong>{created.nome}</strong>.
        </p>
        <GeneratedPassword password={created.senha} emailEnviado={created.emailEnviado} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      size="xl"
      title={editing ? 'Editar Aluno' : 'Novo Aluno'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form="student-form" loading={busy}>
            {editing ? 'Salvar' : 'Cadastrar Aluno'}
          </Button>
        </>
      }
    >
      <form id="student-form" onSubmit={(event) => void handleSubmit(event)} noValidate className="space-y-5">
        {formError && <ErrorBanner>{formError}</ErrorBanner>}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-gray-800">Dados do aluno</legend>
          <InputField label="Nome completo" required autoComplete="off" {...field('nome')} />
          <InputField label="Data de nascimento" type="date" required {...field('data_nascimento')} />
          <InputField label="Matrícula" required autoComplete="off" {...field('matricula')} />
          <SelectField label="Turma" {...field('turma_id')}>
            <option value="">Sem turma</option>
            {(classesQuery.data ?? []).map((turma) => (
              <option key={turma.id} value={turma.id}>
                {turma.nome} — {turma.serie} ({turma.alunos_count}/{turma.capacidade_maxima})
              </option>
            ))}
          </SelectField>
          <InputField label="E-mail" type="email" autoComplete="off" {...field('email')} />
          <InputField label="Telefone" type="tel" placeholder="(11) 91234-5678" {...field('telefone')} />
          <InputField
            label="CPF (opcional)"
            inputMode="numeric"
            placeholder="000.000.000-00"
            {...field('cpf')}
          />
          <InputField label="Endereço" {...field('endereco')} />
          <div className="sm:col-span-2">
            <TextAreaField label="Observações" rows={2} {...field('observacoes')} />
          </div>
        </fieldset>
        {!editing && (
          <fieldset className="grid gap-4 rounded-xl border border-gray-200 p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold text-gray-800">Responsável principal</legend>
            <InputField label="Nome do responsável" required autoComplete="off" {...guardianField('nome')} />
            <SelectField label="Parentesco" required {...guardianField('parentesco')}>
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
              {...guardianField('telefone')}
            />
            <InputField
              label="CPF do responsável"
              required
              inputMode="numeric"
              placeholder="000.000.000-00"
              {...guardianField('cpf')}
            />
            <InputField
              label="E-mail do responsável"
              type="email"
              autoComplete="off"
              hint="Com e-mail, o responsável recebe acesso ao portal."
              {...guardianField('email')}
            />
            <InputField label="Endereço do responsável" {...guardianField('endereco')} />
          </fieldset>
        )}
      </form>
    </Modal>
  );
}
