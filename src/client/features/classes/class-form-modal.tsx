import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { todayIso } from '../../../shared/format';
import {
  classNiveis,
  classStatuses,
  classStatusLabels,
  DEFAULT_CAPACITY,
  turnoLabels,
  turnos,
  type SchoolClass,
} from '../../../shared/classes.schemas';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { FormModal } from '../../components/form-modal';
import { ApiError } from '../../lib/api-client';
import { useSaveClass, useTeacherOptions } from './classes.api';

/** 'Nova Turma' and 'Editar Turma'. */
export function ClassFormModal({ turma, onClose }: { turma: SchoolClass | null; onClose: () => void }) {
  const save = useSaveClass();
  const teachers = useTeacherOptions(true);
  const [values, setValues] = useState({
    nome: turma?.nome ?? '',
    nivel: turma?.nivel ?? '',
    serie: turma?.serie ?? '',
    turno: turma?.turno ?? 'manha',
    ano_letivo: turma?.ano_letivo ?? todayIso().slice(0, 4),
    capacidade_maxima: String(turma?.capacidade_maxima ?? DEFAULT_CAPACITY),
    professor_responsavel_id: turma?.professor_responsavel_id ?? '',
    observacoes: turma?.observacoes ?? '',
    status: turma?.status ?? 'ativo',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (values.nome.trim() === '') local.nome = 'Nome da turma é obrigatório';
    if (values.nivel === '') local.nivel = 'Nível é obrigatório';
    if (values.serie.trim() === '') local.serie = 'Série é obrigatória';
    if (!/^\d{4}$/.test(values.ano_letivo)) local.ano_letivo = 'Ano letivo inválido';
    const capacity = Number.parseInt(values.capacidade_maxima, 10);
    if (!Number.isInteger(capacity) || capacity < 1) local.capacidade_maxima = 'A capacidade mínima é 1';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const result = await save.mutateAsync({
        id: turma?.id ?? null,
        input: {
          ...values,
          nivel: values.nivel as (typeof classNiveis)[number],
          capacidade_maxima: capacity,
          professor_responsavel_id:
            values.professor_responsavel_id === '' ? null : values.professor_responsavel_id,
          ...(turma ? { version: turma.version } : {}),
        },
      });
      toast.success(result.message ?? 'Turma salva');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Record<string, string> = {};
        for (const detail of error.details) next[detail.path] = detail.message;
        if (Object.keys(next).length === 0) next.form = error.message;
        setErrors(next);
      }
      toast.error(turma ? 'Erro ao atualizar turma' : 'Erro ao criar turma');
    }
  };

  return (
    <FormModal
      title={turma ? 'Editar Turma' : 'Nova Turma'}
      formId="class-form"
      submitLabel={turma ? 'Salvar' : 'Criar Turma'}
      busy={save.isPending}
      error={errors.form}
      onClose={onClose}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Nome da Turma" required {...field('nome')} />
        <SelectField label="Nível" required {...field('nivel')}>
          <option value="">Selecione</option>
          {classNiveis.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <InputField label="Série" required placeholder="Ex: 1º ano" {...field('serie')} />
        <SelectField label="Turno" required {...field('turno')}>
          {turnos.map((value) => (
            <option key={value} value={value}>
              {turnoLabels[value]}
            </option>
          ))}
        </SelectField>
        {!turma && <InputField label="Ano Letivo" required inputMode="numeric" {...field('ano_letivo')} />}
        <InputField
          label="Capacidade Máxima"
          type="number"
          min={1}
          required
          {...field('capacidade_maxima')}
        />
        <SelectField label="Professor responsável" {...field('professor_responsavel_id')}>
          <option value="">Não atribuído</option>
          {(teachers.data ?? []).map((teacher) => (
            <option key={teacher.id} value={teacher.id}>
              {teacher.nome}
            </option>
          ))}
        </SelectField>
        {turma && (
          <SelectField label="Status" {...field('status')}>
            {classStatuses.map((value) => (
              <option key={value} value={value}>
                {classStatusLabels[value]}
              </option>
            ))}
          </SelectField>
        )}
        <div className="sm:col-span-2">
          <TextAreaField label="Observações" rows={2} {...field('observacoes')} />
        </div>
      </div>
    </FormModal>
  );
}
