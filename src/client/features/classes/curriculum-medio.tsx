import { AlertTriangle, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { MAX_ITINERARIOS, type Curriculum } from '../../../shared/curriculum.schemas';
import {
  checkCargaHoraria,
  formatHours,
  MINIMOS_MEDIO,
  serieHoursOf,
  type SerieHours,
} from '../../../shared/ensino-medio';
import { Button, IconButton } from '../../components/button';
import { FormCheckbox, FormInput } from '../../components/form-fields';
import type { GradeFormInput } from './curriculum-form-schema';
import { LessonLengthField } from './curriculum-hours';

/**
 * Ensino Médio in the grade curricular (ADR 0027): the itinerários formativos the class offers and the
 * length of a lesson (the carga horária's hours).
 */
export function ItinerariosFields({ grade }: { grade: Curriculum }) {
  const { control } = useFormContext<GradeFormInput>();
  const rows = useFieldArray({ control, name: 'itinerarios', keyName: 'key' });
  const chosenBy = new Map(grade.itinerarios.map((item) => [item.id, item.alunos]));
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">Ensino Médio</legend>
      <LessonLengthField hint="Carga horária anual = aulas por semana × 40 semanas × duração da aula." />
      <p className="text-sm text-gray-700">
        <strong>Itinerários formativos</strong> que a turma oferece: cada aluno escolhe um (em Turmas →
        Itinerários). As disciplinas sem itinerário são da formação geral básica.
      </p>
      <ul className="space-y-2" aria-label="Itinerários formativos">
        {rows.fields.map((field, index) => {
          const alunos = field.id ? (chosenBy.get(field.id) ?? 0) : 0;
          return (
            <li key={field.key} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
              <FormInput
                name={`itinerarios.${String(index)}.nome`}
                label={`Itinerário ${String(index + 1)}`}
              />
              <FormCheckbox name={`itinerarios.${String(index)}.tecnico`} label="Técnico e profissional" />
              <IconButton
                label={`Remover itinerário ${String(index + 1)}`}
                disabled={alunos > 0}
                title={alunos > 0 ? 'Há alunos neste itinerário: mude a escolha deles antes' : undefined}
                onClick={() => rows.remove(index)}
              >
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
              </IconButton>
            </li>
          );
        })}
      </ul>
      {rows.fields.length < MAX_ITINERARIOS && (
        <Button variant="secondary" onClick={() => rows.append({ nome: '', tecnico: false })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar itinerário
        </Button>
      )}
    </fieldset>
  );
}

/** This série's hours from the form as it is being edited; the other séries as the server read them. */
function useLiveSeries(grade: Curriculum): {
  series: SerieHours[];
  itinerarios: { nome: string; tecnico: boolean }[];
} {
  const { watch } = useFormContext<GradeFormInput>();
  const minutes = Number(watch('aula_minutos')) || grade.aula_minutos;
  const itinerarios = (watch('itinerarios') ?? [])
    .map((item) => ({ nome: item.nome.trim(), tecnico: item.tecnico ?? false }))
    .filter((item) => item.nome !== '');
  const own = serieHoursOf(
    grade.carga_horaria?.serie ?? 1,
    minutes,
    watch('disciplinas').map((item) => ({
      aulasSemanais: Number(item.aulas_semanais) || 0,
      itinerario: item.itinerario ? item.itinerario : null,
    })),
  );
  const series = [1, 2, 3].map((numero) => {
    const stored = grade.carga_horaria?.series.find((serie) => serie.serie === numero);
    if (numero === own.serie || !stored || stored.projetada)
      return { ...own, serie: numero, projetada: numero !== own.serie };
    return stored;
  });
  return { series, itinerarios };
}

function LivePanel({ grade }: { grade: Curriculum }) {
  const { series, itinerarios } = useLiveSeries(grade);
  return <HoursTable series={series} itinerarios={itinerarios} />;
}

/** The carga horária per part and série, and the law's minimums as warnings (never a block). */
export function CargaHorariaPanel({ grade, live = false }: { grade: Curriculum; live?: boolean }) {
  if (live) return <LivePanel grade={grade} />;
  if (!grade.carga_horaria) return null;
  return <HoursTable series={grade.carga_horaria.series} itinerarios={grade.itinerarios} />;
}

type HoursCheck = ReturnType<typeof checkCargaHoraria>;

/** On a phone, one card per part (the table's rows), each série a line: no table wider than the screen. */
function HoursCards({ series, check }: { series: SerieHours[]; check: HoursCheck }) {
  const parts = [
    {
      nome: 'Formação geral básica',
      horas: (serie: SerieHours) => serie.formacao_geral_basica,
      total: formatHours(check.percursos[0]?.formacao_geral_basica ?? 0),
    },
    ...check.percursos
      .filter((percurso) => percurso.itinerario !== null)
      .map((percurso) => ({
        nome: `${percurso.itinerario!}${percurso.tecnico ? ' (técnico)' : ''}`,
        horas: (serie: SerieHours) => serie.itinerarios[percurso.itinerario!] ?? 0,
        total: `${formatHours(percurso.itinerario_horas)} · total ${formatHours(percurso.total)}`,
      })),
  ];
  return (
    <ul className="space-y-2 sm:hidden">
      {parts.map((part) => (
        <li key={part.nome} className="rounded-lg bg-gray-50 p-2">
          <p className="font-medium text-gray-900">{part.nome}</p>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
            {series.map((serie) => (
              <div key={serie.serie} className="contents">
                <dt className="text-gray-600">
                  {serie.serie}ª série{serie.projetada ? '*' : ''}
                </dt>
                <dd className="text-right tabular-nums">{formatHours(part.horas(serie))}</dd>
              </div>
            ))}
            <div className="contents">
              <dt className="font-medium text-gray-700">3 séries</dt>
              <dd className="text-right font-semibold tabular-nums">{part.total}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function HoursTable({
  series,
  itinerarios,
}: {
  series: SerieHours[];
  itinerarios: readonly { nome: string; tecnico: boolean }[];
}) {
  const check = checkCargaHoraria(series, itinerarios);
  return (
    <section aria-label="Carga horária" className="space-y-2 rounded-lg border border-gray-200 p-3 text-sm">
      <h3 className="font-semibold text-gray-900">Carga horária (Lei 14.945/2024)</h3>
      <HoursCards series={series} check={check} />
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[22rem] text-left">
          <thead className="text-xs text-gray-600">
            <tr>
              <th className="py-1 pr-2 font-medium">Parte</th>
              {series.map((serie) => (
                <th key={serie.serie} className="px-2 py-1 font-medium">
                  {serie.serie}ª série{serie.projetada ? '*' : ''}
                </th>
              ))}
              <th className="px-2 py-1 font-medium">3 séries</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            <tr>
              <th className="py-1 pr-2 font-medium">Formação geral básica</th>
              {series.map((serie) => (
                <td key={serie.serie} className="px-2 py-1">
                  {formatHours(serie.formacao_geral_basica)}
                </td>
              ))}
              <td className="px-2 py-1 font-semibold">
                {formatHours(check.percursos[0]?.formacao_geral_basica ?? 0)}
              </td>
            </tr>
            {check.percursos
              .filter((percurso) => percurso.itinerario !== null)
              .map((percurso) => (
                <tr key={percurso.itinerario}>
                  <th className="py-1 pr-2 font-medium">
                    {percurso.itinerario}
                    {percurso.tecnico ? ' (técnico)' : ''}
                  </th>
                  {series.map((serie) => (
                    <td key={serie.serie} className="px-2 py-1">
                      {formatHours(serie.itinerarios[percurso.itinerario!] ?? 0)}
                    </td>
                  ))}
                  <td className="px-2 py-1 font-semibold">
                    {formatHours(percurso.itinerario_horas)} · total {formatHours(percurso.total)}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-gray-600">
        Mínimos: formação geral básica {formatHours(MINIMOS_MEDIO.formacaoGeralBasica)} (
        {formatHours(MINIMOS_MEDIO.formacaoGeralBasicaTecnico)} com itinerário técnico), total{' '}
        {formatHours(MINIMOS_MEDIO.total)} nas três séries e {formatHours(MINIMOS_MEDIO.anual)} por ano.
        {series.some((serie) => serie.projetada) &&
          ' * Série sem turma neste ano letivo: estimada com os números desta turma.'}
      </p>
      {check.avisos.length > 0 && (
        <div
          role="status"
          className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4" aria-hidden="true" /> Abaixo do mínimo legal
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {check.avisos.map((aviso) => (
              <li key={aviso}>{aviso}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
