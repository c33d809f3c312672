/**
 * Record 30 (pessoa física: students and school professionals) of the 2024 layout, field by field as
 * i-Educar's export writes it (`EducacensoExportController::exportaDadosRegistro30`, late 2024), with
 * INEP's names for the descriptions. Keys are i-Educar's property names (arrays flattened with a 1-based
 * suffix); part 2 (alunos.fonte) fills the student lines, part 3 (pessoas.fonte) the staff lines.
 *
 * Keys that are no field of the table (never written) steer when a field is required:
 * - `tipoPessoa`: 'aluno' | 'profissional' on every line;
 * - `exigeRecursos`: true on a student line whose deficiências are more than altas habilidades (INEP
 *   then asks the recursos para o Saeb, at least 'Nenhum').
 *
 * Doubtful (no INEP PDF of 2024 at hand; sizes from INEP's 2019–2023 layouts as i-Educar validates them):
 * the sizes of `formacaoCurso*` (6), `formacaoInstituicao*` (up to 7 digits), `complementacaoPedagogica*`
 * and `posGraduacao*Area` (INEP's area codes, up to 6 characters) — checked loosely, INEP's validator
 * is the final word.
 */
import {
  codigosDe,
  coresRacas,
  escolaridades,
  filiacoes,
  localizacoesDiferenciadasPessoa,
  nacionalidades,
  tiposEnsinoMedio,
  zonas,
} from '../../../../../shared/censo.codigos.js';
import type { Campo, Obrigatoriedade } from '../../layout.js';

const aluno: Obrigatoriedade = { quando: 'tipoPessoa', em: ['aluno'] };
const profissional: Obrigatoriedade = { quando: 'tipoPessoa', em: ['profissional'] };
const comDeficiencia: Obrigatoriedade = { quando: 'deficiencia', em: [true] };
const comRecursos: Obrigatoriedade = { quando: 'exigeRecursos', em: [true] };
const residenteNoBrasil: Obrigatoriedade = { quando: 'paisResidencia', em: ['76'] };
const superior: Obrigatoriedade = { quando: 'escolaridade', em: ['6'] };

/** Fields without `n`: numbered in order below (a test checks the numbering against the keys). */
type SemNumero = Omit<Campo, 'n'>;

const deficiencia = (chave: string, descricao: string): SemNumero => ({
  chave,
  descricao,
  formato: 'indicador',
  obrigatorio: comDeficiencia,
});
const recurso = (chave: string, descricao: string): SemNumero => ({
  chave,
  descricao: `Recursos para uso do aluno em sala de aula e para participação em avaliações do Inep (Saeb) – ${descricao}`,
  formato: 'indicador',
  obrigatorio: comRecursos,
});
const cursoSuperior = (i: number): SemNumero[] => [
  {
    chave: `formacaoCurso${String(i)}`,
    descricao: `Formação/Curso (${String(i)}) – código do curso`,
    formato: 'texto',
    tamanho: 6,
    obrigatorio: i === 1 ? superior : false,
  },
  {
    chave: `formacaoAnoConclusao${String(i)}`,
    descricao: `Formação/Curso (${String(i)}) – ano de conclusão`,
    formato: 'numero',
    tamanho: 4,
    obrigatorio: i === 1 ? superior : false,
  },
  {
    chave: `formacaoInstituicao${String(i)}`,
    descricao: `Formação/Curso (${String(i)}) – instituição de educação superior`,
    formato: 'numero',
    tamanho: 7,
    obrigatorio: i === 1 ? superior : false,
  },
];
const posGraduacao = (i: number): SemNumero[] => [
  {
    chave: `posGraduacao${String(i)}Tipo`,
    descricao: `Pós-graduação (${String(i)}) – tipo`,
    formato: 'codigo',
    codigos: ['1', '2', '3'],
  },
  {
    chave: `posGraduacao${String(i)}Area`,
    descricao: `Pós-graduação (${String(i)}) – área`,
    formato: 'texto',
    tamanho: 6,
  },
  {
    chave: `posGraduacao${String(i)}Ano`,
    descricao: `Pós-graduação (${String(i)}) – ano de conclusão`,
    formato: 'numero',
    tamanho: 4,
  },
];
const formacaoContinuada = (chave: string, descricao: string): SemNumero => ({
  chave,
  descricao: `Outros cursos específicos (formação continuada com mínimo de 80 horas) – ${descricao}`,
  formato: 'indicador',
  obrigatorio: profissional,
});

const campos: SemNumero[] = [
  { chave: 'registro', descricao: 'Tipo de registro', formato: 'fixo', valor: '30', obrigatorio: true },
  {
    chave: 'inepEscola',
    descricao: 'Código de escola – Inep',
    formato: 'numero',
    tamanho: 8,
    obrigatorio: true,
  },
  {
    chave: 'codigoPessoa',
    descricao: 'Código da pessoa física no sistema próprio',
    formato: 'texto',
    tamanho: 20,
    obrigatorio: true,
  },
  {
    chave: 'inep',
    descricao: 'Identificação única (Inep)',
    formato: 'numero',
    tamanho: 12,
  },
  { chave: 'cpf', descricao: 'Número do CPF', formato: 'cpf', obrigatorio: profissional },
  { chave: 'nomePessoa', descricao: 'Nome completo', formato: 'texto', tamanho: 100, obrigatorio: true },
  { chave: 'dataNascimento', descricao: 'Data de nascimento', formato: 'data', obrigatorio: true },
  {
    chave: 'filiacao',
    descricao: 'Filiação',
    formato: 'codigo',
    codigos: codigosDe(filiacoes),
    obrigatorio: true,
  },
  {
    chave: 'filiacao1',
    descricao: 'Filiação 1 (preferencialmente o nome da mãe)',
    formato: 'texto',
    tamanho: 100,
    obrigatorio: { quando: 'filiacao', em: ['1'] },
  },
  { chave: 'filiacao2', descricao: 'Filiação 2', formato: 'texto', tamanho: 100 },
  { chave: 'sexo', descricao: 'Sexo', formato: 'codigo', codigos: ['1', '2'], obrigatorio: true },
  {
    chave: 'raca',
    descricao: 'Cor/raça',
    formato: 'codigo',
    codigos: codigosDe(coresRacas),
    obrigatorio: true,
  },
  {
    chave: 'nacionalidade',
    descricao: 'Nacionalidade',
    formato: 'codigo',
    codigos: codigosDe(nacionalidades),
    obrigatorio: true,
  },
  {
    chave: 'paisNacionalidade',
    descricao: 'País de nacionalidade',
    formato: 'numero',
    tamanho: 3,
    obrigatorio: true,
  },
  {
    chave: 'municipioNascimento',
    descricao: 'Município de nascimento',
    formato: 'numero',
    tamanho: 7,
    obrigatorio: { quando: 'nacionalidade', em: ['1'] },
  },
  {
    chave: 'deficiencia',
    descricao:
      'Pessoa física com deficiência, transtorno do espectro autista ou altas habilidades/superdotação',
    formato: 'indicador',
    obrigatorio: true,
  },
  deficiencia('deficienciaCegueira', 'Tipo de deficiência – Cegueira'),
  deficiencia('deficienciaBaixaVisao', 'Tipo de deficiência – Baixa visão'),
  deficiencia('deficienciaVisaoMonocular', 'Tipo de deficiência – Visão monocular'),
  deficiencia('deficienciaSurdez', 'Tipo de deficiência – Surdez'),
  deficiencia('deficienciaAuditiva', 'Tipo de deficiência – Deficiência auditiva'),
  deficiencia('deficienciaSurdoCegueira', 'Tipo de deficiência – Surdocegueira'),
  deficiencia('deficienciaFisica', 'Tipo de deficiência – Deficiência física'),
  deficiencia('deficienciaIntelectual', 'Tipo de deficiência – Deficiência intelectual'),
  deficiencia('deficienciaMultipla', 'Tipo de deficiência – Deficiência múltipla'),
  deficiencia('deficienciaAutismo', 'Transtorno do espectro autista'),
  deficiencia('deficienciaAltasHabilidades', 'Altas habilidades/superdotação'),
  recurso('recursoLedor', 'Auxílio ledor'),
  recurso('recursoTranscricao', 'Auxílio transcrição'),
  recurso('recursoGuia', 'Guia-intérprete'),
  recurso('recursoTradutor', 'Tradutor-intérprete de Libras'),
  recurso('recursoLeituraLabial', 'Leitura labial'),
  recurso('recursoProvaAmpliada', 'Prova ampliada (fonte 18)'),
  recurso('recursoProvaSuperampliada', 'Prova superampliada (fonte 24)'),
  recurso('recursoAudio', 'CD com áudio para deficiente visual'),
  recurso(
    'recursoLinguaPortuguesaSegundaLingua',
    'Prova de Língua Portuguesa como segunda língua para surdos',
  ),
  recurso('recursoVideoLibras', 'Prova em vídeo em Libras'),
  recurso('recursoBraile', 'Material didático e prova em Braille'),
  recurso('recursoNenhum', 'Nenhum'),
  {
    chave: 'certidaoNascimento',
    descricao: 'Número da matrícula da certidão de nascimento (certidão nova)',
    formato: 'numero',
    tamanho: 32,
  },
  {
    chave: 'paisResidencia',
    descricao: 'País de residência',
    formato: 'numero',
    tamanho: 3,
    obrigatorio: aluno,
  },
  { chave: 'cep', descricao: 'CEP', formato: 'numero', tamanho: 8 },
  {
    chave: 'municipioResidencia',
    descricao: 'Município de residência',
    formato: 'numero',
    tamanho: 7,
    // i-Educar writes it only beside a CEP and checks neither as required.
  },
  {
    chave: 'localizacaoResidencia',
    descricao: 'Localização/Zona de residência',
    formato: 'codigo',
    codigos: codigosDe(zonas),
    obrigatorio: residenteNoBrasil,
  },
  {
    chave: 'localizacaoDiferenciada',
    descricao: 'Localização diferenciada de residência',
    formato: 'codigo',
    codigos: codigosDe(localizacoesDiferenciadasPessoa),
    obrigatorio: residenteNoBrasil,
  },
  {
    chave: 'escolaridade',
    descricao: 'Maior nível de escolaridade concluído',
    formato: 'codigo',
    codigos: codigosDe(escolaridades),
    obrigatorio: profissional,
  },
  {
    chave: 'tipoEnsinoMedioCursado',
    descricao: 'Tipo de ensino médio cursado',
    formato: 'codigo',
    codigos: codigosDe(tiposEnsinoMedio),
    obrigatorio: { quando: 'escolaridade', em: ['7'] },
  },
  ...cursoSuperior(1),
  ...cursoSuperior(2),
  ...cursoSuperior(3),
  ...[1, 2, 3].map((i): SemNumero => ({
    chave: `complementacaoPedagogica${String(i)}`,
    descricao: `Formação/complementação pedagógica (${String(i)}) – área de conhecimento/componente curricular`,
    formato: 'texto',
    tamanho: 6,
  })),
  ...[1, 2, 3, 4, 5, 6].flatMap(posGraduacao),
  {
    chave: 'posGraduacaoNaoPossui',
    descricao: 'Pós-graduação – Não tem pós-graduação concluída',
    formato: 'indicador',
    obrigatorio: superior,
  },
  formacaoContinuada('formacaoContinuadaCreche', 'Creche (0 a 3 anos)'),
  formacaoContinuada('formacaoContinuadaPreEscola', 'Pré-escola (4 e 5 anos)'),
  formacaoContinuada('formacaoContinuadaAnosIniciaisFundamental', 'Anos iniciais do ensino fundamental'),
  formacaoContinuada('formacaoContinuadaAnosFinaisFundamental', 'Anos finais do ensino fundamental'),
  formacaoContinuada('formacaoContinuadaEnsinoMedio', 'Ensino médio'),
  formacaoContinuada('formacaoContinuadaEducacaoJovensAdultos', 'Educação de jovens e adultos'),
  formacaoContinuada('formacaoContinuadaEducacaoEspecial', 'Educação especial'),
  formacaoContinuada('formacaoContinuadaEducacaoIndigena', 'Educação indígena'),
  formacaoContinuada('formacaoContinuadaEducacaoCampo', 'Educação do campo'),
  formacaoContinuada('formacaoContinuadaEducacaoAmbiental', 'Educação ambiental'),
  formacaoContinuada('formacaoContinuadaEducacaoDireitosHumanos', 'Educação em direitos humanos'),
  formacaoContinuada('formacaoContinuadaEducacaoBilingueSurdos', 'Educação bilíngue de surdos'),
  // The key as i-Educar spells the property (with 'ç' and 'ã'): binding for part 3 as written.
  formacaoContinuada(
    'formacaoContinuadaEducacaoTecnologiaInformaçãoComunicacao',
    'Educação e tecnologia de informação e comunicação (TIC)',
  ),
  formacaoContinuada('formacaoContinuadaGeneroDiversidadeSexual', 'Gênero e diversidade sexual'),
  formacaoContinuada('formacaoContinuadaDireitosCriancaAdolescente', 'Direitos de criança e adolescente'),
  formacaoContinuada(
    'formacaoContinuadaEducacaoRelacoesEticoRaciais',
    'Educação para as relações étnico-raciais e história e cultura afro-brasileira e africana',
  ),
  formacaoContinuada('formacaoContinuadaEducacaoGestaoEscolar', 'Gestão escolar'),
  formacaoContinuada('formacaoContinuadaEducacaoOutros', 'Outros'),
  formacaoContinuada('formacaoContinuadaEducacaoNenhum', 'Nenhum'),
  {
    chave: 'email',
    descricao: 'Endereço eletrônico (e-mail)',
    formato: 'texto',
    tamanho: 100,
    comAcentos: true,
  },
];

/** Record 30 of the 2024 layout: 98 fields. */
export const r30: readonly Campo[] = campos.map((campo, i) => ({ n: i + 1, ...campo }));
