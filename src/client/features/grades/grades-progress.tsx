import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useId, useState } from 'react';
import type { GradesProgressLine } from '../../../shared/grades-progress.schemas';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { gradesProgressQuery } from './grades.api';
import { PareceresProgress } from './pareceres-progress';
import type { ListSort } from '../../lib/use-list-state';

const pending = (line: GradesProgressLine) => line.avaliacoes === 0 || line.notas_faltando > 0;

function StatusBadge({ line }: { line: GradesProgressLine }) {
  if (line.avaliacoes === 0) return <Badge tone="gray">Sem avaliação</Badge>;
  if (line.notas_faltando === 0) return <Badge tone="green">Em dia</Badge>;
  return (
    <Badge tone="yellow">
      {line.notas_faltando} {line.notas_faltando === 1 ? 'nota faltando' : 'notas faltando'}
    </Badge>
  );
}

const columns: Column<GradesProgressLine>[] = [
  { id: 'turma', header: 'Turma', card: 'title', cell: (line) => `${line.turma_nome} · ${line.disciplina}` },
  { id: 'professor', header: 'Professor', cell: (line) => line.professor ?? 'Sem professor na grade' },
  { id: 'avaliacoes', header: 'Avaliações', align: 'right', cell: (line) => line.avaliacoes },
  { id: 'situacao', header: 'Situação', card: 'badge', cell: (line) => <StatusBadge line={line} /> },
];

/**
 * The subjects behind, as the closing dialog counts them ("3 de 5 disciplinas das turmas …"): "28 de 112
 * disciplinas das turmas estão com notas faltando e 3 sem avaliação." — not "28 com notas faltando (de
 * 112 disciplinas das turmas)".
 */
function behindSummary(late: number, empty: number, total: number): string {
  const [count, state] = late > 0 ? [late, 'com notas faltando'] : [empty, 'sem avaliação'];
  const also = late > 0 && empty > 0 ? ` e ${String(empty)} sem avaliação` : '';
  const subjects = total === 1 ? 'disciplina' : 'disciplinas';
  return `${String(count)} de ${String(total)} ${subjects} das turmas ${count === 1 ? 'está' : 'estão'} ${state}${also}.`;
}

/**
 * 'Lançamento de notas' of the chosen period, for the coordenação: how many subjects of the year's classes
 * still have grades to enter (of avaliações already given) or no avaliação at all, and the list of them
 * by class, each opening its grid. Folded until asked: the grid below stays the page's work.
 */
export function GradesProgressPanel({
  periodoId,
  onOpen,
}: {
  periodoId: string;
  onOpen: (line: GradesProgressLine) => void;
}) {
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const [teacher, setTeacher] = useState('');
  const [sort, setSort] = useState<ListSort | null>(null);
  const listId = useId();
  const progress = useQuery(gradesProgressQuery(periodoId));
  if (progress.isError) return <ErrorBanner>Erro ao carregar o lançamento de notas do período.</ErrorBanner>;
  if (!progress.data) return null;
  const { periodo, linhas, pareceres } = progress.data;
  const late = linhas.filter((line) => line.notas_faltando > 0).length;
  const empty = linhas.filter((line) => line.avaliacoes === 0).length;
  const NONE = '(sem professor)';
  const teachers = [...new Set(linhas.map((line) => line.professor ?? NONE))].sort((a, b) =>
    a.localeCompare(b, 'pt-BR'),
  );
  const shown = linhas.filter(
    (line) => (all || pending(line)) && (teacher === '' || (line.professor ?? NONE) === teacher),
  );
  const summary =
    linhas.length === 0
      ? pareceres.length > 0
        ? 'Turmas de Educação Infantil não têm notas: veja os pareceres abaixo.'
        : 'Nenhuma disciplina na grade curricular das turmas deste ano.'
      : late + empty === 0
        ? `Todas as ${String(linhas.length)} disciplinas estão com as notas em dia.`
        : behindSummary(late, empty, linhas.length);

  return (
    <section
      aria-labelledby={`${listId}-title`}
      className="mb-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <ClipboardList className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
          <div>
            <h2 id={`${listId}-title`} className="font-semibold text-gray-900">
              Lançamento de notas — {periodo.nome}
            </h2>
            <p className="text-sm text-gray-600">
              {summary} Fecha em {formatDate(periodo.data_fechamento)}.
            </p>
          </div>
        </div>
        {linhas.length > 0 && (
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Ocultar turmas' : 'Ver por turma'}
          </Button>
        )}
      </div>
      {open && (
        <div id={listId} className="mt-4">
          <div className="mb-3 flex flex-wrap items-end gap-x-6 gap-y-2">
            <div className="w-full sm:w-72">
              <SelectField
                label="Professor"
                value={teacher}
                onChange={(event) => setTeacher(event.target.value)}
              >
                <option value="">Todos</option>
                {teachers.map((name) => (
                  <option key={name} value={name}>
                    {name === NONE ? 'Sem professor na grade' : name}
                  </option>
                ))}
              </SelectField>
            </div>
            <label className="flex min-h-11 items-center gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                className="h-5 w-5 rounded border-gray-300"
                checked={all}
                onChange={(event) => setAll(event.target.checked)}
              />
              Mostrar também as disciplinas em dia
            </label>
          </div>
          {progress.isFetching && <Spinner />}
          {shown.length === 0 ? (
            <p className="text-sm text-gray-600">Nenhuma disciplina pendente neste período.</p>
          ) : (
            <DataTable
              rows={shown}
              columns={columns}
              label={`Lançamento de notas por turma — ${periodo.nome}`}
              rowKey={(line) => `${line.turma_id}|${line.disciplina}`}
              sort={sort}
              onSortChange={setSort}
              actions={(line) => (
                <Button
                  variant="ghost"
                  aria-label={`Abrir as notas de ${line.disciplina} da turma ${line.turma_nome}`}
                  onClick={() => onOpen(line)}
                >
                  Abrir
                </Button>
              )}
            />
          )}
        </div>
      )}
      <PareceresProgress periodoId={periodo.id} linhas={pareceres} />
    </section>
  );
}
