import { codigosDe, componentesInep, funcoesSala, vinculos } from '../../../../../shared/censo.codigos.js';
import type { Campo } from '../../layout.js';
import { codigoEscola, codigoPessoa, identificacaoInep } from './comuns.js';

/** How many componentes curriculares a record 50 line carries (fields 9 to 33). */
export const COMPONENTES_R50 = 25;
/** How many unidades curriculares (itinerário formativo) a line carries (fields 34 to 41). */
export const UNIDADES_CURRICULARES_R50 = 8;

const componentes: Campo[] = Array.from({ length: COMPONENTES_R50 }, (_, index) => ({
  n: 9 + index,
  chave: `componente${String(index + 1)}`,
  descricao: `Componentes curriculares ${String(index + 1)}`,
  formato: 'codigo',
  codigos: codigosDe(componentesInep),
}));

const unidades: Campo[] = Array.from({ length: UNIDADES_CURRICULARES_R50 }, (_, index) => ({
  n: 9 + COMPONENTES_R50 + index,
  chave: `unidadeCurricular${String(index + 1)}`,
  descricao: `Unidade curricular ${String(index + 1)} (itinerário formativo)`,
  formato: 'indicador',
}));

/**
 * Record 50 of the 2024 layout: 'Profissional escolar em sala de aula', one line per professional and
 * class. 42 fields in i-Educar's order (EducacensoExportController::exportaDadosRegistro50: 8 fields, 25
 * componentes, 8 unidades curriculares — Eletivas, Libras, Língua indígena, Espanhol, Francês, Outra
 * língua, Projeto de vida, Trilhas — and 'outras unidades curriculares obrigatórias').
 *
 * Rules the table cannot say, kept by the source (pessoas.fonte): the componentes are left empty for
 * functions other than docente/docente titular, for classes of educação infantil (etapas 1–3) and for
 * classes that are not escolarização (i-Educar's ComponentesCurriculares rule), and a docente of any other
 * class needs at least one (a pendência otherwise); the tipo de vínculo goes empty for a private school
 * (TipoVinculoServidor). Fields 34–42 are filled only for itinerário formativo classes, which the product
 * does not send yet (doubt: INEP's PDF for 2024 was not at hand; i-Educar writes field 42 as 0/1).
 */
export const r50: readonly Campo[] = [
  { n: 1, chave: 'registro', descricao: 'Tipo de registro', formato: 'fixo', valor: '50' },
  codigoEscola(2, 'inepEscola'),
  codigoPessoa(3, 'codigoPessoa'),
  identificacaoInep(4, 'inepDocente'),
  {
    n: 5,
    chave: 'codigoTurma',
    descricao: 'Código da turma na entidade/escola',
    formato: 'texto',
    tamanho: 20,
    obrigatorio: true,
  },
  {
    n: 6,
    chave: 'inepTurma',
    descricao: 'Código da turma no Inep',
    formato: 'numero',
    tamanho: 10,
  },
  {
    n: 7,
    chave: 'funcaoDocente',
    descricao: 'Função que exerce na turma',
    formato: 'codigo',
    codigos: codigosDe(funcoesSala),
    obrigatorio: true,
  },
  {
    n: 8,
    chave: 'tipoVinculo',
    descricao: 'Situação funcional/regime de contratação/tipo de vínculo',
    formato: 'codigo',
    codigos: codigosDe(vinculos),
  },
  ...componentes,
  ...unidades,
  {
    n: 9 + COMPONENTES_R50 + UNIDADES_CURRICULARES_R50,
    chave: 'outrasUnidadesCurricularesObrigatorias',
    descricao: 'Outras unidades curriculares obrigatórias',
    formato: 'indicador',
  },
];
