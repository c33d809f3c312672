/**
 * The sources of each file, in INEP's order of records (each school's 00 first, then its 10, 20s, 30s,
 * 40s, 50s, 60s; stage 2: 89, 90s, 91s). The writer sorts lines by record type, stably.
 */
import type { FonteCenso } from './layout.js';
import { alunosFonte } from './alunos.fonte.js';
import { escolaFonte } from './escola.fonte.js';
import { pessoasFonte } from './pessoas.fonte.js';
import { situacaoFonte } from './situacao.fonte.js';
import { lotesAlunos, lotesTurmas } from './lotes.js';
import { turmasFonte } from './turmas.fonte.js';

/** Stage 1 (Matrícula Inicial): 00, 10 (escola); 20, 60 (turmas); 30 (alunos; pessoas: staff), 40, 50 (pessoas). */
export const fontesMatriculaInicial: readonly FonteCenso[] = [
  escolaFonte,
  // The students' records a chunk at a time when streamed (issue 38, lotes.ts).
  { ...turmasFonte, ...lotesTurmas },
  { ...alunosFonte, ...lotesAlunos },
  pessoasFonte,
];
/** Stage 2 (Situação do Aluno): 89, 90, 91. */
export const fontesSituacaoDoAluno: readonly FonteCenso[] = [situacaoFonte];
