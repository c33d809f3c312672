/**
 * Matrícula online, the pré-matrícula (issue 34 §2): the link, the family's form and documents, the
 * school's options, the automatic enrolment.
 */
import { z } from 'zod';
import { planoPagamentoSchema } from './anuidades.schemas.js';
import {
  CEP_INVALIDO,
  ENDERECO_OBRIGATORIO,
  NUMERO_INVALIDO,
  UF_INVALIDA,
  isNumeroValido,
  isUf,
} from './endereco.schemas.js';
import { parentescos, sexos } from './students.schemas.js';
import { formasPagamento } from './mensalidades.schemas.js';
import {
  optionalCpfSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  requiredBirthDateSchema,
  uuidParam,
} from './validators.js';
import { requiredText, tiposInteressado } from './matriculas.schemas.js';

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
export const conviteResultSchema = z.object({
  url: z.string(),
  expira_em: z.string(),
  /** false: no SMTP_URL, the e-mail only reaches the server's outbox — the school sends the link itself. */
  email_configurado: z.boolean(),
});
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
export const planoOfertaSchema = planoPagamentoSchema.omit({ padrao: true });
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
      responsavel_id: textoSalvo,
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
  /**
   * Rematrícula of a family in default when the school refuses renewal (Lei 9.870 art. 5º): the
   * school's message; the form cannot be sent while it is set. Null otherwise.
   */
  aviso_inadimplencia: z.string().nullable(),
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
  /** The plan the family chose, as offered now (null: none chosen, or no longer on offer). */
  plano: planoOfertaSchema.nullable(),
  documentos: z.array(preMatriculaDocumentoSchema),
  documentos_exigidos: z.array(documentoExigidoSchema),
  expira_em: z.string(),
  aberto_em: z.string().nullable(),
  enviado_em: z.string().nullable(),
  pagamento_em: z.string().nullable(),
  lista_espera_em: z.string().nullable(),
  /** The school enrols only after the fee is paid (Configurações → Matrícula online, ADR 0049). */
  pagamento_exigido: z.boolean(),
  /**
   * Guardians (their index in `dados.responsaveis`) of a rematrícula's student, other than the link's
   * recipient, whose e-mail came from the form with none on their record: a contact to confirm, not where
   * they sign (ADR 0116).
   */
  emails_a_confirmar: z.array(z.number().int()),
  /**
   * The student's birth date against the série on 31 March of the year (`ageSerieWarning`, ADR 0134): a
   * word for the secretaria to check with the certidão before the contract, never a refusal.
   */
  aviso_idade: z.string().nullable(),
});
export type PreMatriculaResumo = z.infer<typeof preMatriculaResumoSchema>;

/**
 * `POST /api/matriculas/interessados/:id/pagamento`: the enrolment fee received before the enrolment, when
 * the school requires it (ADR 0049) — by the Financeiro, with how it was paid (ADR 0101).
 */
export const pagamentoTaxaInputSchema = z.strictObject({
  forma: z.enum(formasPagamento, { error: 'Escolha a forma de pagamento' }),
});
export type PagamentoTaxaInput = z.infer<typeof pagamentoTaxaInputSchema>;

/** `POST /api/matriculas/interessados/:id/matricular` ('Matricular agora') and matricularSePronto. */
export const matricularResultSchema = z.object({
  matriculado: z.boolean(),
  aluno_id: z.uuid().nullable(),
  turma_id: z.uuid().nullable(),
  motivo: z.string().nullable(),
});
export type MatricularResult = z.infer<typeof matricularResultSchema>;

// ---------------------------------------------------------------------------------------------------
/**
 * The family form's checks per step, run before it moves on (the draft itself takes anything: see
 * `preMatriculaRascunhoSchema`). The same rules `enviar` applies on the server, with the same words;
 * a guardian the school has on file (`responsavel_id`, rematrícula) may leave CPF and contacts blank.
 */
const digitos = (value: string) => value.replace(/\D/g, '');

export const passoAlunoSchema = z.object({
  nome: z.string().trim().min(2, 'Nome do aluno é obrigatório'),
  data_nascimento: z
    .string()
    .nullish()
    .transform((value) => value ?? '')
    .pipe(requiredBirthDateSchema),
  sexo: z.enum(sexos).nullish(),
  cpf: optionalCpfSchema,
});

const passoResponsavelSchema = z
  .object({
    nome: z.string().trim().min(2, 'Nome do responsável é obrigatório'),
    parentesco: z.enum(parentescos, { error: 'Parentesco é obrigatório' }),
    cpf: optionalCpfSchema,
    email: optionalEmailSchema,
    telefone: optionalPhoneSchema,
    financeiro: z.boolean(),
    responsavel_id: z.string().nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.responsavel_id) return;
    const need = (path: string, message: string, missing: boolean) => {
      if (missing) ctx.addIssue({ code: 'custom', message, path: [path] });
    };
    need('telefone', 'Telefone é obrigatório', !value.telefone);
    need('cpf', 'CPF do responsável financeiro é obrigatório', value.financeiro && !value.cpf);
    need('email', 'E-mail do responsável financeiro é obrigatório', value.financeiro && !value.email);
  });

export const passoResponsaveisSchema = z
  .array(passoResponsavelSchema)
  .min(1, 'Informe ao menos um responsável')
  .superRefine((list, ctx) => {
    if (list.length > 0 && list.filter((item) => item.financeiro).length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Indique um (e só um) responsável financeiro: quem assina o contrato e paga',
      });
    const cpfs = list.map((item) => item.cpf).filter(Boolean);
    if (new Set(cpfs).size !== cpfs.length)
      ctx.addIssue({ code: 'custom', message: 'O mesmo CPF foi informado para dois responsáveis' });
  });

export const passoEnderecoSchema = z.object({
  cep: z
    .string()
    .trim()
    .min(1, ENDERECO_OBRIGATORIO.cep)
    .refine((value) => /^\d{5}-?\d{3}$/.test(value) || digitos(value).length === 8, CEP_INVALIDO),
  logradouro: z.string().trim().min(1, ENDERECO_OBRIGATORIO.logradouro),
  numero: z.string().trim().min(1, ENDERECO_OBRIGATORIO.numero).refine(isNumeroValido, NUMERO_INVALIDO),
  complemento: z.string(),
  bairro: z.string().trim().min(1, ENDERECO_OBRIGATORIO.bairro),
  cidade: z.string().trim().min(1, ENDERECO_OBRIGATORIO.cidade),
  uf: z.string().trim().min(1, ENDERECO_OBRIGATORIO.uf).refine(isUf, UF_INVALIDA),
});
