import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { formatPhone, todayIso } from '../../../shared/format';
import {
  disciplinas,
  teacherStatuses,
  teacherStatusLabels,
  type Disciplina,
  type Teacher,
  type TeacherStatus,
} from '../../../shared/teachers.schemas';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { GeneratedPassword } from '../../components/generated-password';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useSaveTeacher } from './teachers.api';

/** 'Novo Professor' and 'Editar Professor', optionally with a portal account. */
export function TeacherFormModal({ teacher, onClose }: { teacher: Teacher | null; onClose: () => void }) {
  const save = useSaveTeacher();
  const [values, setValues] = useState({
    nome: teacher?.nome ?? '',
    email: teacher?.email ?? '',
    telefone: formatPhone(teacher?.telefone),
    data_contratacao: teacher ? (teacher.data_contratacao ?? '') : todayIso(),
    status: teacher?.status ?? 'ativo',
  });
  const [selected, setSelected] = useState<string[]>(teacher?.disciplinas ?? []);
  const [criarAcesso, setCriarAcesso] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ senha: string; emailEnviado: boolean } | null>(null);

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (values.nome.trim() === '') local.nome = 'Nome é obrigatório';
    if (values.email.trim() === '') local.email = 'Email é obrigatório';
    setErrors(local);
    if (Object.keys(local).length > 0) {
      toast.error('Nome e e-mail são obrigatórios');
      return;
    }
    try {
      const result = await save.mutateAsync({
        id: teacher?.id ?? null,
        input: {
          ...values,
          disciplinas: selected as Disciplina[],
          criar_acesso: criarAcesso,
          ...(teacher ? { version: teacher.version } : {}),
        },
      });
      toast.success(result.message ?? 'Professor salvo');
      if (result.data.senhaGerada)
        setCreated({ senha: result.data.senhaGerada, emailEnviado: result.data.emailEnviado });
      else onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Record<string, string> = {};
        for (const detail of error.details) next[detail.path] = detail.message;
        if (Object.keys(next).length === 0) next.form = error.message;
        setErrors(next);
      }
      toast.error(error instanceof ApiError ? error.message : 'Erro ao salvar professor');
    }
  };

  if (created) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Acesso criado"
        footer={<Button onClick={onClose}>Concluir</Button>}
      >
        <GeneratedPassword password={created.senha} emailEnviado={created.emailEnviado} />
      </Modal>
    );
  }

  const field = (name: 'nome' | 'email' | 'telefone' | 'data_contratacao') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <FormModal
      title={teacher ? 'Editar Professor' : 'Novo Professor'}
      formId="teacher-form"
      submitLabel={teacher ? 'Atualizar Professor' : 'Adicionar Professor'}
      busy={save.isPending}
      error={errors.form}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Nome Completo" required {...field('nome')} />
        <InputField label="E-mail" type="email" required {...field('email')} />
        <InputField label="Telefone" type="tel" placeholder="(11) 91234-5678" {...field('telefone')} />
        <InputField label="Data de Contratação" type="date" {...field('data_contratacao')} />
        <SelectField
          label="Status"
          value={values.status}
          onChange={(event) => setValues({ ...values, status: event.target.value as TeacherStatus })}
        >
          {teacherStatuses.map((value) => (
            <option key={value} value={value}>
              {teacherStatusLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-700">Disciplinas que Leciona</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {disciplinas.map((item) => (
            <label key={item} className="flex items-center gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-gray-300"
                checked={selected.includes(item)}
                onChange={(event) =>
                  setSelected(
                    event.target.checked ? [...selected, item] : selected.filter((value) => value !== item),
                  )
                }
              />
              {item}
            </label>
          ))}
        </div>
      </fieldset>
      {!teacher?.tem_acesso && (
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-gray-300"
            checked={criarAcesso}
            onChange={(event) => setCriarAcesso(event.target.checked)}
          />
          Criar acesso ao portal (senha gerada, enviada por e-mail)
        </label>
      )}
    </FormModal>
  );
}
