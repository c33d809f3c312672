import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { formatCount, formatDate, todayIso } from '../../../shared/format';
import type { GradesProgress } from '../../../shared/grades-progress.schemas';
import { periodReadinessQuery } from './grades.api';

/**
 * One warning of the check: a sentence, or a sentence with the lines under it (`itens`: the classes and
 * subjects with grades missing, so the coordenação knows whom to call).
 */
export type PeriodWarning = string | { texto: string; itens: string[] };

/**
 * What is not ready yet in a period about to be closed or published — for one class, or (turmaId null)
 * the whole school: the period has not ended, subjects have no avaliação, grades are missing in
 * avaliações already given (each subject named, per class), Educação Infantil children have no parecer
 * yet, lessons of its school days so far have no roll (`chamadas`). Empty when nothing is amiss. A
 * warning, never a block: the period can still be closed.
 */
export function periodWarnings(
  progress: GradesProgress,
  turmaId: string | null,
  today: string,
): PeriodWarning[] {
  const warnings: PeriodWarning[] = [];
  const { periodo } = progress;
  if (today < periodo.fim) warnings.push(`O ${periodo.nome} só termina em ${formatDate(periodo.fim)}.`);
  const lines = progress.linhas.filter((line) => turmaId === null || line.turma_id === turmaId);
  const empty = lines.filter((line) => line.avaliacoes === 0);
  if (empty.length > 0) {
    const subjects = formatCount(lines.length, 'disciplina', 'disciplinas');
    warnings.push(
      turmaId === null
        ? `${String(empty.length)} de ${subjects} das turmas ainda não ${empty.length === 1 ? 'tem' : 'têm'} avaliação neste período (${formatCount(new Set(empty.map((line) => line.turma_id)).size, 'turma', 'turmas')}).`
        : `Ainda sem avaliação neste período: ${empty.map((line) => line.disciplina).join(', ')} (${String(empty.length)} de ${subjects}).`,
    );
  }
  const grades = gradesWarning(lines, turmaId);
  if (grades) warnings.push(grades);
  const pareceres = pareceresWarning(progress.pareceres, turmaId);
  if (pareceres) warnings.push(pareceres);
  const chamadas = rollsWarning(progress.chamadas ?? [], turmaId);
  if (chamadas) warnings.push(chamadas);
  return warnings;
}

/**
 * The grades missing in avaliações already given: the total, then each subject with its count and its
 * teacher — for the whole school, a line per class ('7º A — Matemática: 5 notas faltando (prof. …)'),
 * in the Lançamento de notas' order (the school's classes, the subjects' order).
 */
function gradesWarning(lines: GradesProgress['linhas'], turmaId: string | null): PeriodWarning | null {
  const missing = lines.filter((line) => line.notas_faltando > 0);
  const total = missing.reduce((sum, line) => sum + line.notas_faltando, 0);
  if (total === 0) return null;
  const head = `${total === 1 ? 'Falta 1 nota' : `Faltam ${formatCount(total, 'nota', 'notas')}`} em avaliações já realizadas`;
  const subject = (line: GradesProgress['linhas'][number]) =>
    `${line.disciplina}: ${formatCount(line.notas_faltando, 'nota faltando', 'notas faltando')}${
      line.professor ? ` (prof. ${line.professor})` : ''
    }`;
  if (turmaId !== null) return { texto: `${head}:`, itens: missing.map(subject) };
  const byClass = new Map<string, { nome: string; subjects: string[] }>();
  for (const line of missing) {
    const turma = byClass.get(line.turma_id) ?? { nome: line.turma_nome, subjects: [] };
    turma.subjects.push(subject(line));
    byClass.set(line.turma_id, turma);
  }
  return {
    texto: `${head}, em ${formatCount(byClass.size, 'turma', 'turmas')}:`,
    itens: [...byClass.values()].map((turma) => `${turma.nome} — ${turma.subjects.join('; ')}`),
  };
}

/** The rolls not taken on the period's school days so far: the class's count, or each class named. */
function rollsWarning(
  linhas: NonNullable<GradesProgress['chamadas']>,
  turmaId: string | null,
): string | null {
  const missing = linhas.filter((line) => line.aulas > 0 && (turmaId === null || line.turma_id === turmaId));
  const [first] = missing;
  if (!first) return null;
  if (turmaId !== null)
    return `${first.aulas === 1 ? 'Falta 1 chamada' : `Faltam ${String(first.aulas)} chamadas`} neste período.`;
  return `Faltam chamadas neste período: ${missing
    .map((line) => `${line.turma_nome} (${formatCount(line.aulas, 'chamada', 'chamadas')})`)
    .join(', ')}.`;
}

/**
 * The Educação Infantil's part of the check: no grades there, a parecer per child and period (LDB art.
 * 31) — the classes with children still without one, each named as the grades' subjects are.
 */
function pareceresWarning(linhas: GradesProgress['pareceres'], turmaId: string | null): string | null {
  const missing = linhas.filter(
    (line) => line.sem_parecer > 0 && (turmaId === null || line.turma_id === turmaId),
  );
  const [first] = missing;
  if (!first) return null;
  const of = (line: GradesProgress['pareceres'][number]) =>
    line.criancas === 1
      ? 'da única criança'
      : `de ${String(line.sem_parecer)} das ${String(line.criancas)} crianças`;
  if (turmaId !== null)
    return `${first.sem_parecer === 1 ? 'Falta o parecer' : 'Faltam os pareceres'} ${of(first)} neste período.`;
  return `Faltam pareceres na Educação Infantil: ${missing
    .map(
      (line) =>
        `${line.turma_nome} (${String(line.sem_parecer)} de ${formatCount(line.criancas, 'criança', 'crianças')})`,
    )
    .join(', ')}.`;
}

/** The warnings of `periodWarnings`, shown in the confirmation before closing or publishing. */
export function PeriodReadiness({ periodoId, turmaId }: { periodoId: string; turmaId: string | null }) {
  const progress = useQuery(periodReadinessQuery(periodoId));
  if (!progress.data) return null;
  const warnings = periodWarnings(progress.data, turmaId, todayIso());
  if (warnings.length === 0) return null;
  return (
    <div
      role="note"
      aria-label="Antes de confirmar"
      className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden /> Antes de confirmar
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-6">
        {warnings.map((warning) =>
          typeof warning === 'string' ? (
            <li key={warning}>{warning}</li>
          ) : (
            <li key={warning.texto}>
              {warning.texto}
              <ul className="mt-1 list-[circle] space-y-1 pl-5">
                {warning.itens.map((item) => (
                  <li key={item} className="break-words">
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
