import { codigosDe, cargosGestor } from '../../../../../shared/censo.codigos.js';
import type { Campo } from '../../layout.js';
import { codigoEscola } from './comuns.js';

/**
 * Record 89 of the 2024 layout — Situação do Aluno (stage 2): the school and its gestor, the first line
 * of the stage-2 file. Six fields. Sources for the order and rules: i-Educar's
 * `EducacensoAnaliseController::analisaEducacensoRegistro89` (checks INEP code, gestor's CPF, name and
 * cargo) and a public stage-2 validator's table of the record (fields 1–6: tipo, escola INEP, CPF, nome,
 * cargo 1/2, e-mail up to 50). INEP's stage-2 layout PDF itself was not found in the stored corpora:
 * the positions below are from those two sources.
 */
export const r89: readonly Campo[] = [
  { n: 1, chave: 'tipo', descricao: 'Tipo de registro', formato: 'fixo', valor: '89' },
  codigoEscola(2, 'escola_inep'),
  {
    n: 3,
    chave: 'gestor_cpf',
    descricao: 'Número do CPF do gestor escolar',
    formato: 'cpf',
    tamanho: 11,
    obrigatorio: true,
  },
  {
    n: 4,
    chave: 'gestor_nome',
    descricao: 'Nome do gestor escolar',
    formato: 'texto',
    tamanho: 100,
    obrigatorio: true,
  },
  {
    n: 5,
    chave: 'gestor_cargo',
    descricao: 'Cargo do gestor escolar',
    formato: 'codigo',
    codigos: codigosDe(cargosGestor),
    obrigatorio: true,
  },
  {
    n: 6,
    chave: 'gestor_email',
    descricao: 'Endereço eletrônico (e-mail) do gestor escolar',
    formato: 'texto',
    tamanho: 50,
    comAcentos: true,
    obrigatorio: true,
  },
];
