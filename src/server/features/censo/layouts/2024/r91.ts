import { codigosDe, etapas, situacoesAluno, tiposMediacao } from '../../../../../shared/censo.codigos.js';
import type { Campo } from '../../layout.js';
import { identificacaoMatricula } from './r90.js';

/**
 * Record 91 of the 2024 layout — Situação do Aluno (stage 2): enrolments admitted after the reference
 * date ('admitidos após'). Eleven fields. Sources: i-Educar's
 * `EducacensoAnaliseController::analisaEducacensoRegistro91` (the student's INEP code is required) and
 * a public stage-2 validator's table of the record: 1 tipo, 2 escola INEP, 3 turma na entidade
 * ('desconsiderado'), 4 turma INEP (optional), 5 aluno INEP (12, required), 6 aluno na entidade
 * ('desconsiderado'), 7 código da matrícula (must be EMPTY: INEP finds it), 8 tipo de mediação,
 * 9 modalidade (1 regular, 2 especial, 3 EJA, 4 profissional), 10 etapa — 8 to 10 required when 4 is
 * empty and empty when 4 is filled —, 11 situação. The source fills 8–10 only when the class has no INEP
 * code (situacao.fonte), and checks the mediação there.
 */
export const r91: readonly Campo[] = [
  { n: 1, chave: 'tipo', descricao: 'Tipo de registro', formato: 'fixo', valor: '91' },
  // 2 to 7 as in record 90; 7 (the enrolment's INEP code) always empty here: INEP finds the enrolment.
  ...identificacaoMatricula,
  {
    n: 8,
    chave: 'tipo_mediacao',
    descricao: 'Tipo de mediação didático-pedagógica',
    formato: 'codigo',
    codigos: codigosDe(tiposMediacao),
  },
  {
    n: 9,
    chave: 'modalidade',
    descricao: 'Código da modalidade',
    formato: 'codigo',
    codigos: ['1', '2', '3', '4'],
  },
  {
    n: 10,
    chave: 'etapa',
    descricao: 'Código da etapa',
    formato: 'codigo',
    codigos: codigosDe(etapas),
  },
  {
    n: 11,
    chave: 'situacao',
    descricao: 'Situação do aluno',
    formato: 'codigo',
    codigos: codigosDe(situacoesAluno),
  },
];
