import {
  classStatusLabels,
  turnoLabels,
  turnos,
  type ClassStatus,
  type SchoolClass,
} from '../../../shared/classes.schemas';
import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import type { Column } from '../../components/data-table';
import { Badge, type BadgeTone } from '../../components/feedback';

const statusTones: Record<ClassStatus, BadgeTone> = { ativo: 'green', inativo: 'red', concluido: 'gray' };

/**
 * One of a class's buttons on its card or row ('Ver Alunos', 'Grade curricular', …): read out, it says
 * which class ('Ver Alunos de 6º Ano A de 2026') — a list of 14 'Ver Alunos' (and classes of one name in
 * two years) told a screen reader nothing. On screen the word stays short (the card names the class); the
 * name starts with it, so a voice command saying the word still finds the button.
 */
export function ClassAction({
  turma,
  label,
  de = true,
  onClick,
  children,
}: {
  turma: SchoolClass;
  /** The word on screen: 'Ver Alunos'. */
  label: string;
  /** 'Editar 1º Ano A', not 'Editar de 1º Ano A'. */
  de?: boolean;
  onClick: () => void;
  /** The icon before the word. */
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      onClick={onClick}
      aria-label={`${label} ${de ? 'de ' : ''}${turma.nome} de ${turma.ano_letivo}`}
    >
      {children} {label}
    </Button>
  );
}

/** The classes are all in memory: these columns sort in the browser. */
export const classSortColumns = ['nome', 'turno', 'alunos', 'ano_letivo'] as const;

/** A class card: its name as a heading, the status badge, then turno, pupils, year and teacher. */
export const classColumns: Column<SchoolClass>[] = [
  {
    id: 'nome',
    header: 'Turma',
    sortValue: (turma) => turma.nome,
    cell: (turma) => (
      <>
        <h2 className="font-semibold text-gray-900">{turma.nome}</h2>
        <p className="text-sm text-gray-600">
          {turma.nivel} · {turma.serie}
        </p>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    card: 'badge',
    cell: (turma) => <Badge tone={statusTones[turma.status]}>{classStatusLabels[turma.status]}</Badge>,
  },
  {
    id: 'turno',
    header: 'Turno',
    sortValue: (turma) => turnos.indexOf(turma.turno),
    cell: (turma) => turnoLabels[turma.turno],
  },
  {
    id: 'alunos',
    header: 'Alunos',
    sortValue: (turma) => turma.alunos_count,
    cell: (turma) => `${turma.alunos_count}/${turma.capacidade_maxima}`,
  },
  {
    id: 'ano_letivo',
    header: 'Ano Letivo',
    sortValue: (turma) => turma.ano_letivo,
    cell: (turma) => turma.ano_letivo,
  },
  {
    id: 'professor',
    header: 'Professor',
    cell: (turma) => turma.professor_responsavel?.nome ?? 'Não atribuído',
  },
];
