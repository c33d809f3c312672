/** Pure helpers of the re-enrolment review: a debounced value, the proposal's counts and the sentences about it. */
import { useEffect, useState } from 'react';
import { ArrowUpRight, GraduationCap, RotateCcw, UserMinus } from 'lucide-react';
import { formatCount } from '../../../shared/format';
import {
  gradeNoticesOf,
  type RematriculaInput,
  type RematriculaProposal,
  type RematriculaStudent,
} from '../../../shared/year-end.schemas';
import { ApiError } from '../../lib/api-client';

export function useDebounced<T>(value: T, delay: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return current;
}
export function countsOf(proposal: RematriculaProposal) {
  const { contagem } = proposal;
  return [
    { label: 'Próxima série', value: contagem.proxima_serie, icon: ArrowUpRight, tone: 'green' as const },
    { label: 'Mesma série (retidos)', value: contagem.mesma_serie, icon: RotateCcw, tone: 'yellow' as const },
    { label: 'Concluem', value: contagem.concluido, icon: GraduationCap, tone: 'blue' as const },
    {
      label: 'Inativados (não rematriculados)',
      value: contagem.nao_rematriculado,
      icon: UserMinus,
      tone: 'gray' as const,
    },
  ];
}
const students = (count: number) => formatCount(count, 'aluno', 'alunos');
/** What happens to those who do not go to a class: said in words, both numbers, always. */
function leavingSentence(proposal: RematriculaProposal): string {
  const { sem_turma: semTurma, nao_rematriculado: inativados } = proposal.contagem;
  return `Sem turma em ${String(proposal.proximo_ano)}: ${students(semTurma)}${
    semTurma > 0 ? ' (a turma deles não será criada) — continuam ativos, para a secretaria enturmar' : ''
  }. Inativados (não rematriculados): ${students(inativados)}.`;
}
/** The proposal's students counted by a key of each (null: not counted). */
export function countStudents(
  proposal: RematriculaProposal | undefined,
  keyOf: (student: RematriculaStudent) => string | null,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const student of proposal?.alunos ?? []) {
    const key = keyOf(student);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
/**
 * The review's sentences: what happens to those who do not go to a class (`leaving`), and what applying
 * does, for its confirmation (`apply`) — each count agreeing with its words ('1 aluno vai', '2 ficam') —
 * with the subjects a class changing stage leaves out of its grade (ADR 0133).
 */
export function sentencesOf(proposal: RematriculaProposal): { leaving: string; apply: string } {
  const { turmas_novas: turmas, proxima_serie: sobem, mesma_serie: ficam, concluido } = proposal.contagem;
  const leaving = leavingSentence(proposal);
  const criadas = turmas === 1 ? 'Será criada 1 turma' : `Serão criadas ${String(turmas)} turmas`;
  const grade = gradeNoticesOf(proposal).map((notice) => ` ${notice}`);
  return {
    leaving,
    apply: `${criadas}; ${formatCount(sobem, 'aluno vai', 'alunos vão')} para a próxima série, ${formatCount(ficam, 'fica', 'ficam')} na mesma série e ${formatCount(concluido, 'conclui', 'concluem')}. ${leaving}${grade.join('')} Tudo é aplicado de uma vez e não pode ser desfeito por aqui.`,
  };
}
/** The simulation's refusal of a student's chosen class (`alunos.N.turma_nome`), by student. */
export function studentErrorsOf(error: unknown, sent: RematriculaInput) {
  const students = new Map<string, string>();
  for (const detail of error instanceof ApiError ? error.details : []) {
    const aluno = /^alunos\.(\d+)\.turma_nome$/.exec(detail.path);
    const alunoId = aluno ? sent.alunos?.[Number(aluno[1])]?.aluno_id : undefined;
    if (alunoId) students.set(alunoId, detail.message);
  }
  return students;
}
