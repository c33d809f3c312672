/** The re-enrolment review's columns for the students' table (one row per student and the class they go to). */
import { situacaoLabels } from '../../../shared/averages';
import {
  destinoTipoLabels,
  destinoTipos,
  type DestinoTipo,
  type RematriculaStudent,
} from '../../../shared/year-end.schemas';
import type { Column } from '../../components/data-table';
import { Badge } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { destinoTones, type StudentChange } from './rematricula-columns';

/** Going on (próxima or mesma série) with no class next year: its class was left out. */
export const isWithoutClass = (row: RematriculaStudent) =>
  (row.destino === 'proxima_serie' || row.destino === 'mesma_serie') && row.destino_turma_nome === null;
export function studentColumns(options: {
  classNames: string[];
  /** The server's error on a student's chosen class, by aluno_id. */
  errors: Map<string, string>;
  onChange: (student: RematriculaStudent, change: StudentChange) => void;
}): Column<RematriculaStudent>[] {
  const { classNames, errors, onChange } = options;
  return [
    {
      id: 'nome',
      header: 'Aluno',
      card: 'title',
      cell: (row) => (
        <>
          <p className="font-medium text-gray-900">{row.nome}</p>
          <p className="text-gray-600">{row.origem_turma_nome}</p>
        </>
      ),
    },
    {
      id: 'situacao',
      header: 'Situação final',
      cell: (row) => situacaoLabels[row.situacao],
    },
    {
      id: 'destino_badge',
      header: 'Destino',
      card: 'badge',
      hideBelow: 'xl',
      cell: (row) =>
        isWithoutClass(row) ? (
          <Badge tone="yellow">{destinoTipoLabels[row.destino]} · sem turma</Badge>
        ) : (
          <Badge tone={destinoTones[row.destino]}>{destinoTipoLabels[row.destino]}</Badge>
        ),
    },
    {
      id: 'destino',
      header: 'Alterar destino',
      cell: (row) => (
        <SelectField
          label={<span className="sr-only">Destino de {row.nome}</span>}
          value={row.destino}
          onChange={(event) => onChange(row, { destino: event.target.value as DestinoTipo })}
        >
          {destinoTipos.map((tipo) => (
            <option key={tipo} value={tipo}>
              {destinoTipoLabels[tipo]}
            </option>
          ))}
        </SelectField>
      ),
    },
    {
      id: 'turma',
      header: 'Turma de destino',
      cell: (row) =>
        row.destino_turma_nome === null && !isWithoutClass(row) ? (
          '—'
        ) : (
          <SelectField
            label={<span className="sr-only">Turma de destino de {row.nome}</span>}
            value={row.destino_turma_nome ?? ''}
            error={errors.get(row.aluno_id)}
            onChange={(event) =>
              onChange(
                row,
                event.target.value === ''
                  ? { destino: row.destino }
                  : { destino: row.destino, turma_nome: event.target.value },
              )
            }
          >
            {row.destino_turma_nome === null && (
              <option value="">Sem turma (continua ativo, enturmar depois)</option>
            )}
            {classNames.map((nome) => (
              <option key={nome} value={nome}>
                {nome}
              </option>
            ))}
          </SelectField>
        ),
    },
  ];
}
