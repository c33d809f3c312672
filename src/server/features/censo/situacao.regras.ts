/**
 * Stage 2 (Situação do Aluno): what became of an enrolment, from what the product records (issue 37).
 * Pure rules; `situacao.fonte.ts` gathers the facts from the database.
 *
 * INEP's codes (shared/censo.codigos `situacoesAluno`): 1 transferido, 2 deixou de frequentar,
 * 3 falecido, 4 reprovado, 5 aprovado, 6 aprovado concluinte, 7 em andamento/sem movimentação.
 */
import type { Situacao } from '../../../shared/averages.js';
import { ETAPAS_CONCLUINTES } from '../../../shared/censo.codigos.js';

/**
 * Educação Infantil's etapas (creche 1, pré-escola 2): no approval nor failure (LDB art. 31, I), so
 * INEP takes neither 4, 5 nor 6 there and asks for 7 'em andamento/sem movimentação' for a child who
 * stayed to the end of the year. Source: the stage-2 rules of records 90/91 as a public validator
 * tables them ('Educação Infantil (etapas 1, 2): situações não permitidas 4, 5, 6'; 'situação 7 apenas
 * para as etapas 1, 2, 39, 40, 65, 67…'). INEP's own 2024 stage-2 manual was not in the corpora.
 */
export const ETAPAS_INFANTIL: ReadonlySet<string> = new Set(['1', '2', '3']);

/** The facts of one enrolment that decide its situation. */
export interface FatosMatricula {
  /** The membership's last day (null: still open). */
  fim: string | null;
  /** The school year's last day (null: no year registered for `ano`). */
  fimDoAno: string | null;
  /** The student has a later membership in a class of the same year (moved class, still enrolled). */
  continuaNoAno: boolean;
  /** `students.status` today. */
  status: string;
  /** `censo_alunos.motivo_saida`. */
  motivoSaida: string | null;
  /** The class's INEP etapa (its census data, or mapped from the série). */
  etapa: string | null;
  /** The year closing's final situation (`situationsOf`); null when the year is not closed. */
  situacaoFinal: Situacao | null;
}

export type ResultadoSituacao =
  | { codigo: string }
  /** The year is not closed: the situation is not known yet. */
  | { pendente: 'ano_aberto' }
  /** The year is closed but the student's result is not a final one (em recuperação, cursando). */
  | { pendente: 'sem_resultado' };

/**
 * Whether the enrolment ended before the year did and the student did not go on in another class:
 * the student left the school (transfer, leaving, death). A membership closed on or after the year's
 * last day (the rematrícula closes them) is a completed year.
 */
export function saiuAntesDoFim(fatos: Pick<FatosMatricula, 'fim' | 'fimDoAno' | 'continuaNoAno'>): boolean {
  if (fatos.fim === null || fatos.continuaNoAno) return false;
  return fatos.fimDoAno === null || fatos.fim < fatos.fimDoAno;
}

/** The INEP situation of an enrolment (or why it cannot be said yet). */
export function situacaoDaMatricula(fatos: FatosMatricula): ResultadoSituacao {
  if (saiuAntesDoFim(fatos)) {
    if (fatos.status === 'transferido') return { codigo: '1' };
    if (fatos.status === 'inativo') return { codigo: fatos.motivoSaida === 'falecido' ? '3' : '2' };
    // Ended early but the student is active or formado today: the year's result decides below.
  }
  if (fatos.situacaoFinal === null) return { pendente: 'ano_aberto' };
  const infantil = fatos.etapa !== null && ETAPAS_INFANTIL.has(fatos.etapa);
  if (infantil || fatos.situacaoFinal === 'concluiu_ano') return { codigo: '7' };
  switch (fatos.situacaoFinal) {
    case 'aprovado':
      return { codigo: fatos.etapa !== null && ETAPAS_CONCLUINTES.has(fatos.etapa) ? '6' : '5' };
    case 'reprovado_nota':
    case 'reprovado_falta':
      return { codigo: '4' };
    default:
      return { pendente: 'sem_resultado' };
  }
}
