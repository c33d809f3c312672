/** Pure helpers of the re-enrolment review: a debounced value, the proposal's counts and the sentences about it. */
import { useEffect, useState } from 'react';
import { ArrowUpRight, GraduationCap, RotateCcw, UserMinus } from 'lucide-react';
import { type RematriculaInput, type RematriculaProposal } from '../../../shared/year-end.schemas';
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
const students = (count: number) => `${String(count)} ${count === 1 ? 'aluno' : 'alunos'}`;
/** What happens to those who do not go to a class: said in words, both numbers, always. */
export function leavingSentence(proposal: RematriculaProposal): string {
  const { sem_turma: semTurma, nao_rematriculado: inativados } = proposal.contagem;
  return `Sem turma em ${String(proposal.proximo_ano)}: ${students(semTurma)}${
    semTurma > 0 ? ' (a turma deles não será criada) — continuam ativos, para a secretaria enturmar' : ''
  }. Inativados (não rematriculados): ${students(inativados)}.`;
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
