/**
 * Matrícula online (issue 34): the admissions funnel from an interested family on the public site to an
 * enrolled student, the pré-matrícula form a family fills through a link, and the data a contract is
 * drawn from. The API's fixed shapes (`POST /api/interessados`, `etapa`s) are declared here once, for
 * the server's validation and the screens' forms.
 */
import { z } from 'zod';
import { parentescos, sexos } from './students.schemas.js';
import {
  isoDateSchema,
  optionalCpfSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalText,
  requiredBirthDateSchema,
  requiredPhoneSchema,
  singleLineText,
  uuidParam,
} from './validators.js';

/** The funnel's stages, in order; `perdido` leaves it from any stage (with a reason). */
export const etapasFunil = [
  'interessado',
  'visita',
  'pre_matricula',
  'contrato_enviado',
  'contrato_assinado',
  'matriculado',
  'perdido',
] as const;
export type EtapaFunil = (typeof etapasFunil)[number];

export const etapaFunilLabels: Record<EtapaFunil, string> = {
  interessado: 'Interessado',
  visita: 'Visita agendada',
  pre_matricula: 'Pré-matrícula',
  contrato_enviado: 'Contrato enviado',
  contrato_assinado: 'Contrato assinado',
  matriculado: 'Matriculado',
  perdido: 'Perdido',
};

/** Where a family says it found the school (the director's 'origem' figure). */
export const origensInteressado = [
  'indicacao',
  'google',
  'redes_sociais',
  'passou_em_frente',
  'evento',
  'outro',
] as const;
export type OrigemInteressado = (typeof origensInteressado)[number];
export const origemInteressadoLabels: Record<OrigemInteressado, string> = {
  indicacao: 'Indicação de amigos ou familiares',
  google: 'Pesquisa na internet',
  redes_sociais: 'Redes sociais',
  passou_em_frente: 'Passei em frente à escola',
  evento: 'Evento ou feira',
  outro: 'Outro',
};

/** A new family (captação) or a current student's family renewing for next year (rematrícula online). */
export const tiposInteressado = ['nova', 'rematricula'] as const;
export type TipoInteressado = (typeof tiposInteressado)[number];

export const CONSENTIMENTO_OBRIGATORIO =
  'Para enviar, autorize o uso dos dados da criança para o contato da escola (LGPD, art. 14).';

const requiredText = (label: string, max: number) =>
  singleLineText()
    .min(1, `${label} é obrigatório`)
    .max(max, `Máximo de ${String(max)} caracteres`);

/**
 * `POST /api/interessados` — the public site's 'Agende uma visita / Quero matricular' form. Unknown
 * fields are dropped rather than refused (a form posted by an old page still lands); `website` is the
 * honeypot a person never sees, `preenchido_em_ms` how long the page was open before sending.
 */
export const interesseInputSchema = z.object({
  responsavel_nome: requiredText('Nome do responsável', 120),
  email: z
    .string({ error: 'E-mail é obrigatório' })
    .trim()
    .min(1, 'E-mail é obrigatório')
    .max(254, 'E-mail inválido')
    .pipe(z.email('E-mail inválido'))
    .transform((value) => value.toLowerCase()),
  telefone: requiredPhoneSchema,
  aluno_nome: requiredText('Nome da criança', 120),
  aluno_nascimento: requiredBirthDateSchema,
  serie: requiredText('Série', 60),
  ano_letivo: z.coerce
    .number({ error: 'Ano letivo inválido' })
    .int('Ano letivo inválido')
    .min(2000, 'Ano letivo inválido')
    .max(2100, 'Ano letivo inválido'),
  origem: z.enum(origensInteressado, { error: 'Origem inválida' }).nullable().optional(),
  mensagem: optionalText(1000, { multiline: true }),
  consentimento: z.literal(true, { error: CONSENTIMENTO_OBRIGATORIO }),
  website: z.string().max(500).optional(),
  preenchido_em_ms: z.number().int().nonnegative().optional(),
});
export type InteresseInput = z.input<typeof interesseInputSchema>;
export type InteresseData = z.output<typeof interesseInputSchema>;

export const listInteressadosQuerySchema = z.strictObject({
  etapa: z.enum(etapasFunil, { error: 'Etapa inválida' }).optional(),
  serie: z.string().trim().max(60).optional(),
  ano_letivo: z.coerce.number().int().min(2000).max(2100).optional(),
  tipo: z.enum(tiposInteressado).optional(),
  busca: z.string().trim().max(120).optional(),
});
export type ListInteressadosQuery = z.output<typeof listInteressadosQuerySchema>;

export const MOTIVO_PERDA_OBRIGATORIO = 'Informe o motivo da perda';

/** `PATCH /api/matriculas/interessados/:id`: a stage change (and the visit's date when scheduling one). */
export const patchInteressadoInputSchema = z
  .strictObject({
    etapa: z.enum(etapasFunil, { error: 'Etapa inválida' }),
    motivo_perda: optionalText(300),
    /** ISO date-time of the scheduled visit (stage `visita`). */
    visita_em: z.iso.datetime({ offset: true, error: 'Data da visita inválida' }).nullable().optional(),
  })
  .refine((value) => value.etapa !== 'perdido' || Boolean(value.motivo_perda), {
    message: MOTIVO_PERDA_OBRIGATORIO,
    path: ['motivo_perda'],
  });
export type PatchInteressadoData = z.output<typeof patchInteressadoInputSchema>;

/** A line of a family's timeline. */
export const tiposEvento = [
  'criado',
  'etapa',
  'nota',
  'contato',
  'email',
  'visita',
  'documento',
  'contrato',
  'assinatura',
  'matricula',
] as const;
export type TipoEvento = (typeof tiposEvento)[number];

export const interessadoEventoSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(tiposEvento),
  texto: z.string(),
  autor: z.string().nullable(),
  criado_em: z.string(),
});
export type InteressadoEvento = z.infer<typeof interessadoEventoSchema>;

export const interessadoSchema = z.object({
  id: z.uuid(),
  tipo: z.enum(tiposInteressado),
  responsavel_nome: z.string(),
  email: z.string(),
  telefone: z.string(),
  aluno_nome: z.string(),
  aluno_nascimento: z.string(),
  serie: z.string(),
  ano_letivo: z.number().int(),
  origem: z.enum(origensInteressado).nullable(),
  mensagem: z.string().nullable(),
  etapa: z.enum(etapasFunil),
  motivo_perda: z.string().nullable(),
  visita_em: z.string().nullable(),
  /** The student this row became (or, at rematrícula, is): null until enrolled. */
  aluno_id: z.uuid().nullable(),
  turma_id: z.uuid().nullable(),
  etapa_em: z.string(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Interessado = z.infer<typeof interessadoSchema>;

/**
 * The pré-matrícula form's data (`GET|PUT /api/matricula-online/{token}`), the same fields and checks
 * as the Alunos form. Saved as a draft while the family fills it (every field may still be empty);
 * `preMatriculaEnvioSchema` is what `…/enviar` requires.
 */
export const preMatriculaResponsavelSchema = z.strictObject({
  nome: z.string().trim().max(120, 'Máximo de 120 caracteres').default(''),
  cpf: optionalCpfSchema,
  email: optionalEmailSchema,
  telefone: optionalPhoneSchema,
  parentesco: z.enum(parentescos, { error: 'Parentesco inválido' }).nullable().optional(),
  /** The one who signs the contract and pays (Lei 9.870): exactly one on a submitted form. */
  financeiro: z.boolean().default(false),
});
export type PreMatriculaResponsavel = z.output<typeof preMatriculaResponsavelSchema>;

export const preMatriculaDadosSchema = z.strictObject({
  aluno: z
    .strictObject({
      nome: z.string().trim().max(120, 'Máximo de 120 caracteres').default(''),
      data_nascimento: isoDateSchema.nullable().optional(),
      sexo: z.enum(sexos).nullable().optional(),
      cpf: optionalCpfSchema,
    })
    .default({ nome: '' }),
  endereco: z
    .strictObject({
      cep: z.string().trim().max(9).default(''),
      logradouro: z.string().trim().max(200).default(''),
      numero: z.string().trim().max(20).default(''),
      complemento: z.string().trim().max(100).default(''),
      bairro: z.string().trim().max(100).default(''),
      cidade: z.string().trim().max(100).default(''),
      uf: z.string().trim().max(2).default(''),
    })
    .default({ cep: '', logradouro: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '' }),
  responsaveis: z.array(preMatriculaResponsavelSchema).max(4, 'No máximo 4 responsáveis').default([]),
  /** The payment plan chosen (planos of the série's anuidade). */
  plano_id: uuidParam.nullable().optional(),
  /** The monthly due day the family prefers, when the school lets it choose. */
  dia_vencimento: z.number().int().min(1).max(28).nullable().optional(),
  observacoes: optionalText(1000, { multiline: true }),
});
export type PreMatriculaDados = z.output<typeof preMatriculaDadosSchema>;

/**
 * What a contract is drawn from, frozen with it: the student, the guardians who sign, the série and
 * year, the plan and its money, the school. Amounts in centavos.
 */
export const contratoCamposSchema = z.object({
  aluno: z.object({ nome: z.string(), data_nascimento: z.string().nullable(), cpf: z.string().nullable() }),
  responsaveis: z.array(
    z.object({
      nome: z.string(),
      cpf: z.string().nullable(),
      email: z.string().nullable(),
      telefone: z.string().nullable(),
      financeiro: z.boolean(),
    }),
  ),
  endereco: z.string().nullable(),
  serie: z.string(),
  ano_letivo: z.number().int(),
  turma: z.string().nullable(),
  valor_anual_centavos: z.number().int(),
  plano: z.object({
    nome: z.string(),
    parcelas: z.number().int(),
    valor_parcela_centavos: z.number().int(),
    taxa_matricula_centavos: z.number().int(),
  }),
  dia_vencimento: z.number().int(),
  multa_percentual: z.string(),
  juros_mensal_percentual: z.string(),
  escola: z.object({ nome: z.string(), cnpj: z.string().nullable(), endereco: z.string().nullable() }),
});
export type ContratoCampos = z.infer<typeof contratoCamposSchema>;

// ————————————————————————————————————————————————————————————————————————————————————————————————
// Captação and the funnel (issue 34 §1, the captação part): the family's detail with its timeline,
// a note or contact on it, and the figures a director asks for.
// ————————————————————————————————————————————————————————————————————————————————————————————————

/** A public form sent faster than this is a robot's: answered like any other, nothing stored. */
export const INTERESSE_TEMPO_MINIMO_MS = 3000;

/** How a contact with the family was made (a line of the timeline). */
export const canaisContato = ['telefone', 'whatsapp', 'email', 'presencial'] as const;
export type CanalContato = (typeof canaisContato)[number];
export const canalContatoLabels: Record<CanalContato, string> = {
  telefone: 'Ligação',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  presencial: 'Conversa presencial',
};

/** `POST /api/matriculas/interessados/:id/eventos`: a note, or a contact made, on the family's timeline. */
export const novoEventoInputSchema = z
  .strictObject({
    tipo: z.enum(['nota', 'contato'], { error: 'Tipo de registro inválido' }),
    canal: z.enum(canaisContato, { error: 'Canal inválido' }).nullable().optional(),
    texto: z
      .string({ error: 'Escreva o registro' })
      .trim()
      .min(1, 'Escreva o registro')
      .max(2000, 'Máximo de 2000 caracteres'),
  })
  .refine((value) => value.tipo !== 'contato' || Boolean(value.canal), {
    message: 'Informe como foi o contato',
    path: ['canal'],
  });
export type NovoEventoInput = z.input<typeof novoEventoInputSchema>;

/** The state of the family's pré-matrícula link, when one was sent. */
export const preMatriculaEstadoSchema = z.object({
  enviado_convite_em: z.string(),
  expira_em: z.string(),
  aberto_em: z.string().nullable(),
  enviado_em: z.string().nullable(),
});

/** `GET /api/matriculas/interessados/:id`: the family, its timeline (newest first) and pré-matrícula. */
export const interessadoDetalheSchema = interessadoSchema.extend({
  consentimento_em: z.string().nullable(),
  eventos: z.array(interessadoEventoSchema),
  pre_matricula: preMatriculaEstadoSchema.nullable(),
});
export type InteressadoDetalhe = z.infer<typeof interessadoDetalheSchema>;

export const indicadoresQuerySchema = z.strictObject({
  ano_letivo: z.coerce
    .number({ error: 'Ano letivo inválido' })
    .int('Ano letivo inválido')
    .min(2000, 'Ano letivo inválido')
    .max(2100, 'Ano letivo inválido'),
});

/**
 * `GET /api/matriculas/interessados/indicadores?ano_letivo=`: the director's figures for one school year.
 * `conversao`: of the families that came in, how many reached each stage or beyond (a lost family
 * counts up to the stage it was in when lost); `percentual` over all families.
 */
export const indicadoresSchema = z.object({
  ano_letivo: z.number().int(),
  total: z.number().int(),
  por_etapa: z.array(z.object({ etapa: z.enum(etapasFunil), total: z.number().int() })),
  conversao: z.array(
    z.object({ etapa: z.enum(etapasFunil), alcancaram: z.number().int(), percentual: z.number() }),
  ),
  /** Families by the month they came in (`aaaa-mm`, São Paulo time) and série. */
  por_serie_mes: z.array(z.object({ serie: z.string(), mes: z.string(), total: z.number().int() })),
  por_serie: z.array(
    z.object({
      serie: z.string(),
      total: z.number().int(),
      matriculados: z.number().int(),
      perdidos: z.number().int(),
    }),
  ),
  motivos_perda: z.array(z.object({ motivo: z.string(), total: z.number().int() })),
  origens: z.array(z.object({ origem: z.enum(origensInteressado).nullable(), total: z.number().int() })),
  /**
   * Each class of the year: capacity − students enrolled − families of its série already
   * `contrato_assinado`/`matriculado` and not yet in a class (counted against the série's classes,
   * spread in order, since the class is chosen at enrolment).
   */
  vagas: z.array(
    z.object({
      turma_id: z.uuid(),
      turma: z.string(),
      serie: z.string(),
      capacidade: z.number().int(),
      matriculados: z.number().int(),
      reservadas: z.number().int(),
      vagas: z.number().int(),
    }),
  ),
});
export type Indicadores = z.infer<typeof indicadoresSchema>;
// ---------------------------------------------------------------------------------------------------
// Pré-matrícula part (issue 34 §2): the link, the family's form and documents, the school's options,
// the automatic enrolment.
// ---------------------------------------------------------------------------------------------------

const MB = 1024 * 1024;

export const PRE_MATRICULA_LIMITS = {
  /** How long a link stays valid. */
  validadeDias: 14,
  /** One document (a PDF or a photo of it). */
  documentoMaxBytes: 10 * MB,
  /** Every document a family sends, together. */
  familiaMaxBytes: 40 * MB,
  /** Every pré-matrícula document the school keeps, together (its share of the database). */
  escolaMaxBytes: 2048 * MB,
  /** Documents a school may ask for. */
  documentosExigidosMax: 15,
} as const;

export const LINK_PRE_MATRICULA_INVALIDO =
  'Este link de pré-matrícula não é válido ou expirou. Peça um novo link à secretaria da escola.';

/** A document the school asks for (Configurações → Matrícula online). `id` is stable across renames. */
export const documentoExigidoSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'Identificador inválido'),
  nome: requiredText('Nome do documento', 80),
  obrigatorio: z.boolean(),
});
export type DocumentoExigido = z.output<typeof documentoExigidoSchema>;

export const DOCUMENTOS_EXIGIDOS_PADRAO: DocumentoExigido[] = [
  { id: 'certidao-nascimento', nome: 'Certidão de nascimento', obrigatorio: true },
  { id: 'historico-escolar', nome: 'Histórico escolar', obrigatorio: false },
  { id: 'carteira-vacinacao', nome: 'Carteira de vacinação', obrigatorio: true },
];

export const matriculaOnlineConfigSchema = z.object({
  documentos: z.array(documentoExigidoSchema),
  /** Enrol only once the fee (or first instalment) is paid. */
  exigir_pagamento: z.boolean(),
  version: z.number().int(),
});
export type MatriculaOnlineConfig = z.infer<typeof matriculaOnlineConfigSchema>;

export const updateMatriculaOnlineConfigInputSchema = z
  .strictObject({
    documentos: z
      .array(documentoExigidoSchema)
      .max(PRE_MATRICULA_LIMITS.documentosExigidosMax, 'No máximo 15 documentos'),
    exigir_pagamento: z.boolean(),
    version: z.number().int().optional(),
  })
  .superRefine((value, context) => {
    const ids = new Set<string>();
    const nomes = new Set<string>();
    value.documentos.forEach((documento, index) => {
      if (ids.has(documento.id) || nomes.has(documento.nome.toLowerCase()))
        context.addIssue({
          code: 'custom',
          message: 'Documento repetido',
          path: ['documentos', index, 'nome'],
        });
      ids.add(documento.id);
      nomes.add(documento.nome.toLowerCase());
    });
  });
export type UpdateMatriculaOnlineConfigInput = z.input<typeof updateMatriculaOnlineConfigInputSchema>;

/** `POST /api/matriculas/interessados/:id/convite`'s answer. */
export const conviteResultSchema = z.object({ url: z.string(), expira_em: z.string() });
export type ConviteResult = z.infer<typeof conviteResultSchema>;

/** A document the family sent (never its bytes). */
export const preMatriculaDocumentoSchema = z.object({
  id: z.uuid(),
  tipo: z.string(),
  nome: z.string(),
  mime_type: z.string(),
  tamanho: z.number().int(),
  enviado_em: z.string(),
});
export type PreMatriculaDocumento = z.infer<typeof preMatriculaDocumentoSchema>;

/** A payment plan as the family sees it (amounts in centavos). */
export const planoOfertaSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  parcelas: z.number().int(),
  valor_parcela_centavos: z.number().int(),
  taxa_matricula_centavos: z.number().int(),
  total_centavos: z.number().int(),
  valor_anual_centavos: z.number().int(),
});
export type PlanoOferta = z.infer<typeof planoOfertaSchema>;

/** The saved draft as answers carry it (already checked: no transforms, which answers cannot encode). */
const textoSalvo = z.string().nullable().optional();
export const preMatriculaDadosViewSchema = z.object({
  aluno: z.object({
    nome: z.string(),
    data_nascimento: textoSalvo,
    sexo: z.enum(sexos).nullable().optional(),
    cpf: textoSalvo,
  }),
  endereco: z.object({
    cep: z.string(),
    logradouro: z.string(),
    numero: z.string(),
    complemento: z.string(),
    bairro: z.string(),
    cidade: z.string(),
    uf: z.string(),
  }),
  responsaveis: z.array(
    z.object({
      nome: z.string(),
      cpf: textoSalvo,
      email: textoSalvo,
      telefone: textoSalvo,
      parentesco: z.enum(parentescos).nullable().optional(),
      financeiro: z.boolean(),
    }),
  ),
  plano_id: textoSalvo,
  dia_vencimento: z.number().int().nullable().optional(),
  observacoes: textoSalvo,
});

export const estadosPreMatricula = ['rascunho', 'enviada'] as const;

/** `GET /api/matricula-online/{token}`: what the family's form needs. */
export const matriculaOnlineViewSchema = z.object({
  escola: z.string(),
  aluno_primeiro_nome: z.string(),
  serie: z.string(),
  ano_letivo: z.number().int(),
  tipo: z.enum(tiposInteressado),
  dados: preMatriculaDadosViewSchema,
  documentos_exigidos: z.array(documentoExigidoSchema),
  documentos: z.array(preMatriculaDocumentoSchema),
  planos: z.array(planoOfertaSchema),
  estado: z.enum(estadosPreMatricula),
  expira_em: z.string(),
  enviado_em: z.string().nullable(),
  /** Whether the CEP lookup is on (Configurações): the form offers it only then. */
  consulta_cep: z.boolean(),
  documento_max_bytes: z.number().int(),
});
export type MatriculaOnlineView = z.infer<typeof matriculaOnlineViewSchema>;

/** The token in the path: anything malformed is answered like an unknown link (404), never 400. */
export const matriculaOnlineParamsSchema = z.object({ token: z.string().max(200) });
export const matriculaOnlineDocParamsSchema = matriculaOnlineParamsSchema.extend({
  docId: z.string().max(100),
});
export const matriculaOnlineCepParamsSchema = matriculaOnlineParamsSchema.extend({
  cep: z.string().max(20),
});

export const interessadoDocParamsSchema = z.object({ id: uuidParam, docId: uuidParam });

/** The staff's view of a family's pré-matrícula (funnel). */
export const preMatriculaResumoSchema = z.object({
  dados: preMatriculaDadosViewSchema,
  documentos: z.array(preMatriculaDocumentoSchema),
  documentos_exigidos: z.array(documentoExigidoSchema),
  expira_em: z.string(),
  aberto_em: z.string().nullable(),
  enviado_em: z.string().nullable(),
  pagamento_em: z.string().nullable(),
  lista_espera_em: z.string().nullable(),
});
export type PreMatriculaResumo = z.infer<typeof preMatriculaResumoSchema>;

/** `POST /api/matriculas/interessados/:id/matricular` ('Matricular agora') and matricularSePronto. */
export const matricularResultSchema = z.object({
  matriculado: z.boolean(),
  aluno_id: z.uuid().nullable(),
  turma_id: z.uuid().nullable(),
  motivo: z.string().nullable(),
});
export type MatricularResult = z.infer<typeof matricularResultSchema>;

/**
 * The job that tells matrícula online a family's fee was paid (ADR 0049): whoever records that payment
 * queues it by this name with `{ interessado_id }`; finance never imports matriculas.
 */
export const MATRICULA_PAGAMENTO_JOB = 'matricula-online.pagamento';
// ---------------------------------------------------------------------------------------------------
// Contracts and the electronic signature (issue 34 §2, contratos part): the template's fields, the
// template and signature settings, a contract as staff read it, a signer's page and the code check.

/** The fields a contract template may use, `{{campo}}`, each with what it shows. */
export const camposModeloContrato = {
  'aluno.nome': 'Nome do aluno',
  'aluno.data_nascimento': 'Data de nascimento do aluno',
  'responsavel.nome': 'Nome do responsável financeiro',
  'responsavel.cpf': 'CPF do responsável financeiro',
  'responsavel.email': 'E-mail do responsável financeiro',
  'responsavel.telefone': 'Telefone do responsável financeiro',
  'segundo_responsavel.nome': 'Nome do segundo responsável',
  'segundo_responsavel.cpf': 'CPF do segundo responsável',
  endereco: 'Endereço da família',
  serie: 'Série',
  turma: 'Turma',
  ano_letivo: 'Ano letivo',
  valor_anual: 'Valor da anuidade',
  'plano.nome': 'Plano de pagamento',
  'plano.parcelas': 'Número de parcelas',
  'plano.valor_parcela': 'Valor de cada parcela',
  taxa_matricula: 'Taxa de matrícula (parte da anuidade)',
  dia_vencimento: 'Dia de vencimento',
  multa: 'Multa por atraso (%)',
  juros: 'Juros de mora ao mês (%)',
  'escola.nome': 'Nome da escola',
  'escola.cnpj': 'CNPJ da escola',
  'escola.endereco': 'Endereço da escola',
  data: 'Data de emissão do contrato',
} as const;
export type CampoModeloContrato = keyof typeof camposModeloContrato;

const CAMPO_PATTERN = /\{\{\s*([^{}\s]{1,60})\s*\}\}/g;

/** The `{{campo}}` names a template uses that are not fields (in order of appearance, once each). */
export function camposDesconhecidos(corpo: string): string[] {
  const unknown = new Set<string>();
  for (const match of corpo.matchAll(CAMPO_PATTERN))
    if (!(match[1]! in camposModeloContrato)) unknown.add(match[1]!);
  return [...unknown];
}

/** The template's text with every `{{campo}}` replaced by its value (an empty value shows as '—'). */
export function preencherModelo(
  corpo: string,
  valores: Partial<Record<CampoModeloContrato, string>>,
): string {
  return corpo.replace(CAMPO_PATTERN, (whole, name: string) =>
    name in camposModeloContrato ? valores[name as CampoModeloContrato] || '—' : whole,
  );
}

export const MODELO_TITULO_MAX = 200;
export const MODELO_CORPO_MAX = 60_000;

/** `POST /api/matriculas/modelos-contrato`: a new version of the template. */
export const modeloContratoInputSchema = z
  .strictObject({
    titulo: requiredText('Título', MODELO_TITULO_MAX),
    corpo: z
      .string({ error: 'O texto do contrato é obrigatório' })
      .trim()
      .min(50, 'O texto do contrato está curto demais')
      .max(MODELO_CORPO_MAX, `Máximo de ${String(MODELO_CORPO_MAX)} caracteres`),
  })
  .superRefine((value, context) => {
    const unknown = camposDesconhecidos(value.corpo);
    if (unknown.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['corpo'],
        message: `Campo desconhecido no texto: ${unknown.map((name) => `{{${name}}}`).join(', ')}. Use só os campos da lista.`,
      });
  });
export type ModeloContratoInput = z.input<typeof modeloContratoInputSchema>;

export const modeloContratoSchema = z.object({
  id: z.uuid(),
  versao: z.number().int(),
  titulo: z.string(),
  corpo: z.string(),
  autor: z.string().nullable(),
  criado_em: z.string(),
  /** How many contracts were drawn from this version. */
  contratos: z.number().int(),
});
export type ModeloContrato = z.infer<typeof modeloContratoSchema>;

/** `GET /api/matriculas/modelos-contrato/vigente` (public: the Lei 9.870 publication shows it). */
export const modeloVigenteSchema = z.object({
  titulo: z.string(),
  corpo: z.string(),
  versao: z.number().int(),
  atualizado_em: z.string().nullable(),
});
export type ModeloVigente = z.infer<typeof modeloVigenteSchema>;

/** Who signs besides the financial guardian (Configurações → Contrato de matrícula). */
export const contratosConfiguracaoInputSchema = z
  .strictObject({
    exigir_segundo_responsavel: z.boolean(),
    representante_nome: requiredText('Nome do representante da escola', 120),
    representante_cpf: optionalCpfSchema,
    representante_email: z
      .string({ error: 'E-mail do representante é obrigatório' })
      .trim()
      .min(1, 'E-mail do representante é obrigatório')
      .max(254, 'E-mail inválido')
      .pipe(z.email('E-mail inválido'))
      .transform((value) => value.toLowerCase()),
    version: z.number().int().optional(),
  })
  .refine((value) => Boolean(value.representante_cpf), {
    message: 'CPF do representante é obrigatório',
    path: ['representante_cpf'],
  });
export type ContratosConfiguracaoInput = z.input<typeof contratosConfiguracaoInputSchema>;

export const contratosConfiguracaoSchema = z.object({
  exigir_segundo_responsavel: z.boolean(),
  representante_nome: z.string().nullable(),
  representante_cpf: z.string().nullable(),
  representante_email: z.string().nullable(),
  version: z.number().int(),
});
export type ContratosConfiguracao = z.infer<typeof contratosConfiguracaoSchema>;

export const statusContrato = ['aguardando', 'assinado', 'anulado'] as const;
export type StatusContrato = (typeof statusContrato)[number];
export const statusContratoLabels: Record<StatusContrato, string> = {
  aguardando: 'Aguardando assinaturas',
  assinado: 'Assinado',
  anulado: 'Anulado',
};

export const papeisSignatario = ['responsavel_financeiro', 'segundo_responsavel', 'escola'] as const;
export type PapelSignatario = (typeof papeisSignatario)[number];
export const papelSignatarioLabels: Record<PapelSignatario, string> = {
  responsavel_financeiro: 'Responsável financeiro',
  segundo_responsavel: 'Segundo responsável',
  escola: 'Representante da escola',
};

/** A signer as staff see it: `assinado_em` null while pending; `cpf` as given (digits; public pages mask it). */
export const contratoAssinaturaSchema = z.object({
  papel: z.enum(papeisSignatario),
  nome: z.string(),
  cpf: z.string().nullable(),
  canal: z.string().nullable(),
  assinado_em: z.string().nullable(),
  ip: z.string().nullable(),
});

/** `GET /api/matriculas/contratos/:id` (fixed API; the rest is extra). */
export const contratoSchema = z.object({
  id: z.uuid(),
  interessado_id: z.uuid().nullable(),
  status: z.enum(statusContrato),
  sha256: z.string(),
  codigo_validacao: z.string(),
  modelo_versao: z.number().int(),
  criado_em: z.string(),
  assinado_em: z.string().nullable(),
  anulado_em: z.string().nullable(),
  motivo_anulacao: z.string().nullable(),
  assinaturas: z.array(contratoAssinaturaSchema),
});
export type Contrato = z.infer<typeof contratoSchema>;

export const enviarContratoResultSchema = z.object({
  contrato_id: z.uuid(),
  signatarios: z.number().int(),
  anulados: z.number().int(),
});

/** `GET /api/assinaturas/{token}`: what the signer sees (no CPF in full, nothing of the other signers' contacts). */
export const assinaturaPublicaSchema = z.object({
  escola: z.string(),
  aluno: z.string(),
  serie: z.string(),
  ano_letivo: z.number().int(),
  papel: z.enum(papeisSignatario),
  signatario: z.string(),
  /** 'pendente' | 'assinado' (this signer) | 'anulado' (the contract was replaced) | 'expirado' (the link). */
  status: z.enum(['pendente', 'assinado', 'anulado', 'expirado']),
  contrato_status: z.enum(statusContrato),
  /** The e-mail the code goes to, masked: m***@g***.com. */
  email_mascarado: z.string(),
  codigo_enviado_em: z.string().nullable(),
  assinado_em: z.string().nullable(),
  /** Shown once the signer signed. */
  codigo_validacao: z.string().nullable(),
  sha256: z.string(),
  resumo: z.array(z.object({ rotulo: z.string(), valor: z.string() })),
  signatarios: z.array(
    z.object({ papel: z.enum(papeisSignatario), nome: z.string(), assinado: z.boolean() }),
  ),
});
export type AssinaturaPublica = z.infer<typeof assinaturaPublicaSchema>;

export const CODIGO_ASSINATURA_INVALIDO = 'Código inválido. Confira os 6 números recebidos por e-mail.';
export const assinarInputSchema = z.strictObject({
  codigo: z
    .string({ error: CODIGO_ASSINATURA_INVALIDO })
    .trim()
    .regex(/^\d{6}$/, CODIGO_ASSINATURA_INVALIDO),
});

export const assinaturaTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Link inválido'),
});

/** `GET /api/matriculas/contratos/familia`: the signed contracts of a guardian's children (portal). */
export const contratoFamiliaSchema = z.object({
  id: z.uuid(),
  aluno: z.string(),
  serie: z.string(),
  ano_letivo: z.number().int(),
  assinado_em: z.string(),
  codigo_validacao: z.string(),
});
export type ContratoFamilia = z.infer<typeof contratoFamiliaSchema>;
