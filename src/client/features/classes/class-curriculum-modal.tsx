import { BookOpen } from 'lucide-react';
import toast from 'react-hot-toast';
import { diasSemanaLabels, frequenciaModoLabels, type Curriculum } from '../../../shared/curriculum.schemas';
import { formatHours, isEnsinoMedio } from '../../../shared/ensino-medio';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useClassCurriculum } from '../../domain/class-curriculum';
import { useSaveGrade } from './classes.api';
import type { ClassDialogProps } from './class-dialog';
import { gradeFormSchema } from './curriculum-form-schema';
import { GradeRows } from './curriculum-rows';
import { CargaHorariaPanel, ItinerariosFields } from './curriculum-medio';
import { HoursWarnings, LessonLengthField, LiveHoursWarnings } from './curriculum-hours';

const dayNames = (days: readonly number[]) =>
  days.length === 0 ? 'Dias não definidos' : days.map((day) => diasSemanaLabels[day]).join(', ');

/** 'Grade curricular': subjects, teacher, weekly lessons and days of a class; admins edit it. */
export function ClassCurriculumModal({ turma, canWrite, onClose }: ClassDialogProps) {
  const grade = useClassCurriculum(turma.id);
  if (grade.isSuccess && canWrite) return <CurriculumForm grade={grade.data} onClose={onClose} />;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Grade curricular — ${turma.nome}`}
      footer={<Button onClick={onClose}>Fechar</Button>}
    >
      {grade.isPending ? (
        <Spinner />
      ) : grade.isError ? (
        <ErrorBanner>Erro ao carregar a grade curricular.</ErrorBanner>
      ) : (
        <CurriculumView grade={grade.data} />
      )}
    </Modal>
  );
}

function CurriculumView({ grade }: { grade: Curriculum }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        <strong>Chamada:</strong> {frequenciaModoLabels[grade.frequencia_modo]} ·{' '}
        <strong>{grade.aulas_semanais}</strong> aulas por semana
      </p>
      {grade.carga_horaria && <CargaHorariaPanel grade={grade} />}
      <HoursWarnings avisos={grade.carga_horaria_avisos} />
      {grade.disciplinas.length === 0 ? (
        <EmptyState icon={BookOpen} title="Nenhuma disciplina na grade" hint="A secretaria monta a grade." />
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Disciplinas">
          {grade.disciplinas.map((item) => (
            <li key={item.disciplina} className="px-3 py-2 text-sm">
              <p className="font-medium text-gray-900">
                {item.disciplina}{' '}
                <span className="font-normal text-gray-600">
                  · {item.aulas_semanais} {item.aulas_semanais === 1 ? 'aula' : 'aulas'}/semana
                  {grade.carga_horaria && ` · ${formatHours(item.carga_horaria_anual)}/ano`}
                </span>
                {grade.carga_horaria && (
                  <span className="ml-1 text-xs text-gray-600">
                    ({item.itinerario ? `Itinerário: ${item.itinerario}` : 'Formação geral básica'})
                  </span>
                )}
              </p>
              <p className="text-gray-600">
                {item.professor?.nome ?? 'Sem professor'} · {dayNames(item.dias_semana)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CurriculumForm({ grade, onClose }: { grade: Curriculum; onClose: () => void }) {
  const save = useSaveGrade();
  const medio = isEnsinoMedio(grade.nivel);
  const form = useSchemaForm(gradeFormSchema, {
    frequencia_modo: grade.frequencia_modo,
    aula_minutos: grade.aula_minutos,
    itinerarios: grade.itinerarios.map(({ id, nome, tecnico }) => ({ id, nome, tecnico })),
    disciplinas: grade.disciplinas.map((item) => ({
      disciplina: item.disciplina,
      professor_id: item.professor?.id ?? '',
      aulas_semanais: item.aulas_semanais,
      dias_semana: item.dias_semana.map(String),
      itinerario: item.itinerario ?? '',
    })),
    version: grade.version,
  });
  return (
    <FormModal
      title={`Grade curricular — ${grade.turma_nome}`}
      description="Disciplinas da turma, professor de cada uma, aulas por semana e dias. O professor vê a turma em que leciona."
      formId="grade-form"
      submitLabel="Salvar grade"
      size="xl"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({
          turmaId: grade.turma_id,
          input: medio ? values : { ...values, itinerarios: [] },
        });
        toast.success(result.message ?? 'Grade curricular salva');
        onClose();
      })}
    >
      <FormSelect
        name="frequencia_modo"
        label="Chamada"
        options={frequenciaModoLabels}
        hint="Escolha antes da primeira chamada: depois dela o modo fica fixo no ano, para a frequência não misturar dias e aulas."
      />
      {medio ? <ItinerariosFields grade={grade} /> : <LessonLengthField />}
      <GradeRows medio={medio} nivel={grade.nivel} />
      {medio ? <CargaHorariaPanel grade={grade} live /> : <LiveHoursWarnings grade={grade} />}
    </FormModal>
  );
}
