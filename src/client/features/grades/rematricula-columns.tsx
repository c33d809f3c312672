import { type DestinoTipo, type RematriculaClass } from '../../../shared/year-end.schemas';
import type { Teacher } from '../../../shared/teachers.schemas';
import { turnoLabels } from '../../../shared/classes.schemas';
import type { Column } from '../../components/data-table';
import { Badge, type BadgeTone } from '../../components/feedback';
import { InputField, SelectField } from '../../components/field';

/** What the administrator changed in the proposal (sent as the rematrícula's body). */
export interface ClassChange {
  incluir?: boolean;
  nome?: string;
  capacidade_maxima?: number;
  professor_responsavel_id?: string | null;
}
export interface StudentChange {
  destino: DestinoTipo;
  turma_nome?: string;
}

export const destinoTones: Record<DestinoTipo, BadgeTone> = {
  proxima_serie: 'green',
  mesma_serie: 'yellow',
  concluido: 'blue',
  nao_rematriculado: 'gray',
};

/** A next-year class is editable unless it is the last série (students conclude) or a copy for the retained. */
export const isEditable = (turma: RematriculaClass) => turma.nome !== null && !turma.para_retidos;

export function classColumns(options: {
  teachers: Teacher[];
  enrolled: Map<string, number>;
  /** Students going on whose class is left out, by origin class: they would have no class. */
  withoutClass: Map<string, number>;
  onChange: (turma: RematriculaClass, change: ClassChange) => void;
}): Column<RematriculaClass>[] {
  const { teachers, enrolled, withoutClass, onChange } = options;
  /** What applying would refuse about this class, from the server's simulation. */
  const errorOf = (row: RematriculaClass, field: 'nome' | 'professor_responsavel_id') =>
    row.erros[field] ?? undefined;
  return [
    {
      id: 'nome',
      header: 'Turma no próximo ano',
      card: 'title',
      sortValue: (row) => row.nome ?? '',
      cell: (row) => (
        <>
          {isEditable(row) && row.incluir ? (
            <InputField
              label={<span className="sr-only">Nome da turma vinda de {row.origem_nome}</span>}
              className="w-44 font-medium"
              defaultValue={row.nome ?? ''}
              error={errorOf(row, 'nome')}
              onBlur={(event) => {
                const value = event.target.value.trim();
                if (value !== '' && value !== row.nome) onChange(row, { nome: value });
                else event.target.value = row.nome ?? '';
              }}
            />
          ) : (
            <>
              <p className="font-medium text-gray-900">
                {row.nome ?? 'Concluem o ensino fundamental'}
                {row.para_retidos ? ' (para retidos)' : ''}
              </p>
              {row.erros.nome && (
                <p role="alert" className="text-sm text-red-600">
                  {row.erros.nome}
                </p>
              )}
            </>
          )}
          <p className="text-gray-600">
            de {row.origem_nome} · {row.nome === null ? row.origem_serie : (row.serie ?? '')}
          </p>
        </>
      ),
    },
    {
      id: 'alunos',
      header: 'Alunos / vagas',
      card: 'badge',
      cell: (row) => {
        if (row.nome === null) return <Badge tone="gray">Não será criada</Badge>;
        if (!row.incluir) {
          const left = row.para_retidos ? 0 : (withoutClass.get(row.origem_id) ?? 0);
          return (
            <>
              <Badge tone={left > 0 ? 'yellow' : 'gray'}>Não será criada</Badge>
              {left > 0 && (
                <span className="mt-1 block text-xs text-amber-900">
                  {left} {left === 1 ? 'aluno fica' : 'alunos ficam'} sem turma (continuam ativos)
                </span>
              )}
            </>
          );
        }
        const count = enrolled.get(row.nome) ?? 0;
        return (
          <Badge tone={count > row.capacidade_maxima ? 'red' : 'green'}>
            {count} de {row.capacidade_maxima}
            {count > row.capacidade_maxima ? ' (acima da capacidade)' : ''}
          </Badge>
        );
      },
    },
    {
      id: 'turno',
      header: 'Turno',
      cell: (row) => turnoLabels[row.turno],
    },
    {
      id: 'capacidade',
      header: 'Capacidade',
      cell: (row) =>
        isEditable(row) && row.incluir ? (
          <InputField
            label={<span className="sr-only">Capacidade de {row.nome}</span>}
            type="number"
            min={1}
            max={200}
            inputMode="numeric"
            className="w-24"
            defaultValue={row.capacidade_maxima}
            onBlur={(event) => {
              const value = Number(event.target.value);
              if (Number.isInteger(value) && value >= 1 && value <= 200 && value !== row.capacidade_maxima)
                onChange(row, { capacidade_maxima: value });
              else event.target.value = String(row.capacidade_maxima);
            }}
          />
        ) : (
          row.capacidade_maxima
        ),
    },
    {
      id: 'professor',
      header: 'Professor responsável',
      cell: (row) =>
        isEditable(row) && row.incluir ? (
          <SelectField
            label={<span className="sr-only">Professor responsável por {row.nome}</span>}
            value={row.professor_responsavel_id ?? ''}
            error={errorOf(row, 'professor_responsavel_id')}
            onChange={(event) => onChange(row, { professor_responsavel_id: event.target.value || null })}
          >
            <option value="">A definir</option>
            {teachers.map((teacher) => (
              <option key={teacher.id} value={teacher.id}>
                {teacher.nome}
              </option>
            ))}
          </SelectField>
        ) : (
          (teachers.find((teacher) => teacher.id === row.professor_responsavel_id)?.nome ?? 'A definir')
        ),
    },
    {
      id: 'incluir',
      header: 'Criar',
      cell: (row) =>
        isEditable(row) ? (
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="h-5 w-5 rounded border-gray-300"
              checked={row.incluir}
              onChange={(event) => onChange(row, { incluir: event.target.checked })}
            />
            <span className="text-sm text-gray-700">{row.existente_id ? 'Já existe' : 'Criar turma'}</span>
          </label>
        ) : (
          '—'
        ),
    },
  ];
}
