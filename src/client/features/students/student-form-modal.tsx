import { useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { formatPhone, todayIso } from '../../../shared/format';
import {
  createStudentInputSchema,
  sexoLabels,
  updateStudentInputSchema,
  type Student,
} from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { FormInput, FormMasked, FormSelect, FormTextArea } from '../../components/form-fields';
import { AddressField, GuardianFields } from '../../components/form-groups';
import { FormCheckbox } from '../../components/form-checkboxes';
import { FormModal } from '../../components/form-modal';
import { GeneratedPasswordModal } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AgeSerieNote } from './age-serie-note';
import { useClassOptions, useCreateStudent, useStudent, useUpdateStudent } from './students.api';
import { Modal } from '../../components/modal';
import { ErrorBanner, Spinner } from '../../components/feedback';
import type { EnvioEmail } from '../../../shared/users.schemas';

/**
 * 'Editar Aluno' from a row of the list: the list carries what it shows, so the whole record (address,
 * CPF, notes) is read first — the form never starts from a partial student.
 */
export function StudentEditModal({ id, onClose }: { id: string; onClose: () => void }) {
  const student = useStudent(id);
  if (student.data) return <StudentFormModal student={student.data} onClose={onClose} />;
  return (
    <Modal open onClose={onClose} title="Editar Aluno">
      {student.isError ? (
        <ErrorBanner>Não foi possível carregar o cadastro do aluno. Feche e tente de novo.</ErrorBanner>
      ) : (
        <Spinner label="Carregando o cadastro..." />
      )}
    </Modal>
  );
}

/** 'Novo Aluno' (with the guardian, saved together) and 'Editar Aluno'. */
export function StudentFormModal({ student, onClose }: { student: Student | null; onClose: () => void }) {
  const classes = useClassOptions();
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const [created, setCreated] = useState<{ senha: string; envioEmail: EnvioEmail; nome: string } | null>(
    null,
  );
  const studentValues = {
    nome: student?.nome ?? '',
    data_nascimento: student?.data_nascimento ?? '',
    sexo: student?.sexo ?? null,
    data_matricula: student?.data_matricula ?? todayIso(),
    matricula: student?.matricula ?? '',
    email: student?.email ?? '',
    telefone: formatPhone(student?.telefone),
    cpf: formatCpf(student?.cpf),
    endereco: student?.endereco ?? '',
    turma_id: student?.turma_id ?? null,
    observacoes: student?.observacoes ?? '',
  };
  const createForm = useSchemaForm(createStudentInputSchema, {
    ...studentValues,
    responsavel: { nome: '', email: '', telefone: '', cpf: '', endereco: '', eh_principal: true },
    confirmar_homonimo: false,
  });
  const editForm = useSchemaForm(updateStudentInputSchema, studentValues);
  const failed = () =>
    toast.error(student ? 'Erro ao atualizar aluno' : 'Erro ao cadastrar aluno e responsável');

  const fields = (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-gray-800">Dados do aluno</legend>
        <FormInput name="nome" label="Nome completo" required autoComplete="off" />
        <FormInput name="data_nascimento" label="Data de nascimento" type="date" required />
        <FormSelect
          name="sexo"
          label="Sexo"
          empty="Não informado"
          emptyAsNull
          options={sexoLabels}
          hint="Usado na redação dos documentos (nascida, matriculado) e no Censo Escolar."
        />
        <FormInput
          name="matricula"
          label="Matrícula"
          required={student !== null}
          autoComplete="off"
          {...(student
            ? {}
            : { hint: 'Em branco, o número é gerado pelo padrão da escola (Configurações → Escola).' })}
        />
        <FormInput
          name="data_matricula"
          label="Data da matrícula"
          type="date"
          max={todayIso()}
          hint="Quando o aluno entrou na escola: vale para a declaração de matrícula e a primeira mensalidade."
        />
        <FormSelect name="turma_id" label="Turma" empty="Sem turma" emptyAsNull>
          {/* A concluded or inactive class takes no one: offered only as the student's own. */}
          {(classes.data ?? [])
            .filter((turma) => turma.status === 'ativo' || turma.id === student?.turma_id)
            .map((turma) => {
              // A full class cannot take the student (the server answers 'Turma lotada'); the student's
              // own class stays choosable. The year tells December's two '5º Ano A' apart (this year's, next).
              const full = turma.alunos_count >= turma.capacidade_maxima && turma.id !== student?.turma_id;
              return (
                <option key={turma.id} value={turma.id} disabled={full}>
                  {`${turma.nome} — ${turma.serie}, ${turma.ano_letivo} (${String(turma.alunos_count)}/${String(turma.capacidade_maxima)})`}
                  {full ? ' — lotada' : ''}
                </option>
              );
            })}
        </FormSelect>
        <AgeSerieNote classes={classes.data ?? []} />
        <FormInput name="email" label="E-mail" type="email" autoComplete="off" />
        <FormMasked name="telefone" mask="phone" label="Telefone" />
        <FormMasked name="cpf" mask="cpf" label="CPF (opcional)" />
        <AddressField name="endereco" label="Endereço" />
        <div className="sm:col-span-2">
          <FormTextArea name="observacoes" label="Observações" rows={2} />
        </div>
      </fieldset>
      {!student && (
        <fieldset className="grid gap-4 rounded-xl border border-gray-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-gray-800">Responsável principal</legend>
          <p className="text-sm text-gray-600 sm:col-span-2">
            Responde pelas mensalidades: é o nome no boleto, no recibo e na nota fiscal. Outro responsável
            (pai, mãe, avó) é incluído depois de salvar, nos detalhes do aluno, em Responsáveis.
          </p>
          <GuardianFields prefix="responsavel." cpfRequired />
        </fieldset>
      )}
      {!student && <HomonymCheck />}
    </>
  );

  if (created) {
    return (
      <GeneratedPasswordModal
        title="Aluno cadastrado"
        who={created.nome}
        password={created.senha}
        envioEmail={created.envioEmail}
        onClose={onClose}
      />
    );
  }

  if (student) {
    return (
      <FormModal
        title="Editar Aluno"
        formId="student-form"
        submitLabel="Salvar"
        size="xl"
        className="space-y-5"
        form={editForm}
        onClose={onClose}
        onSubmit={editForm.submit(async (values) => {
          const result = await update.mutateAsync({
            id: student.id,
            input: { ...values, version: student.version },
          });
          toast.success(result.message ?? 'Aluno atualizado com sucesso!');
          onClose();
        }, failed)}
      >
        {fields}
      </FormModal>
    );
  }

  return (
    <FormModal
      title="Novo Aluno"
      formId="student-form"
      submitLabel="Cadastrar Aluno"
      size="xl"
      className="space-y-5"
      form={createForm}
      onClose={onClose}
      onSubmit={createForm.submit(
        async (values) => {
          const result = await create.mutateAsync(values);
          toast.success(result.message ?? 'Aluno cadastrado com sucesso!', { duration: 8000 });
          if (result.data.senhaGerada) {
            setCreated({
              senha: result.data.senhaGerada,
              envioEmail: result.data.envioEmail ?? 'falhou',
              nome: result.data.responsavel.nome,
            });
          } else onClose();
        },
        () => {
          // The same child found (HomonymCheck): the box says so under the form, not an error toast.
          if (!createForm.getFieldState('confirmar_homonimo').error) failed();
        },
      )}
    >
      {fields}
    </FormModal>
  );
}

/**
 * Shown once the server finds a student with the same name and birth date (the form saved twice, or a
 * child already at the school): its answer says who, and this box saves another child beside them.
 */
function HomonymCheck() {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name: 'confirmar_homonimo' });
  const ticked = useWatch({ control, name: 'confirmar_homonimo' }) === true;
  if (!errors.confirmar_homonimo && !ticked) return null;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      {/* Shown by the server's answer: the focus goes to it, and its message is read with it. */}
      <FormCheckbox
        name="confirmar_homonimo"
        label="É outra criança: cadastrar mesmo assim"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- it appears because of the person's own save
        autoFocus
      />
    </div>
  );
}
