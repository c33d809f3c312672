import type { Campo } from '../../layout.js';
import { codigosDe, etapas, poderesPublicosTransporte } from '../../../../../shared/censo.codigos.js';
import { codigoEscola, codigoPessoa, identificacaoInep, indicador } from './comuns.js';

/**
 * Record 60 (Matrícula) of the 2024 layout: 46 fields. Source: i-Educar's export of the record
 * (EducacensoExportController::exportaDadosRegistro60, its field list in order, and the export rules
 * it applies: TurmaMulti, TiposAee, RecebeEscolarizacaoOutroEspaco, TransporteEscolarPublico,
 * VeiculoTransporte, PoderPublicoResponsavelTransporte, ItinerarioFormativoAluno) and the view that
 * feeds it (database/sqls/views/public.educacenso_record60.sql).
 */

const comTransporte = { quando: 'transporte_publico', em: [true] } as const;

/** Fields 37–46, in the layout's order: the key of `veiculosTransporte` each one says. */
export const VEICULOS_R60 = [
  ['bicicleta', 'Rodoviário - bicicleta'],
  ['microonibus', 'Rodoviário - micro-ônibus'],
  ['onibus', 'Rodoviário - ônibus'],
  ['tracao_animal', 'Rodoviário - tração animal'],
  ['van', 'Rodoviário - vans/kombis'],
  ['rodoviario_outro', 'Rodoviário - outro tipo de veículo rodoviário'],
  ['aquaviario_5', 'Aquaviário - capacidade de até 5 alunos'],
  ['aquaviario_5_15', 'Aquaviário - capacidade entre 5 a 15 alunos'],
  ['aquaviario_15_35', 'Aquaviário - capacidade entre 15 a 35 alunos'],
  ['aquaviario_35', 'Aquaviário - capacidade acima de 35 alunos'],
] as const;

/** The key of a vehicle's field in record 60's values. */
export const chaveVeiculo = (veiculo: string) => `veiculo_${veiculo}`;

export const r60: readonly Campo[] = [
  { n: 1, chave: 'tipo_registro', descricao: 'Tipo de registro', formato: 'fixo', valor: '60' },
  codigoEscola(2, 'codigo_escola'),
  codigoPessoa(3, 'codigo_pessoa'),
  identificacaoInep(4, 'inep_aluno'),
  {
    n: 5,
    chave: 'codigo_turma',
    descricao: 'Código da turma na entidade/escola',
    formato: 'texto',
    tamanho: 20,
    obrigatorio: true,
  },
  // Fields 6 and 7 go empty, as i-Educar sends them: INEP assigns the class's and the enrolment's codes
  // on import; the product keeps them (import of IDs) for stage 2 (records 90 and 91).
  { n: 6, chave: 'inep_turma', descricao: 'Código da turma - Inep', formato: 'numero', tamanho: 10 },
  { n: 7, chave: 'inep_matricula', descricao: 'Código da matrícula', formato: 'numero', tamanho: 12 },
  // Only for a class of a multi-etapa or correção de fluxo etapa (3, 22, 23, 56, 64, 72): the student's own etapa.
  {
    n: 8,
    chave: 'etapa_aluno',
    descricao: 'Etapa do aluno na turma multi ou de correção de fluxo',
    formato: 'codigo',
    codigos: codigosDe(etapas),
  },
  // Fields 9–22: the student's itinerário formativo (Ensino Médio classes with itinerário; never here).
  indicador(9, 'itinerario_linguagens', 'Tipo de itinerário formativo - linguagens e suas tecnologias'),
  indicador(10, 'itinerario_matematica', 'Tipo de itinerário formativo - matemática e suas tecnologias'),
  indicador(
    11,
    'itinerario_natureza',
    'Tipo de itinerário formativo - ciências da natureza e suas tecnologias',
  ),
  indicador(12, 'itinerario_humanas', 'Tipo de itinerário formativo - ciências humanas e sociais aplicadas'),
  indicador(13, 'itinerario_tecnica', 'Tipo de itinerário formativo - formação técnica e profissional'),
  indicador(14, 'itinerario_integrado', 'Tipo de itinerário formativo - itinerário formativo integrado'),
  indicador(15, 'composicao_linguagens', 'Composição do itinerário integrado - linguagens'),
  indicador(16, 'composicao_matematica', 'Composição do itinerário integrado - matemática'),
  indicador(17, 'composicao_natureza', 'Composição do itinerário integrado - ciências da natureza'),
  indicador(18, 'composicao_humanas', 'Composição do itinerário integrado - ciências humanas'),
  indicador(19, 'composicao_tecnica', 'Composição do itinerário integrado - formação técnica e profissional'),
  {
    n: 20,
    chave: 'curso_itinerario',
    descricao: 'Tipo de curso do itinerário de formação técnica e profissional',
    formato: 'numero',
    tamanho: 1,
  },
  { n: 21, chave: 'curso_profissional', descricao: 'Código do curso técnico', formato: 'numero', tamanho: 8 },
  indicador(
    22,
    'itinerario_concomitante',
    'Itinerário concomitante intercomplementar à matrícula de formação geral básica',
  ),
  // Fields 23–33: the student's AEE (only in an AEE class, which the product does not run).
  indicador(23, 'aee_funcoes_cognitivas', 'Tipo de atendimento - desenvolvimento de funções cognitivas'),
  indicador(24, 'aee_vida_autonoma', 'Tipo de atendimento - desenvolvimento de vida autônoma'),
  indicador(25, 'aee_enriquecimento', 'Tipo de atendimento - enriquecimento curricular'),
  indicador(26, 'aee_informatica', 'Tipo de atendimento - ensino da informática acessível'),
  indicador(27, 'aee_libras', 'Tipo de atendimento - ensino da Libras'),
  indicador(28, 'aee_portugues', 'Tipo de atendimento - ensino da língua portuguesa como segunda língua'),
  indicador(29, 'aee_soroban', 'Tipo de atendimento - ensino das técnicas do cálculo no Soroban'),
  indicador(30, 'aee_braille', 'Tipo de atendimento - ensino de Sistema Braille'),
  indicador(31, 'aee_mobilidade', 'Tipo de atendimento - ensino de técnicas para orientação e mobilidade'),
  indicador(
    32,
    'aee_caa',
    'Tipo de atendimento - ensino de uso da Comunicação Alternativa e Aumentativa (CAA)',
  ),
  indicador(33, 'aee_opticos', 'Tipo de atendimento - ensino do uso de recursos ópticos e não ópticos'),
  {
    n: 34,
    chave: 'escolarizacao_outro_espaco',
    descricao: 'Recebe escolarização em outro espaço (diferente da escola)',
    formato: 'codigo',
    // i-Educar's list: 1 não recebe, 2 em hospital, 3 em domicílio.
    codigos: ['1', '2', '3'],
  },
  indicador(35, 'transporte_publico', 'Transporte escolar público', {
    quando: 'exige_transporte',
    em: [true],
  }),
  {
    n: 36,
    chave: 'transporte_poder_publico',
    descricao: 'Poder público responsável pelo transporte escolar',
    formato: 'codigo',
    codigos: codigosDe(poderesPublicosTransporte),
    obrigatorio: comTransporte,
  },
  ...VEICULOS_R60.map(([veiculo, nome], i): Campo =>
    indicador(
      37 + i,
      chaveVeiculo(veiculo),
      `Veículo usado no transporte escolar público - ${nome}`,
      comTransporte,
    ),
  ),
];
