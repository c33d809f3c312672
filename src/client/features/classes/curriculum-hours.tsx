import { AlertTriangle } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { FormInput } from '../../components/form-fields';
import { cargaHorariaAvisos } from '../../../shared/carga-horaria';
import type { Curriculum } from '../../../shared/curriculum.schemas';
import type { GradeFormInput } from './curriculum-form-schema';

/**
 * The carga horária of an Educação Infantil or Ensino Fundamental class against the LDB (art. 24, I; art.
 * 31, II–III): warnings, never a block, as the Ensino Médio's panel (curriculum-medio.tsx).
 */
export function HoursWarnings({ avisos }: { avisos: readonly string[] }) {
  if (avisos.length === 0) return null;
  return (
    <div
      role="status"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4" aria-hidden="true" /> Carga horária abaixo do mínimo legal
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {avisos.map((aviso) => (
          <li key={aviso}>{aviso}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The length of a lesson (the Médio's stands in its own fieldset, with its hint): the carga horária's
 * hours of 60 minutes, here and in the histórico escolar (ADR 0110).
 */
export function LessonLengthField({
  hint = 'A carga horária do histórico é em horas de 60 minutos: aulas do ano × duração da aula.',
}: {
  hint?: string;
}) {
  return (
    <div className="sm:max-w-xs">
      <FormInput
        name="aula_minutos"
        label="Duração da aula (minutos)"
        type="number"
        min={30}
        max={120}
        hint={hint}
      />
    </div>
  );
}

/** The same, from the grid being edited: the weekly lessons as typed, the class's lesson length and turno. */
export function LiveHoursWarnings({ grade }: { grade: Curriculum }) {
  const { watch } = useFormContext<GradeFormInput>();
  const aulasSemanais = watch('disciplinas').reduce(
    (sum, item) => sum + (Number(item.aulas_semanais) || 0),
    0,
  );
  const avisos = cargaHorariaAvisos({
    nivel: grade.nivel,
    turno: grade.turno,
    aulaMinutos: Number(watch('aula_minutos')) || grade.aula_minutos,
    aulasSemanais,
  });
  return <HoursWarnings avisos={avisos} />;
}
