import {
  categoriasEscolaPrivada,
  codigosDe,
  dependenciasAdministrativas,
  localizacoesDiferenciadasEscola,
  regulamentacoes,
  situacoesFuncionamento,
  unidadesVinculadas,
  zonas,
} from '../../../../../shared/censo.codigos.js';
import type { Campo } from '../../layout.js';
import { codigoEscola, indicador } from './comuns.js';

/**
 * Record 00 (Identificação da escola) of the 2024 layout: 56 fields, in the order and with the numbers
 * of INEP's layout as i-Educar's Registro00.php lists them (late-2024 snapshot). Sizes are the layout's
 * maximums as i-Educar's checks state them (nome 100, logradouro 100, bairro 50, e-mail 50); the sizes of
 * número (10) and complemento (20) follow our schema — not confirmed against INEP's PDF.
 */
const emAtividade = { quando: 'situacao_funcionamento', em: ['1'] } as const;
const publica = { quando: 'dependencia_administrativa', em: ['1', '2', '3'] } as const;
const privada = { quando: 'dependencia_administrativa', em: ['4'] } as const;
const convenioEstadual = { quando: 'convenio_estadual', em: [true] } as const;
const convenioMunicipal = { quando: 'convenio_municipal', em: [true] } as const;
const regulamentada = { quando: 'regulamentacao', em: ['1', '2'] } as const;

export const r00: readonly Campo[] = [
  { n: 1, chave: 'tipo_registro', descricao: 'Tipo de registro', formato: 'fixo', valor: '00' },
  codigoEscola(2, 'codigo_inep'),
  {
    n: 3,
    chave: 'situacao_funcionamento',
    descricao: 'Situação de funcionamento',
    formato: 'codigo',
    codigos: codigosDe(situacoesFuncionamento),
    obrigatorio: true,
  },
  {
    n: 4,
    chave: 'inicio_ano_letivo',
    descricao: 'Data de início do ano letivo',
    formato: 'data',
    obrigatorio: emAtividade,
  },
  {
    n: 5,
    chave: 'fim_ano_letivo',
    descricao: 'Data de término do ano letivo',
    formato: 'data',
    obrigatorio: emAtividade,
  },
  { n: 6, chave: 'nome', descricao: 'Nome da escola', formato: 'texto', tamanho: 100, obrigatorio: true },
  { n: 7, chave: 'cep', descricao: 'CEP', formato: 'numero', tamanho: 8, obrigatorio: true },
  { n: 8, chave: 'municipio_ibge', descricao: 'Município', formato: 'numero', tamanho: 7, obrigatorio: true },
  { n: 9, chave: 'distrito', descricao: 'Distrito', formato: 'numero', tamanho: 2, obrigatorio: true },
  { n: 10, chave: 'logradouro', descricao: 'Endereço', formato: 'texto', tamanho: 100, obrigatorio: true },
  { n: 11, chave: 'numero', descricao: 'Número', formato: 'texto', tamanho: 10 },
  { n: 12, chave: 'complemento', descricao: 'Complemento', formato: 'texto', tamanho: 20 },
  { n: 13, chave: 'bairro', descricao: 'Bairro', formato: 'texto', tamanho: 50 },
  { n: 14, chave: 'ddd', descricao: 'DDD', formato: 'numero', tamanho: 2 },
  { n: 15, chave: 'telefone', descricao: 'Telefone', formato: 'numero', tamanho: 9 },
  { n: 16, chave: 'telefone_outro', descricao: 'Outro telefone de contato', formato: 'numero', tamanho: 9 },
  {
    n: 17,
    chave: 'email',
    descricao: 'Endereço eletrônico (e-mail) da escola',
    formato: 'texto',
    tamanho: 50,
    comAcentos: true,
  },
  {
    n: 18,
    chave: 'orgao_regional',
    descricao: 'Código do órgão regional de ensino',
    formato: 'texto',
    tamanho: 5,
  },
  {
    n: 19,
    chave: 'zona',
    descricao: 'Localização/Zona da escola',
    formato: 'codigo',
    codigos: codigosDe(zonas),
    obrigatorio: true,
  },
  {
    n: 20,
    chave: 'localizacao_diferenciada',
    descricao: 'Localização diferenciada da escola',
    formato: 'codigo',
    codigos: codigosDe(localizacoesDiferenciadasEscola),
    obrigatorio: true,
  },
  {
    n: 21,
    chave: 'dependencia_administrativa',
    descricao: 'Dependência administrativa',
    formato: 'codigo',
    codigos: codigosDe(dependenciasAdministrativas),
    obrigatorio: true,
  },
  // 22–25: Órgão ao qual a escola pública está vinculada (public schools only).
  indicador(22, 'orgao_educacao', 'Secretaria de Educação/Ministério da Educação', publica),
  indicador(23, 'orgao_seguranca', 'Secretaria de Segurança Pública/Forças Armadas/Militar', publica),
  indicador(24, 'orgao_saude', 'Secretaria da Saúde/Ministério da Saúde', publica),
  indicador(25, 'orgao_outro', 'Outro órgão da administração pública', publica),
  // 26–31: Mantenedora da escola privada.
  indicador(
    26,
    'mantenedora_empresa',
    'Empresa, grupos empresariais do setor privado ou pessoa física',
    privada,
  ),
  indicador(
    27,
    'mantenedora_sindicato',
    'Sindicatos de trabalhadores ou patronais, associações, cooperativas',
    privada,
  ),
  indicador(
    28,
    'mantenedora_ong',
    'Organização não governamental (ONG) - nacional ou internacional',
    privada,
  ),
  indicador(29, 'mantenedora_sem_fins_lucrativos', 'Instituição sem fins lucrativos', privada),
  indicador(30, 'mantenedora_sistema_s', 'Sistema S (Sesi, Senai, Sesc, outros)', privada),
  indicador(31, 'mantenedora_oscip', 'Organização da Sociedade Civil de Interesse Público (Oscip)', privada),
  {
    n: 32,
    chave: 'categoria_privada',
    descricao: 'Categoria da escola privada',
    formato: 'codigo',
    codigos: codigosDe(categoriasEscolaPrivada),
    obrigatorio: privada,
  },
  // 33–35: Poder público responsável pela parceria ou convênio (i-Educar requires it of a school em atividade).
  indicador(33, 'convenio_estadual', 'Secretaria estadual', emAtividade),
  indicador(34, 'convenio_municipal', 'Secretaria Municipal', emAtividade),
  indicador(35, 'convenio_nao_possui', 'Não possui parceria ou convênio', emAtividade),
  // 36–41: Forma(s) de contratação com a secretaria estadual; 42–47: com a municipal.
  indicador(36, 'estadual_termo_colaboracao', 'Termo de colaboração (Lei nº 13.019/2014)', convenioEstadual),
  indicador(37, 'estadual_termo_fomento', 'Termo de fomento (Lei nº 13.019/2014)', convenioEstadual),
  indicador(38, 'estadual_acordo_cooperacao', 'Acordo de cooperação (Lei nº 13.019/2014)', convenioEstadual),
  indicador(39, 'estadual_prestacao_servico', 'Contrato de prestação de serviço', convenioEstadual),
  indicador(40, 'estadual_cooperacao_tecnica', 'Termo de cooperação técnica e financeira', convenioEstadual),
  indicador(
    41,
    'estadual_consorcio',
    'Contrato de consórcio público/Convênio de cooperação',
    convenioEstadual,
  ),
  indicador(
    42,
    'municipal_termo_colaboracao',
    'Termo de colaboração (Lei nº 13.019/2014)',
    convenioMunicipal,
  ),
  indicador(43, 'municipal_termo_fomento', 'Termo de fomento (Lei nº 13.019/2014)', convenioMunicipal),
  indicador(
    44,
    'municipal_acordo_cooperacao',
    'Acordo de cooperação (Lei nº 13.019/2014)',
    convenioMunicipal,
  ),
  indicador(45, 'municipal_prestacao_servico', 'Contrato de prestação de serviço', convenioMunicipal),
  indicador(
    46,
    'municipal_cooperacao_tecnica',
    'Termo de cooperação técnica e financeira',
    convenioMunicipal,
  ),
  indicador(
    47,
    'municipal_consorcio',
    'Contrato de consórcio público/Convênio de cooperação',
    convenioMunicipal,
  ),
  {
    n: 48,
    chave: 'cnpj_mantenedora',
    descricao: 'CNPJ da mantenedora principal da escola privada',
    formato: 'cnpj',
    tamanho: 14,
  },
  {
    n: 49,
    chave: 'cnpj_escola',
    descricao: 'Número do CNPJ da escola privada',
    formato: 'cnpj',
    tamanho: 14,
  },
  {
    n: 50,
    chave: 'regulamentacao',
    descricao: 'Regulamentação/autorização no conselho ou órgão municipal, estadual ou federal de educação',
    formato: 'codigo',
    codigos: codigosDe(regulamentacoes),
    obrigatorio: true,
  },
  // 51–53: Esfera administrativa do conselho ou órgão responsável pela regulamentação/autorização.
  indicador(51, 'esfera_federal', 'Federal', regulamentada),
  indicador(52, 'esfera_estadual', 'Estadual', regulamentada),
  indicador(53, 'esfera_municipal', 'Municipal', regulamentada),
  {
    n: 54,
    chave: 'unidade_vinculada',
    descricao: 'Unidade vinculada à escola de educação básica ou unidade ofertante de educação superior',
    formato: 'codigo',
    codigos: codigosDe(unidadesVinculadas),
    obrigatorio: true,
  },
  {
    n: 55,
    chave: 'escola_sede_inep',
    descricao: 'Código da Escola Sede',
    formato: 'numero',
    tamanho: 8,
    obrigatorio: { quando: 'unidade_vinculada', em: ['1'] },
  },
  {
    n: 56,
    chave: 'codigo_ies',
    descricao: 'Código da IES',
    // The IES code's size is not in i-Educar's table (an integer column there): 14 is our bound.
    formato: 'numero',
    tamanho: 14,
    obrigatorio: { quando: 'unidade_vinculada', em: ['2'] },
  },
];
