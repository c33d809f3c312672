import { codigosDe, situacoesAluno } from '../../../../../shared/censo.codigos.js';
import type { Campo } from '../../layout.js';
import { codigoEscola } from './comuns.js';

/**
 * Record 90 of the 2024 layout — Situação do Aluno (stage 2): each enrolment that existed on the
 * reference date, with its INEP IDs and its situation at year end. Eight fields. Sources: i-Educar's
 * `EducacensoAnaliseController::analisaEducacensoRegistro90` (the turma's and the student's INEP codes
 * are required) and a public stage-2 validator's table of the record (1 tipo, 2 escola INEP, 3 turma na
 * entidade ≤ 20 — 'desconsiderado' by INEP —, 4 turma INEP ≤ 10, 5 aluno INEP 12, 6 aluno na entidade
 * ≤ 20 — 'desconsiderado' —, 7 matrícula INEP ≤ 12, 8 situação). INEP's own PDF for the year was not in
 * the corpora: if the Educacenso site rejects a position, this table is the one place to fix.
 */
/** Fields 2 to 7, the enrolment's identification: the same in records 90 and 91. */
export const identificacaoMatricula: readonly Campo[] = [
  codigoEscola(2, 'escola_inep'),
  {
    n: 3,
    chave: 'turma_codigo',
    descricao: 'Código da turma na entidade/escola',
    formato: 'texto',
    tamanho: 20,
  },
  { n: 4, chave: 'turma_inep', descricao: 'Código da turma - Inep', formato: 'numero', tamanho: 10 },
  {
    n: 5,
    chave: 'aluno_inep',
    descricao: 'Identificação única do aluno (Inep)',
    formato: 'numero',
    tamanho: 12,
  },
  {
    n: 6,
    chave: 'aluno_codigo',
    descricao: 'Código do aluno na entidade/escola',
    formato: 'texto',
    tamanho: 20,
  },
  { n: 7, chave: 'matricula_inep', descricao: 'Código da matrícula', formato: 'numero', tamanho: 12 },
];

export const r90: readonly Campo[] = [
  { n: 1, chave: 'tipo', descricao: 'Tipo de registro', formato: 'fixo', valor: '90' },
  ...identificacaoMatricula,
  {
    n: 8,
    chave: 'situacao',
    descricao: 'Situação do aluno',
    formato: 'codigo',
    codigos: codigosDe(situacoesAluno),
  },
];
