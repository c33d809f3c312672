import type { Campo } from '../../layout.js';
import { codigosDe, etapas, tiposMediacao } from '../../../../../shared/censo.codigos.js';
import { codigoEscola, indicador } from './comuns.js';

/**
 * Record 20 (Cadastro de turma) of the 2024 layout: 76 fields. Source: i-Educar's export of the record
 * (src/Modules/Educacenso/Data/Registro20.php, which numbers each field with INEP's name), read field by
 * field; conditions from its pre-export analysis (EducacensoAnaliseController, record 20).
 *
 * What the product does not keep is written as i-Educar writes a school without it, and said in
 * docs/censo-turmas.md: estrutura curricular 'formação geral básica' (or 'não se aplica' in Educação
 * Infantil), modalidade 'ensino regular', forma de organização 'série/ano', no itinerário formativo, no
 * bilingual class for the deaf.
 */

const presencial = { quando: 'tipo_mediacao', em: ['1'] } as const;
const escolarizacao = { quando: 'escolarizacao', em: [true] } as const;
const complementar = { quando: 'atividade_complementar', em: [true] } as const;
/** Formação geral básica or 'não se aplica': modalidade and etapa are required (fields 31 and 32). */
const comEtapa = { quando: 'tem_etapa', em: [true] } as const;
const seriada = { quando: 'organizada', em: [true] } as const;

/** Fields 49–75: the componentes curriculares in INEP's order, each 0 (no), 1 (with a teacher) or 2 (without). */
export const COMPONENTES_R20 = [
  ['1', 'Química'],
  ['2', 'Física'],
  ['3', 'Matemática'],
  ['4', 'Biologia'],
  ['5', 'Ciências'],
  ['6', 'Língua/Literatura Portuguesa'],
  ['7', 'Língua/Literatura Estrangeira - Inglês'],
  ['8', 'Língua/Literatura Estrangeira - Espanhol'],
  ['9', 'Língua/Literatura Estrangeira - Outra'],
  ['10', 'Arte'],
  ['11', 'Educação Física'],
  ['12', 'História'],
  ['13', 'Geografia'],
  ['14', 'Filosofia'],
  ['16', 'Informática/Computação'],
  ['17', 'Áreas do conhecimento profissionalizantes'],
  ['23', 'Libras'],
  ['25', 'Áreas do conhecimento pedagógicas'],
  ['26', 'Ensino Religioso'],
  ['27', 'Língua Indígena'],
  ['28', 'Estudos Sociais'],
  ['29', 'Sociologia'],
  ['30', 'Língua/Literatura Estrangeira - Francês'],
  ['31', 'Língua Portuguesa como Segunda Língua'],
  ['32', 'Estágio Curricular Supervisionado'],
  ['33', 'Projeto de vida'],
  ['99', 'Outras áreas do conhecimento'],
] as const;

/** The key of a componente's field in record 20's values. */
export const chaveComponente = (codigo: string) => `componente_${codigo}`;

export const r20: readonly Campo[] = [
  { n: 1, chave: 'tipo_registro', descricao: 'Tipo de registro', formato: 'fixo', valor: '20' },
  codigoEscola(2, 'codigo_escola'),
  {
    n: 3,
    chave: 'codigo_turma',
    descricao: 'Código da turma na entidade/escola',
    formato: 'texto',
    tamanho: 20,
    obrigatorio: true,
  },
  // i-Educar leaves field 4 empty in the file it sends: INEP assigns the class's code on import.
  { n: 4, chave: 'inep_turma', descricao: 'Código da turma - Inep', formato: 'numero', tamanho: 10 },
  { n: 5, chave: 'nome_turma', descricao: 'Nome da turma', formato: 'texto', tamanho: 80, obrigatorio: true },
  {
    n: 6,
    chave: 'tipo_mediacao',
    descricao: 'Tipo de mediação didático-pedagógica',
    formato: 'codigo',
    codigos: codigosDe(tiposMediacao),
    obrigatorio: true,
  },
  {
    n: 7,
    chave: 'hora_inicio_hora',
    descricao: 'Hora inicial - hora',
    formato: 'numero',
    tamanho: 2,
    obrigatorio: presencial,
  },
  {
    n: 8,
    chave: 'hora_inicio_minuto',
    descricao: 'Hora inicial - minuto',
    formato: 'numero',
    tamanho: 2,
    obrigatorio: presencial,
  },
  {
    n: 9,
    chave: 'hora_fim_hora',
    descricao: 'Hora final - hora',
    formato: 'numero',
    tamanho: 2,
    obrigatorio: presencial,
  },
  {
    n: 10,
    chave: 'hora_fim_minuto',
    descricao: 'Hora final - minuto',
    formato: 'numero',
    tamanho: 2,
    obrigatorio: presencial,
  },
  indicador(11, 'dia_dom', 'Dia da semana - domingo', presencial),
  indicador(12, 'dia_seg', 'Dia da semana - segunda-feira', presencial),
  indicador(13, 'dia_ter', 'Dia da semana - terça-feira', presencial),
  indicador(14, 'dia_qua', 'Dia da semana - quarta-feira', presencial),
  indicador(15, 'dia_qui', 'Dia da semana - quinta-feira', presencial),
  indicador(16, 'dia_sex', 'Dia da semana - sexta-feira', presencial),
  indicador(17, 'dia_sab', 'Dia da semana - sábado', presencial),
  indicador(18, 'escolarizacao', 'Tipo de atendimento - escolarização', true),
  indicador(19, 'atividade_complementar', 'Tipo de atendimento - atividade complementar', true),
  indicador(20, 'aee', 'Tipo de atendimento - atendimento educacional especializado (AEE)', true),
  indicador(21, 'estrutura_fgb', 'Estrutura curricular - formação geral básica', escolarizacao),
  indicador(
    22,
    'estrutura_itinerario',
    'Estrutura curricular - itinerário formativo de aprofundamento',
    escolarizacao,
  ),
  indicador(23, 'estrutura_nao_se_aplica', 'Estrutura curricular - não se aplica', escolarizacao),
  ...[1, 2, 3, 4, 5, 6].map((i): Campo => ({
    n: 23 + i,
    chave: `atividade_complementar_${String(i)}`,
    descricao: `Código ${String(i)} - tipo de atividade complementar`,
    formato: 'numero',
    tamanho: 5,
    ...(i === 1 ? { obrigatorio: complementar } : {}),
  })),
  {
    n: 30,
    chave: 'local_diferenciado',
    descricao: 'Local de funcionamento diferenciado da turma',
    formato: 'codigo',
    codigos: ['0', '1', '2', '3'],
    obrigatorio: { quando: 'tipo_mediacao', em: ['1', '2'] },
  },
  {
    n: 31,
    chave: 'modalidade',
    descricao: 'Modalidade',
    formato: 'codigo',
    codigos: ['1', '2', '3', '4'],
    obrigatorio: comEtapa,
  },
  {
    n: 32,
    chave: 'etapa',
    descricao: 'Etapa',
    formato: 'codigo',
    codigos: codigosDe(etapas),
    obrigatorio: comEtapa,
  },
  // Only for the etapas of educação profissional (30–34, 39, 40, 64, 74), which the product does not offer.
  { n: 33, chave: 'curso_profissional', descricao: 'Código do curso', formato: 'numero', tamanho: 8 },
  indicador(
    34,
    'organizacao_serie_ano',
    'Formas de organização da turma - série/ano (séries anuais)',
    seriada,
  ),
  indicador(35, 'organizacao_semestral', 'Formas de organização da turma - períodos semestrais', seriada),
  indicador(36, 'organizacao_ciclos', 'Formas de organização da turma - ciclos', seriada),
  indicador(37, 'organizacao_nao_seriada', 'Formas de organização da turma - grupos não seriados', seriada),
  indicador(38, 'organizacao_modulos', 'Formas de organização da turma - módulos', seriada),
  indicador(
    39,
    'organizacao_alternancia',
    'Formas de organização da turma - alternância regular de períodos de estudos',
    seriada,
  ),
  // Fields 40–48: the itinerário formativo's unidades curriculares (only when field 22 is 1; never here).
  indicador(40, 'unidade_eletivas', 'Unidade curricular - eletivas'),
  indicador(41, 'unidade_libras', 'Unidade curricular - Libras'),
  indicador(42, 'unidade_lingua_indigena', 'Unidade curricular - língua indígena'),
  indicador(43, 'unidade_espanhol', 'Unidade curricular - língua/literatura estrangeira - espanhol'),
  indicador(44, 'unidade_frances', 'Unidade curricular - língua/literatura estrangeira - francês'),
  indicador(45, 'unidade_outra_lingua', 'Unidade curricular - língua/literatura estrangeira - outra'),
  indicador(46, 'unidade_projeto_vida', 'Unidade curricular - projeto de vida'),
  indicador(47, 'unidade_trilhas', 'Unidade curricular - trilhas de aprofundamento/aprendizagens'),
  indicador(48, 'unidade_outras', 'Outras unidades curriculares obrigatórias'),
  ...COMPONENTES_R20.map(([codigo, nome], i): Campo => ({
    n: 49 + i,
    chave: chaveComponente(codigo),
    descricao: `Componente curricular ${codigo}. ${nome}`,
    formato: 'codigo',
    codigos: ['0', '1', '2'],
    obrigatorio: { quando: 'tem_componentes', em: [true] },
  })),
  indicador(
    76,
    'classe_bilingue_surdos',
    'Classe bilíngue de surdos (Libras como língua de instrução e português escrito como segunda língua)',
    true,
  ),
];
