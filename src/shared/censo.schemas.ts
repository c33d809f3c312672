/**
 * Censo Escolar (issue 37, ADR 0059): the API's shapes, shared by the server and the screens.
 * Codes are INEP's (censo.codigos.ts). Every census field is optional here: what the census requires is
 * said by the pending list (`GET /api/censo/:ano/pendencias`), never by refusing to save.
 */
import { z } from 'zod';
import { isValidCpf, isoDateSchema, optionalText, versionSchema } from './validators.js';
import {
  cargosGestor,
  categoriasEscolaPrivada,
  codigosDe,
  coresRacas,
  criteriosAcessoGestor,
  deficiencias,
  diasSemana,
  escolaridades,
  esferasRegulamentacao,
  etapas,
  filiacoes,
  formacoesContinuadas,
  formasContratacao,
  funcoesSala,
  locaisDiferenciadosTurma,
  localizacoesDiferenciadasEscola,
  localizacoesDiferenciadasPessoa,
  mantenedoras,
  nacionalidades,
  posGraduacoes,
  poderesConveniados,
  poderesPublicosTransporte,
  recursosSaeb,
  regulamentacoes,
  situacoesFuncionamento,
  tiposAtendimento,
  tiposEnsinoMedio,
  tiposMediacao,
  unidadesVinculadas,
  veiculosTransporte,
  vinculos,
  zonas,
  componentesInep,
  areasPosGraduacao,
  grausCurso,
  tiposPosGraduacao,
  type Opcao,
} from './censo.codigos.js';

/** One code of a list, or null. */
const codigo = (lista: readonly Opcao[], rotulo: string) =>
  z
    .string()
    .refine((value) => codigosDe(lista).includes(value), `${rotulo}: opção inválida`)
    .nullable()
    .default(null);
/** A set of keys of a list (no repeats). */
const chaves = (lista: readonly Opcao[], rotulo: string) =>
  z
    .array(z.string().refine((value) => codigosDe(lista).includes(value), `${rotulo}: opção inválida`))
    .max(lista.length)
    .refine((values) => new Set(values).size === values.length, `${rotulo}: opção repetida`)
    .default([]);
/** Digits only, of a fixed length, or null. */
const digitos = (tamanho: number, mensagem: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/[.\-/\s]/g, ''))
    .refine((value) => value.length === tamanho && /^\d+$/.test(value), mensagem)
    .nullable()
    .default(null);

export const INEP_ESCOLA_INVALIDO = 'O código INEP da escola tem 8 dígitos';
export const INEP_PESSOA_INVALIDO = 'O ID do INEP tem 12 dígitos';
export const INEP_TURMA_INVALIDO = 'O código INEP da turma tem até 10 dígitos';
export const CERTIDAO_INVALIDA = 'A certidão de nascimento (modelo novo) tem 32 dígitos';
export const IBGE_INVALIDO = 'O código IBGE do município tem 7 dígitos';
export const HORA_INVALIDA = 'Use o formato HH:MM, por exemplo 07:30';

const inepPessoa = digitos(12, INEP_PESSOA_INVALIDO);
const municipio = digitos(7, IBGE_INVALIDO);
const nomeFiliacao = optionalText(100).default(null);
/** INEP's country code (1 to 3 digits; Brasil 76). */
const pais = z
  .string()
  .regex(/^\d{1,3}$/, 'Código do país inválido')
  .nullable()
  .default(null);

// --- Escola (records 00 and 10): the settings document `censo_escola` --------------------------------
export const censoEscolaSchema = z.object({
  codigo_inep: digitos(8, INEP_ESCOLA_INVALIDO),
  situacao_funcionamento: codigo(situacoesFuncionamento, 'Situação de funcionamento'),
  categoria_privada: codigo(categoriasEscolaPrivada, 'Categoria da escola privada'),
  mantenedoras: chaves(mantenedoras, 'Mantenedora'),
  cnpj_mantenedora: digitos(14, 'O CNPJ tem 14 dígitos'),
  cnpj_escola: digitos(14, 'O CNPJ tem 14 dígitos'),
  regulamentacao: codigo(regulamentacoes, 'Regulamentação'),
  /** Added by part 1 (record 00, 51–53): who regulates the school when regulamentação is Sim/Em tramitação. */
  esferas_regulamentacao: chaves(esferasRegulamentacao, 'Esfera da regulamentação'),
  /** Added by part 1 (record 00, 33–47): partnership with a public authority and its forms. */
  convenios: chaves(poderesConveniados, 'Parceria ou convênio'),
  formas_convenio_estadual: chaves(formasContratacao, 'Forma de contratação (estadual)'),
  formas_convenio_municipal: chaves(formasContratacao, 'Forma de contratação (municipal)'),
  /** Added by part 1 (record 00, 54–56). */
  unidade_vinculada: codigo(unidadesVinculadas, 'Unidade vinculada'),
  escola_sede_inep: digitos(8, INEP_ESCOLA_INVALIDO),
  codigo_ies: z
    .string()
    .trim()
    .regex(/^\d{1,14}$/, 'O código da IES tem só dígitos')
    .nullable()
    .default(null),
  zona: codigo(zonas, 'Localização'),
  localizacao_diferenciada: codigo(localizacoesDiferenciadasEscola, 'Localização diferenciada'),
  municipio_ibge: municipio,
  /** IBGE's district code (2 digits within the município). */
  distrito: digitos(2, 'O código do distrito tem 2 dígitos'),
  orgao_regional: optionalText(5).default(null),
  cep: digitos(8, 'O CEP tem 8 dígitos'),
  logradouro: optionalText(100).default(null),
  numero: optionalText(10).default(null),
  complemento: optionalText(20).default(null),
  bairro: optionalText(50).default(null),
  /** Infrastructure (record 10): the year's catalogue keys to a 0/1 item, a quantity or a code. */
  infraestrutura: z
    .record(
      z.string().max(60),
      z.union([z.boolean(), z.number().int().min(0).max(99_999), z.string().max(20)]),
    )
    .default({}),
});
export type CensoEscola = z.infer<typeof censoEscolaSchema>;
export const censoEscolaUpdateSchema = censoEscolaSchema.extend({ version: versionSchema.optional() });

/** The record 10 items the Configurações → Censo screen shows, grouped as the census groups them. */
export const catalogoInfraSchema = z.object({
  ano: z.number(),
  grupos: z.array(
    z.object({
      nome: z.string(),
      campos: z.array(
        z.object({
          chave: z.string(),
          descricao: z.string(),
          formato: z.enum(['indicador', 'numero', 'codigo']),
          opcoes: z.array(z.tuple([z.string(), z.string()])).optional(),
          /** Exclusive items ('Não há…', 'Nenhum…'): checking it unchecks the others of the group. */
          exclusivo: z.boolean().optional(),
          /**
           * Added by part 1: the question inside the group an item answers (an exclusive item unchecks the
           * others of its conjunto only: 'Não há abastecimento' leaves 'água potável' alone).
           */
          conjunto: z.string().optional(),
          /** Added by part 1: a code without a list (another school's INEP code): its maximum digits. */
          tamanho: z.number().optional(),
        }),
      ),
    }),
  ),
});
export type CatalogoInfra = z.infer<typeof catalogoInfraSchema>;
/**
 * The document as the server answers it (part 1). The input schema cleans values with transforms
 * (digits, empty text to null), and the response serializer encodes through the schema, which a
 * transform refuses: the answer is described by plain types instead.
 */
const textoSaida = z.string().nullable();
const listaSaida = z.array(z.string());
export const censoEscolaSaidaSchema = z.object({
  ...Object.fromEntries(
    Object.entries(censoEscolaSchema.shape).map(([chave, schema]) => [
      chave,
      Array.isArray(schema.def.defaultValue) ? listaSaida : textoSaida,
    ]),
  ),
  infraestrutura: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])),
}) as unknown as z.ZodType<CensoEscola>;
export const censoEscolaResponseSchema = z.object({
  dados: censoEscolaSaidaSchema,
  version: z.number(),
  catalogo: catalogoInfraSchema,
});
export type CensoEscolaResponse = z.infer<typeof censoEscolaResponseSchema>;

// --- Pessoa física: fields a student and a professional share (record 30) ------------------------------
const pessoaCampos = {
  inep_id: inepPessoa,
  cor_raca: codigo(coresRacas, 'Cor/raça'),
  nacionalidade: codigo(nacionalidades, 'Nacionalidade'),
  pais_nacionalidade: pais,
  municipio_nascimento: municipio,
  filiacao: codigo(filiacoes, 'Filiação'),
  filiacao_1: nomeFiliacao,
  filiacao_2: nomeFiliacao,
  deficiencias: chaves(deficiencias, 'Deficiência'),
  pais_residencia: pais,
  cep_residencia: digitos(8, 'O CEP tem 8 dígitos'),
  municipio_residencia: municipio,
  zona_residencia: codigo(zonas, 'Zona de residência'),
  localizacao_diferenciada: codigo(localizacoesDiferenciadasPessoa, 'Localização diferenciada'),
};

// --- Aluno (records 30 and 60) --------------------------------------------------------------------
export const censoAlunoSchema = z.object({
  ...pessoaCampos,
  recursos_saeb: chaves(recursosSaeb, 'Recurso'),
  transporte_publico: z.boolean().nullable().default(null),
  transporte_poder_publico: codigo(poderesPublicosTransporte, 'Poder público responsável pelo transporte'),
  transporte_veiculos: chaves(veiculosTransporte, 'Veículo'),
  certidao_nascimento: digitos(32, CERTIDAO_INVALIDA),
  motivo_saida: z.enum(['falecido']).nullable().default(null),
});
export type CensoAlunoDados = z.infer<typeof censoAlunoSchema>;
export const censoAlunoUpdateSchema = censoAlunoSchema.extend({ version: versionSchema.optional() });
/**
 * The answer of GET/PUT /api/censo/alunos/:id. Plain types, no transforms: a response schema is
 * encoded (fastify-type-provider-zod 7 `safeEncode`), and a transform (`digitos`) cannot be encoded —
 * the input schema above cannot double as the output one.
 */
const texto = z.string().nullable();
export const censoAlunoResponseSchema = z.object({
  inep_id: texto,
  cor_raca: texto,
  nacionalidade: texto,
  pais_nacionalidade: texto,
  municipio_nascimento: texto,
  filiacao: texto,
  filiacao_1: texto,
  filiacao_2: texto,
  deficiencias: z.array(z.string()),
  pais_residencia: texto,
  cep_residencia: texto,
  municipio_residencia: texto,
  zona_residencia: texto,
  localizacao_diferenciada: texto,
  recursos_saeb: z.array(z.string()),
  transporte_publico: z.boolean().nullable(),
  transporte_poder_publico: texto,
  transporte_veiculos: z.array(z.string()),
  certidao_nascimento: texto,
  motivo_saida: z.enum(['falecido']).nullable(),
  aluno_id: z.string(),
  nome: z.string(),
  version: z.number(),
  /**
   * Fields whose value is a suggestion, not saved yet (no census row, or the field still empty):
   * filiação from the guardians with parentesco mãe/pai, nacionalidade brasileira, país 76. Saved by PUT.
   */
  sugeridos: z.array(z.string()),
});
export type CensoAluno = z.infer<typeof censoAlunoResponseSchema>;
/** What a teacher with `students.inclusao` sees of a student of their classes. */
export const inclusaoAlunoSchema = z.object({
  aluno_id: z.string(),
  nome: z.string(),
  deficiencias: z.array(z.string()),
  recursos_saeb: z.array(z.string()),
});
export type InclusaoAluno = z.infer<typeof inclusaoAlunoSchema>;
/** GET /api/censo/alunos/inclusao?turma=:id */
export const inclusaoQuerySchema = z.strictObject({ turma: z.uuid('Turma inválida') });

// --- Profissional escolar (records 30, 40, 50) ------------------------------------------------------
const cursoSuperiorSchema = z.object({
  curso: z.string().trim().min(1, 'Informe o código do curso').max(12),
  ano: z.number().int().min(1940, 'Ano de conclusão inválido').max(2100, 'Ano de conclusão inválido'),
  ies: z.string().trim().min(1, 'Informe o código da instituição').max(12),
  /** Part 3: licenciatura, bacharelado or tecnológico (the product's formation check; not in the file). */
  grau: codigo(grausCurso, 'Grau do curso'),
});
/** Part 3: a completed pós-graduação for record 30 (tipo, área and year; up to 6). */
const posGraduacaoConcluidaSchema = z.object({
  tipo: z
    .string()
    .refine((value) => codigosDe(tiposPosGraduacao).includes(value), 'Tipo de pós-graduação: opção inválida'),
  area: z
    .string()
    .refine((value) => codigosDe(areasPosGraduacao).includes(value), 'Área da pós-graduação: opção inválida'),
  ano: z.number().int().min(1940, 'Ano de conclusão inválido').max(2100, 'Ano de conclusão inválido'),
});
export const censoProfissionalSchema = z.strictObject({
  /** The teacher this is, or null with nome and CPF for someone outside the teaching staff. */
  professor_id: z.uuid().nullable().default(null),
  nome: optionalText(100).default(null),
  cpf: z
    .string()
    .transform((value) => value.replace(/\D/g, ''))
    .refine((value) => isValidCpf(value), 'CPF inválido')
    .nullable()
    .default(null),
  email: z.email('E-mail inválido').nullable().default(null),
  data_nascimento: isoDateSchema.nullable().default(null),
  sexo: z.enum(['feminino', 'masculino']).nullable().default(null),
  ...pessoaCampos,
  escolaridade: codigo(escolaridades, 'Escolaridade'),
  tipo_ensino_medio: codigo(tiposEnsinoMedio, 'Tipo de ensino médio'),
  cursos_superiores: z.array(cursoSuperiorSchema).max(3, 'Informe no máximo 3 cursos superiores').default([]),
  pos_graduacoes: chaves(posGraduacoes, 'Pós-graduação'),
  /** Part 3: the completed pós-graduações (record 30 has six slots of tipo, área and ano). */
  pos_graduacoes_concluidas: z
    .array(posGraduacaoConcluidaSchema)
    .max(6, 'Informe no máximo 6 pós-graduações')
    .default([]),
  formacao_continuada: chaves(formacoesContinuadas, 'Formação continuada'),
  funcao: codigo(funcoesSala, 'Função'),
  vinculo: codigo(vinculos, 'Situação funcional'),
  gestor_cargo: codigo(cargosGestor, 'Cargo de gestor'),
  gestor_criterio_acesso: codigo(criteriosAcessoGestor, 'Critério de acesso ao cargo'),
  gestor_vinculo: codigo(vinculos, 'Tipo de vínculo do gestor'),
  ativo: z.boolean().default(true),
});
export type CensoProfissionalDados = z.infer<typeof censoProfissionalSchema>;
export const censoProfissionalUpdateSchema = censoProfissionalSchema.extend({
  version: versionSchema.optional(),
});
/**
 * The answer's shape, written out without the input's transforms (the response serializer encodes with
 * zod, and a one-way transform — CPF digits, dates — cannot be encoded: a 500). Part 3.
 */
const textoOuNulo = z.string().nullable();
export const censoProfissionalResponseSchema = z.object({
  id: z.string(),
  professor_id: textoOuNulo,
  nome: textoOuNulo,
  cpf: textoOuNulo,
  email: textoOuNulo,
  /** The name shown: the teacher's, or `nome`. */
  nome_exibicao: z.string(),
  data_nascimento: textoOuNulo,
  sexo: z.enum(['feminino', 'masculino']).nullable(),
  inep_id: textoOuNulo,
  cor_raca: textoOuNulo,
  nacionalidade: textoOuNulo,
  pais_nacionalidade: textoOuNulo,
  municipio_nascimento: textoOuNulo,
  filiacao: textoOuNulo,
  filiacao_1: textoOuNulo,
  filiacao_2: textoOuNulo,
  deficiencias: z.array(z.string()),
  pais_residencia: textoOuNulo,
  cep_residencia: textoOuNulo,
  municipio_residencia: textoOuNulo,
  zona_residencia: textoOuNulo,
  localizacao_diferenciada: textoOuNulo,
  escolaridade: textoOuNulo,
  tipo_ensino_medio: textoOuNulo,
  cursos_superiores: z.array(
    z.object({ curso: z.string(), ano: z.number(), ies: z.string(), grau: textoOuNulo }),
  ),
  pos_graduacoes: z.array(z.string()),
  pos_graduacoes_concluidas: z.array(z.object({ tipo: z.string(), area: z.string(), ano: z.number() })),
  formacao_continuada: z.array(z.string()),
  funcao: textoOuNulo,
  vinculo: textoOuNulo,
  gestor_cargo: textoOuNulo,
  gestor_criterio_acesso: textoOuNulo,
  gestor_vinculo: textoOuNulo,
  ativo: z.boolean(),
  version: z.number(),
});
export type CensoProfissional = z.infer<typeof censoProfissionalResponseSchema>;

// --- Turma (record 20) ----------------------------------------------------------------------------
const hora = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, HORA_INVALIDA)
  .nullable()
  .default(null);
export const censoTurmaSchema = z.object({
  inep_id: z
    .string()
    .regex(/^\d{1,10}$/, INEP_TURMA_INVALIDO)
    .nullable()
    .default(null),
  tipo_mediacao: codigo(tiposMediacao, 'Tipo de mediação'),
  hora_inicio: hora,
  hora_fim: hora,
  dias: chaves(diasSemana, 'Dia da semana'),
  tipo_atendimento: codigo(tiposAtendimento, 'Tipo de atendimento'),
  /** INEP etapa when it differs from the série's (null: the mapped one). */
  etapa: codigo(etapas, 'Etapa'),
  local_diferenciado: codigo(locaisDiferenciadosTurma, 'Local de funcionamento diferenciado'),
});
export type CensoTurmaDados = z.infer<typeof censoTurmaSchema>;
export const censoTurmaUpdateSchema = censoTurmaSchema.extend({ version: versionSchema.optional() });
export const censoTurmaResponseSchema = censoTurmaSchema.extend({
  turma_id: z.string(),
  nome: z.string(),
  /** The etapa from the série (null when the série is not one INEP knows). */
  etapa_da_serie: z.string().nullable(),
  version: z.number(),
});
export type CensoTurma = z.infer<typeof censoTurmaResponseSchema>;

/** A subject's INEP componente (PUT /api/censo/disciplinas/:id). */
export const censoDisciplinaSchema = z.object({ codigo_inep: codigo(componentesInep, 'Componente do INEP') });

// --- Files, pending list and figures --------------------------------------------------------------
export const etapasCenso = ['matricula-inicial', 'situacao-do-aluno'] as const;
export type EtapaCenso = (typeof etapasCenso)[number];
export const entidadesCenso = [
  'escola',
  'turma',
  'aluno',
  'profissional',
  'matricula',
  'disciplina',
] as const;
export type EntidadeCenso = (typeof entidadesCenso)[number];

export const pendenciaSchema = z.object({
  registro: z.string(),
  entidade: z.enum(entidadesCenso),
  entidade_id: z.string().nullable(),
  /** Who or what: the school, the class's or the person's name. */
  nome: z.string(),
  /** The field as the screen that fixes it labels it (or the rule, for a check across records). */
  campo: z.string(),
  mensagem: z.string(),
  /** The portal path of the screen that fixes it. */
  link: z.string(),
});
export type Pendencia = z.infer<typeof pendenciaSchema>;

export const contagensCensoSchema = z.object({
  alunos: z.number(),
  turmas: z.number(),
  docentes: z.number(),
  profissionais: z.number(),
  por_etapa: z.array(z.object({ etapa: z.string(), rotulo: z.string(), alunos: z.number() })),
  por_turno: z.array(z.object({ turno: z.string(), rotulo: z.string(), alunos: z.number() })),
  por_turma: z.array(
    z.object({ turma_id: z.string(), nome: z.string(), etapa: z.string().nullable(), alunos: z.number() }),
  ),
});
export type ContagensCenso = z.infer<typeof contagensCensoSchema>;

export const pendenciasResponseSchema = z.object({
  ano: z.number(),
  etapa: z.enum(etapasCenso),
  data_referencia: z.string(),
  /** The layout's year (the census year's, or the latest before it when INEP's new one is not in yet). */
  leiaute: z.number(),
  /** At most 200 of each record, field and message (issue 38: a school without census data has one per student and field). */
  pendencias: z.array(pendenciaSchema),
  /** How many there are, those left out of the list included. */
  pendencias_total: z.number().int().optional(),
  contagens: contagensCensoSchema,
});
export type PendenciasResponse = z.infer<typeof pendenciasResponseSchema>;

export const censoAnoParams = z.object({
  ano: z.coerce.number().int('Ano inválido').min(2019, 'Ano inválido').max(2100, 'Ano inválido'),
});
export const censoArquivoQuery = z.object({
  /** 'baixar mesmo assim': an administrator downloads with pendências (audited). */
  forcar: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export const censoPendenciasQuery = z.object({ etapa: z.enum(etapasCenso).default('matricula-inicial') });

/** The answer to POST /api/censo/:ano/importar-ids. */
export const importacaoIdsResultadoSchema = z.object({
  escola: z.object({ codigo_inep: z.string().nullable(), confere: z.boolean() }),
  vinculados: z.object({
    alunos: z.number(),
    profissionais: z.number(),
    turmas: z.number(),
    matriculas: z.number(),
  }),
  /** Already held the same ID. */
  inalterados: z.number(),
  nao_encontrados: z.array(
    z.object({ registro: z.string(), codigo: z.string(), nome: z.string().nullable() }),
  ),
  /** The product already holds another ID for the record (nothing changed: a person decides). */
  divergentes: z.array(
    z.object({
      registro: z.string(),
      entidade_id: z.string(),
      nome: z.string(),
      inep_atual: z.string(),
      inep_arquivo: z.string(),
    }),
  ),
  /** The same INEP ID for two people of the product, or one person under two IDs. */
  duplicados: z.array(z.object({ inep_id: z.string(), nomes: z.array(z.string()) })),
});
export type ImportacaoIdsResultado = z.infer<typeof importacaoIdsResultadoSchema>;
