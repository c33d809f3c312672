/**
 * INEP's code lists for the Censo Escolar (issue 37, ADR 0059), as data. A list entry is `[código,
 * rótulo]`: the code is what the database stores and what the file carries, the label what the screens
 * show. Multi-choice lists (deficiências, recursos, veículos…) are stored as keys and each year's layout
 * (server features/censo/layouts) turns them into its 0/1 fields. A year that changes a list gets its
 * own list in its layout; these are the lists of the current layout.
 */
import type { ComponenteBncc } from './disciplinas.schemas.js';

export type Opcao = readonly [codigo: string, rotulo: string];

export const codigosDe = (lista: readonly Opcao[]): string[] => lista.map(([codigo]) => codigo);
export function rotuloDe(lista: readonly Opcao[], codigo: string | null | undefined): string | null {
  return lista.find(([valor]) => valor === codigo)?.[1] ?? null;
}

// --- Pessoa física (record 30) --------------------------------------------------------------------
export const coresRacas: readonly Opcao[] = [
  ['0', 'Não declarada'],
  ['1', 'Branca'],
  ['2', 'Preta'],
  ['3', 'Parda'],
  ['4', 'Amarela'],
  ['5', 'Indígena'],
];
export const nacionalidades: readonly Opcao[] = [
  ['1', 'Brasileira'],
  ['2', 'Brasileira – nascida no exterior ou naturalizada'],
  ['3', 'Estrangeira'],
];
/** INEP's code of Brazil in its country list. */
export const PAIS_BRASIL = '76';
export const filiacoes: readonly Opcao[] = [
  ['0', 'Não declarado/Ignorado'],
  ['1', 'Filiação 1 e/ou Filiação 2'],
];
export const zonas: readonly Opcao[] = [
  ['1', 'Urbana'],
  ['2', 'Rural'],
];
export const localizacoesDiferenciadasPessoa: readonly Opcao[] = [
  ['7', 'Não reside em área de localização diferenciada'],
  ['1', 'Área de assentamento'],
  ['2', 'Terra indígena'],
  ['3', 'Comunidade quilombola'],
  ['8', 'Área onde se localizam povos e comunidades tradicionais'],
];
/** Deficiência, transtorno do espectro autista e altas habilidades (LGPD art. 11: dado sensível). Keys. */
export const deficiencias: readonly Opcao[] = [
  ['cegueira', 'Cegueira'],
  ['baixa_visao', 'Baixa visão'],
  ['visao_monocular', 'Visão monocular'],
  ['surdez', 'Surdez'],
  ['deficiencia_auditiva', 'Deficiência auditiva'],
  ['surdocegueira', 'Surdocegueira'],
  ['deficiencia_fisica', 'Deficiência física'],
  ['deficiencia_intelectual', 'Deficiência intelectual'],
  ['tea', 'Transtorno do espectro autista (TEA)'],
  ['altas_habilidades', 'Altas habilidades/Superdotação'],
];
/** Recursos para uso do aluno em sala de aula e para participação em avaliações do Saeb. Keys. */
export const recursosSaeb: readonly Opcao[] = [
  ['ledor', 'Auxílio ledor'],
  ['transcricao', 'Auxílio transcrição'],
  ['guia_interprete', 'Guia-intérprete'],
  ['libras', 'Tradutor-intérprete de Libras'],
  ['leitura_labial', 'Leitura labial'],
  ['prova_ampliada', 'Prova ampliada (fonte 18)'],
  ['prova_superampliada', 'Prova superampliada (fonte 24)'],
  ['cd_audio', 'CD com áudio para deficiente visual'],
  ['portugues_segunda_lingua', 'Prova de Língua Portuguesa como segunda língua para surdos'],
  ['video_libras', 'Prova em vídeo em Libras'],
  ['braille', 'Material didático e prova em Braille'],
  ['nenhum', 'Nenhum'],
];
export const poderesPublicosTransporte: readonly Opcao[] = [
  ['1', 'Estadual'],
  ['2', 'Municipal'],
];
/** Veículos de transporte escolar público. Keys. */
export const veiculosTransporte: readonly Opcao[] = [
  ['van', 'Rodoviário – Vans/Kombis'],
  ['microonibus', 'Rodoviário – Micro-ônibus'],
  ['onibus', 'Rodoviário – Ônibus'],
  ['bicicleta', 'Rodoviário – Bicicleta'],
  ['tracao_animal', 'Rodoviário – Tração animal'],
  ['rodoviario_outro', 'Rodoviário – Outro tipo'],
  ['aquaviario_5', 'Aquaviário – capacidade de até 5 alunos'],
  ['aquaviario_5_15', 'Aquaviário – capacidade entre 5 e 15 alunos'],
  ['aquaviario_15_35', 'Aquaviário – capacidade entre 15 e 35 alunos'],
  ['aquaviario_35', 'Aquaviário – capacidade acima de 35 alunos'],
  ['ferroviario', 'Ferroviário – Trem/Metrô'],
];

// --- Profissionais (records 30, 40, 50) -------------------------------------------------------------
export const escolaridades: readonly Opcao[] = [
  ['1', 'Não concluiu o ensino fundamental'],
  ['2', 'Ensino fundamental'],
  ['7', 'Ensino médio'],
  ['6', 'Educação superior'],
];
export const tiposEnsinoMedio: readonly Opcao[] = [
  ['1', 'Formação geral'],
  ['2', 'Modalidade normal (magistério)'],
  ['3', 'Curso técnico'],
  ['4', 'Magistério indígena – modalidade normal'],
];
/** Pós-graduação concluída. Keys. */
export const posGraduacoes: readonly Opcao[] = [
  ['especializacao', 'Especialização'],
  ['mestrado', 'Mestrado'],
  ['doutorado', 'Doutorado'],
  ['nao_possui', 'Não tem pós-graduação concluída'],
];
/**
 * Tipo of a completed pós-graduação (record 30, 'posGraduacaoNTipo'; i-Educar's PosGraduacao model).
 * Added by part 3 (profissionais) beside `posGraduacoes`, whose 'nao_possui' key says 'não tem'.
 */
export const tiposPosGraduacao: readonly Opcao[] = [
  ['1', 'Especialização'],
  ['2', 'Mestrado'],
  ['3', 'Doutorado'],
];
/** Área of a pós-graduação (record 30, 'posGraduacaoNArea'; i-Educar's AreaPosGraduacao model). */
export const areasPosGraduacao: readonly Opcao[] = [
  ['1', 'Educação'],
  ['2', 'Artes e humanidades'],
  ['3', 'Ciências sociais, comunicação e informação'],
  ['4', 'Negócios, administração e direito'],
  ['5', 'Ciências naturais, matemática e estatística'],
  ['6', 'Computação e tecnologias da informação e comunicação (TIC)'],
  ['7', 'Engenharia, produção e construção'],
  ['8', 'Agricultura, silvicultura, pesca e veterinária'],
  ['9', 'Saúde e bem-estar'],
  ['10', 'Serviços'],
  ['99', 'Programas básicos'],
];
/**
 * Grau acadêmico of a completed higher-education course: the product's own check (a docente of anos
 * finais or ensino médio needs a licenciatura); not a field of the file.
 */
export const grausCurso: readonly Opcao[] = [
  ['licenciatura', 'Licenciatura'],
  ['bacharelado', 'Bacharelado'],
  ['tecnologico', 'Tecnológico'],
];
/** Outros cursos específicos / formação continuada (mínimo de 80 horas). Keys. */
export const formacoesContinuadas: readonly Opcao[] = [
  ['creche', 'Creche (0 a 3 anos)'],
  ['pre_escola', 'Pré-escola (4 e 5 anos)'],
  ['anos_iniciais', 'Anos iniciais do ensino fundamental'],
  ['anos_finais', 'Anos finais do ensino fundamental'],
  ['ensino_medio', 'Ensino médio'],
  ['eja', 'Educação de jovens e adultos'],
  ['educacao_especial', 'Educação especial'],
  ['educacao_indigena', 'Educação indígena'],
  ['educacao_campo', 'Educação do campo'],
  ['educacao_ambiental', 'Educação ambiental'],
  ['direitos_humanos', 'Educação em direitos humanos'],
  ['genero_diversidade', 'Gênero e diversidade sexual'],
  ['direitos_crianca', 'Direitos de criança e adolescente'],
  [
    'etnico_raciais',
    'Educação para as relações étnico-raciais e história e cultura afro-brasileira e africana',
  ],
  ['gestao_escolar', 'Gestão escolar'],
  ['bilingue_surdos', 'Educação bilíngue de surdos'],
  ['tic', 'Educação e tecnologia de informação e comunicação (TIC)'],
  ['outros', 'Outros'],
  ['nenhum', 'Nenhum'],
];
/** Função que exerce na turma (record 50). */
export const funcoesSala: readonly Opcao[] = [
  ['1', 'Docente'],
  ['2', 'Auxiliar/assistente educacional'],
  ['3', 'Profissional/monitor de atividade complementar'],
  ['4', 'Tradutor e intérprete de Libras'],
  ['5', 'Docente titular – coordenador de tutoria (EaD)'],
  ['6', 'Docente tutor – auxiliar (EaD)'],
  ['7', 'Guia-intérprete'],
  ['8', 'Profissional de apoio escolar para alunos com deficiência (Lei 13.146/2015)'],
  ['9', 'Instrutor da educação profissional'],
];
/** Situação funcional / regime de contratação / tipo de vínculo. */
export const vinculos: readonly Opcao[] = [
  ['1', 'Concursado/efetivo/estável'],
  ['2', 'Contrato temporário'],
  ['3', 'Contrato terceirizado'],
  ['4', 'Contrato CLT'],
];
export const cargosGestor: readonly Opcao[] = [
  ['1', 'Diretor ou diretora'],
  ['2', 'Outro cargo'],
];
export const criteriosAcessoGestor: readonly Opcao[] = [
  ['1', 'Proprietário ou sócio-proprietário da escola'],
  ['4', 'Exclusivamente por concurso público específico para o cargo de gestor escolar'],
  ['5', 'Exclusivamente por processo eleitoral com a participação da comunidade escolar'],
  ['6', 'Processo seletivo qualificado e eleição com a participação da comunidade escolar'],
  ['7', 'Outros'],
];

// --- Escola (record 00) ---------------------------------------------------------------------------
export const situacoesFuncionamento: readonly Opcao[] = [
  ['1', 'Em atividade'],
  ['2', 'Paralisada'],
  ['3', 'Extinta'],
];
export const dependenciasAdministrativas: readonly Opcao[] = [
  ['1', 'Federal'],
  ['2', 'Estadual'],
  ['3', 'Municipal'],
  ['4', 'Privada'],
];
export const categoriasEscolaPrivada: readonly Opcao[] = [
  ['1', 'Particular'],
  ['2', 'Comunitária'],
  ['3', 'Confessional'],
  ['4', 'Filantrópica'],
];
/** Mantenedora da escola privada. Keys. */
export const mantenedoras: readonly Opcao[] = [
  ['empresa', 'Empresa, grupos empresariais do setor privado ou pessoa física'],
  ['sindicato', 'Sindicatos de trabalhadores ou patronais, associações, cooperativas'],
  ['ong', 'Organização não governamental (ONG) – nacional ou internacional'],
  ['sem_fins_lucrativos', 'Instituição sem fins lucrativos'],
  ['sistema_s', 'Sistema S (Sesi, Senai, Sesc, outros)'],
  ['oscip', 'Organização da Sociedade Civil de Interesse Público (Oscip)'],
];
export const regulamentacoes: readonly Opcao[] = [
  ['0', 'Não'],
  ['1', 'Sim'],
  ['2', 'Em tramitação'],
];
/** Esfera administrativa do conselho ou órgão da regulamentação/autorização (record 00, 51–53). Keys. */
export const esferasRegulamentacao: readonly Opcao[] = [
  ['federal', 'Federal'],
  ['estadual', 'Estadual'],
  ['municipal', 'Municipal'],
];
/** Poder público responsável pela parceria ou convênio (record 00, 33–35). Keys. */
export const poderesConveniados: readonly Opcao[] = [
  ['estadual', 'Secretaria estadual'],
  ['municipal', 'Secretaria municipal'],
  ['nao_possui', 'Não possui parceria ou convênio'],
];
/** Forma de contratação da parceria ou convênio (record 00, 36–41 estadual, 42–47 municipal). Keys. */
export const formasContratacao: readonly Opcao[] = [
  ['termo_colaboracao', 'Termo de colaboração (Lei nº 13.019/2014)'],
  ['termo_fomento', 'Termo de fomento (Lei nº 13.019/2014)'],
  ['acordo_cooperacao', 'Acordo de cooperação (Lei nº 13.019/2014)'],
  ['prestacao_servico', 'Contrato de prestação de serviço'],
  ['cooperacao_tecnica', 'Termo de cooperação técnica e financeira'],
  ['consorcio', 'Contrato de consórcio público/Convênio de cooperação'],
];
/** Unidade vinculada à escola de educação básica ou unidade ofertante de educação superior (record 00, 54). */
export const unidadesVinculadas: readonly Opcao[] = [
  ['0', 'Sem vínculo com outra instituição'],
  ['1', 'Unidade vinculada a escola de educação básica'],
  ['2', 'Unidade ofertante de educação superior'],
];
/** Forma de ocupação do prédio (record 10, 9). */
export const formasOcupacaoPredio: readonly Opcao[] = [
  ['1', 'Próprio'],
  ['2', 'Alugado'],
  ['3', 'Cedido'],
];
export const localizacoesDiferenciadasEscola: readonly Opcao[] = [
  ['7', 'A escola não está em área de localização diferenciada'],
  ['1', 'Área de assentamento'],
  ['2', 'Terra indígena'],
  ['3', 'Área remanescente de quilombos'],
  ['8', 'Área onde se localizam povos e comunidades tradicionais'],
];

// --- Turma (record 20) ----------------------------------------------------------------------------
export const tiposMediacao: readonly Opcao[] = [
  ['1', 'Presencial'],
  ['2', 'Semipresencial'],
  ['3', 'Educação a distância (EaD)'],
];
/** Tipo de atendimento da turma. Keys. */
export const tiposAtendimento: readonly Opcao[] = [
  ['escolarizacao', 'Escolarização'],
  ['atividade_complementar', 'Atividade complementar'],
  ['aee', 'Atendimento educacional especializado (AEE)'],
];
export const locaisDiferenciadosTurma: readonly Opcao[] = [
  ['0', 'A turma não está em local de funcionamento diferenciado'],
  ['1', 'Sala anexa'],
  ['2', 'Unidade de atendimento socioeducativo'],
  ['3', 'Unidade prisional'],
];
/** Days of the week of a class (record 20). Keys, in the layout's order. */
export const diasSemana: readonly Opcao[] = [
  ['dom', 'Domingo'],
  ['seg', 'Segunda-feira'],
  ['ter', 'Terça-feira'],
  ['qua', 'Quarta-feira'],
  ['qui', 'Quinta-feira'],
  ['sex', 'Sexta-feira'],
  ['sab', 'Sábado'],
];

/** INEP's etapas of ensino regular the product offers (its séries), with their codes. */
export const etapas: readonly Opcao[] = [
  ['1', 'Educação Infantil – Creche (0 a 3 anos)'],
  ['2', 'Educação Infantil – Pré-escola (4 e 5 anos)'],
  ['3', 'Educação Infantil – Unificada (0 a 5 anos)'],
  ['14', 'Ensino Fundamental de 9 anos – 1º ano'],
  ['15', 'Ensino Fundamental de 9 anos – 2º ano'],
  ['16', 'Ensino Fundamental de 9 anos – 3º ano'],
  ['17', 'Ensino Fundamental de 9 anos – 4º ano'],
  ['18', 'Ensino Fundamental de 9 anos – 5º ano'],
  ['19', 'Ensino Fundamental de 9 anos – 6º ano'],
  ['20', 'Ensino Fundamental de 9 anos – 7º ano'],
  ['21', 'Ensino Fundamental de 9 anos – 8º ano'],
  ['41', 'Ensino Fundamental de 9 anos – 9º ano'],
  ['22', 'Ensino Fundamental de 9 anos – Multi'],
  ['23', 'Ensino Fundamental de 9 anos – Correção de fluxo'],
  ['56', 'Educação Infantil e Ensino Fundamental (9 anos) multietapa'],
  ['25', 'Ensino Médio – 1ª série'],
  ['26', 'Ensino Médio – 2ª série'],
  ['27', 'Ensino Médio – 3ª série'],
  ['28', 'Ensino Médio – 4ª série'],
  ['29', 'Ensino Médio – Não seriada'],
];

const ETAPA_DA_SERIE: Record<string, string> = {
  berçário: '1',
  'maternal i': '1',
  'maternal ii': '1',
  'pré i': '2',
  'pré ii': '2',
  '1º ano': '14',
  '2º ano': '15',
  '3º ano': '16',
  '4º ano': '17',
  '5º ano': '18',
  '6º ano': '19',
  '7º ano': '20',
  '8º ano': '21',
  '9º ano': '41',
  '1ª série': '25',
  '2ª série': '26',
  '3ª série': '27',
  '4ª série': '28',
};

/**
 * INEP's etapa of a class from its série (the séries the class form offers); null for a série the map
 * does not know (the class's census data then must say it: a pendência otherwise).
 */
export function etapaDaSerie(serie: string): string | null {
  return ETAPA_DA_SERIE[serie.trim().toLowerCase()] ?? null;
}

/** The last etapa of each stage: 'aprovado' there is 'aprovado concluinte' in stage 2. */
export const ETAPAS_CONCLUINTES: ReadonlySet<string> = new Set(['41', '27', '28', '29']);

// --- Componentes curriculares (records 20 and 50) ---------------------------------------------------
export const componentesInep: readonly Opcao[] = [
  ['1', 'Química'],
  ['2', 'Física'],
  ['3', 'Matemática'],
  ['4', 'Biologia'],
  ['5', 'Ciências'],
  ['6', 'Língua/Literatura Portuguesa'],
  ['7', 'Língua/Literatura Estrangeira – Inglês'],
  ['8', 'Língua/Literatura Estrangeira – Espanhol'],
  ['30', 'Língua/Literatura Estrangeira – Francês'],
  ['9', 'Língua/Literatura Estrangeira – Outra'],
  ['10', 'Arte (Educação Artística, Teatro, Dança, Música, Artes Plásticas e outras)'],
  ['11', 'Educação Física'],
  ['12', 'História'],
  ['13', 'Geografia'],
  ['14', 'Filosofia'],
  ['28', 'Estudos Sociais'],
  ['29', 'Sociologia'],
  ['16', 'Informática/Computação'],
  ['17', 'Áreas do conhecimento profissionalizantes'],
  ['23', 'Libras'],
  ['25', 'Áreas do conhecimento pedagógicas'],
  ['26', 'Ensino Religioso'],
  ['27', 'Língua Indígena'],
  ['31', 'Língua Portuguesa como segunda língua'],
  ['32', 'Estágio curricular supervisionado'],
  ['33', 'Projeto de vida'],
  ['99', 'Outras áreas do conhecimento'],
];

const COMPONENTE_DA_BNCC: Record<ComponenteBncc, string> = {
  'Língua Portuguesa': '6',
  Arte: '10',
  'Educação Física': '11',
  'Língua Inglesa': '7',
  Matemática: '3',
  Ciências: '5',
  Biologia: '4',
  Física: '2',
  Química: '1',
  Geografia: '13',
  História: '12',
  Filosofia: '14',
  Sociologia: '29',
  'Ensino Religioso': '26',
};

/** INEP's componente of a subject: its own code when set, else the one of its BNCC componente, else null. */
export function componenteInepDe(disciplina: {
  codigoInep: string | null;
  componenteBncc: ComponenteBncc | null;
}): string | null {
  if (disciplina.codigoInep) return disciplina.codigoInep;
  return disciplina.componenteBncc ? COMPONENTE_DA_BNCC[disciplina.componenteBncc] : null;
}

// --- Situação do aluno (stage 2, records 90 and 91) ---------------------------------------------------
export const situacoesAluno: readonly Opcao[] = [
  ['1', 'Transferido'],
  ['2', 'Deixou de frequentar'],
  ['3', 'Falecido'],
  ['4', 'Reprovado'],
  ['5', 'Aprovado'],
  ['6', 'Aprovado concluinte'],
  ['7', 'Em andamento/Sem movimentação'],
];

// --- Dates ----------------------------------------------------------------------------------------
/** The census reference date: the last Wednesday of May of the year (Portaria do INEP, every year). */
export function dataReferencia(ano: number): string {
  const last = new Date(Date.UTC(ano, 4, 31));
  const back = (last.getUTCDay() - 3 + 7) % 7;
  last.setUTCDate(31 - back);
  return last.toISOString().slice(0, 10);
}

/** A person's or class's code 'no sistema próprio' (≤ 20 characters): the first 20 hex digits of its id. */
export function codigoProprio(id: string): string {
  return id.replace(/-/g, '').slice(0, 20).toUpperCase();
}
