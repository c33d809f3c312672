import toast from 'react-hot-toast';
import { todayIso } from '../../../shared/format';
import { yearForNewClasses } from '../../../shared/school-year-focus';
import {
  classInputSchema,
  classNiveis,
  infantilEtapaOf,
  infantilGroups,
  seriesByNivel,
  type ClassNivel,
  classStatusLabels,
  DEFAULT_CAPACITY,
  turnoLabels,
  type SchoolClass,
} from '../../../shared/classes.schemas';
import { FormInput, FormSelect, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSchoolYears } from '../../domain/school-years';
import { useSaveClass, useTeacherOptions } from './classes.api';

/**
 * 'Nova Turma' and 'Editar Turma'. A new class is for the latest year opened (issue 29: with 2027
 * open, 'Nova Turma' said 2026); the dialog opens once the years are known.
 */
export function ClassFormModal({ turma, onClose }: { turma: SchoolClass | null; onClose: () => void }) {
  const years = useSchoolYears();
  if (!turma && years.isPending) return null;
  const ano = turma?.ano_letivo ?? String(yearForNewClasses(years.data ?? [], todayIso()));
  return <ClassForm turma={turma} ano={ano} onClose={onClose} />;
}

function ClassForm({ turma, ano, onClose }: { turma: SchoolClass | null; ano: string; onClose: () => void }) {
  const save = useSaveClass();
  const teachers = useTeacherOptions(true);
  const form = useSchemaForm(classInputSchema, {
    nome: turma?.nome ?? '',
    ...(turma ? { nivel: turma.nivel } : {}),
    serie: turma?.serie ?? '',
    turno: turma?.turno ?? 'manha',
    ano_letivo: ano,
    capacidade_maxima: turma?.capacidade_maxima ?? DEFAULT_CAPACITY,
    professor_responsavel_id: turma?.professor_responsavel_id ?? null,
    observacoes: turma?.observacoes ?? '',
    status: turma?.status ?? 'ativo',
  });

  const nivel = form.watch('nivel') as ClassNivel | undefined;
  return (
    <FormModal
      title={turma ? 'Editar Turma' : 'Nova Turma'}
      formId="class-form"
      submitLabel={turma ? 'Salvar' : 'Criar Turma'}
      form={form}
      onClose={onClose}
      onSubmit={form.submit(
        async (values) => {
          const result = await save.mutateAsync({
            id: turma?.id ?? null,
            input: { ...values, ...(turma ? { version: turma.version } : {}) },
          });
          toast.success(result.message ?? 'Turma salva');
          onClose();
        },
        () => toast.error(turma ? 'Erro ao atualizar turma' : 'Erro ao criar turma'),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput name="nome" label="Nome da Turma" required />
        <FormSelect
          name="nivel"
          label="Nível"
          required
          empty="Selecione"
          options={Object.fromEntries(classNiveis.map((nivel) => [nivel, nivel]))}
        />
        <FormInput
          name="serie"
          label={nivel === 'Educação Infantil' ? 'Grupo (faixa etária)' : 'Série'}
          required
          list="class-serie-options"
          placeholder={nivel === 'Educação Infantil' ? 'Ex: Pré II' : 'Ex: 1º ano'}
          hint={nivel === 'Educação Infantil' ? infantilGroupHint(form.watch('serie')) : undefined}
        />
        <datalist id="class-serie-options">
          {(nivel ? seriesByNivel[nivel] : []).map((serie) => (
            <option key={serie} value={serie} />
          ))}
        </datalist>
        <FormSelect name="turno" label="Turno" required options={turnoLabels} />
        {!turma && <FormInput name="ano_letivo" label="Ano Letivo" required inputMode="numeric" />}
        <FormInput name="capacidade_maxima" label="Capacidade Máxima" type="number" min={1} required />
        <FormSelect
          name="professor_responsavel_id"
          label="Professor responsável"
          empty="Não atribuído"
          emptyAsNull
        >
          {(teachers.data ?? []).map((teacher) => (
            <option key={teacher.id} value={teacher.id}>
              {teacher.nome}
            </option>
          ))}
        </FormSelect>
        {turma && <FormSelect name="status" label="Status" options={classStatusLabels} />}
        <div className="sm:col-span-2">
          <FormTextArea name="observacoes" label="Observações" rows={2} />
        </div>
      </div>
    </FormModal>
  );
}

const INFANTIL_GROUPS_HINT =
  'Creche: Berçário, Maternal I e II · Pré-escola: Pré I e II (idade em 31 de março)';

/**
 * The Educação Infantil group's hint. A school's own name ('Infantil II', 'Jardim I') is kept, but the
 * stage it falls in (creche or pré-escola: the attendance rules, the Censo) was guessed in silence: the
 * hint says which, and how to choose the other.
 */
function infantilGroupHint(serie: string | null | undefined): string {
  const typed = (serie ?? '').trim();
  const known = infantilGroups.some((group) => group.serie.toLowerCase() === typed.toLowerCase());
  if (typed === '' || known) return INFANTIL_GROUPS_HINT;
  return infantilEtapaOf(typed) === 'creche'
    ? `"${typed}" não está na lista: a turma conta como creche (até 3 anos) na frequência e no Censo. Se for pré-escola, use Pré I ou Pré II.`
    : `"${typed}" não está na lista: a turma conta como pré-escola (4 e 5 anos) na frequência e no Censo. Se for creche, use Berçário, Maternal I ou Maternal II.`;
}
