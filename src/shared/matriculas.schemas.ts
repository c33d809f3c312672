/**
 * Matrícula online (issue 34): the admissions funnel from an interested family on the public site to an
 * enrolled student, the pré-matrícula form a family fills through a link, and the data a contract is
 * drawn from. The API's fixed shapes (`POST /api/interessados`, `etapa`s) are declared here once, for
 * the server's validation and the screens' forms.
 */
import { z } from 'zod';
import { todayIso } from './format.js';
import { parentescos, sexos } from './students.schemas.js';
import {
  DATE_RANGE_MESSAGE,
  isDateInRange,
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

export const requiredText = (label: string, max: number) =>
  singleLineText()
    .min(1, `${label} é obrigatório`)
    .max(max, `Máximo de ${String(max)} caracteres`);

/**
 * `POST /api/interessados` — the public site's 'Agende uma visita / Quero matricular' form. Unknown
 * fields are dropped rather than refused (a form posted by an old page still lands); `website` is the
 * honeypot a person never sees, `preenchido_em_ms` how long the page was open before sending.
 */
export const interesseInputSchema = z.strictObject({
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

/**
 * `POST /api/matriculas/interessados` — a family the secretaria writes down at the desk or on the phone:
 * the site form's fields, no robot checks, and the consent is the one the guardian gave the secretary.
 */
export const interesseBalcaoSchema = interesseInputSchema
  .omit({ website: true, preenchido_em_ms: true })
  .extend({
    consentimento: z.literal(true, {
      error: 'Confirme que o responsável autorizou o uso dos dados da criança (LGPD, art. 14).',
    }),
  });
export type InteresseBalcaoInput = z.input<typeof interesseBalcaoSchema>;
export type InteresseBalcaoData = z.output<typeof interesseBalcaoSchema>;
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
export const VISITA_NO_PASSADO =
  'A visita não pode ser marcada para antes de hoje: escolha hoje ou uma data futura.';

/**
 * Whether a visit's moment falls on a day before `today` (both read in the school's time zone). The
 * server asks with its clock's today, the form with the browser's; a visit earlier today is allowed (the
 * secretaria records one that just happened).
 */
export function isVisitaNoPassado(visitaEm: string, today: string): boolean {
  const at = new Date(visitaEm);
  return !Number.isNaN(at.getTime()) && todayIso(at) < today;
}

/** `PATCH /api/matriculas/interessados/:id`: a stage change (and the visit's date when scheduling one). */
export const patchInteressadoInputSchema = z
  .strictObject({
    etapa: z.enum(etapasFunil, { error: 'Etapa inválida' }),
    motivo_perda: optionalText(300),
    /** ISO date-time of the scheduled visit (stage `visita`). */
    visita_em: z.iso
      .datetime({ offset: true, error: 'Data da visita inválida' })
      .refine(isDateInRange, DATE_RANGE_MESSAGE)
      .nullable()
      .optional(),
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
 * `pendenciasDoEnvio` is what `…/enviar` requires.
 *
 * The draft (`preMatriculaRascunhoSchema`, the PUT's body) keeps what is valid and leaves out, field by
 * field, what is not (a CPF with a wrong digit, a half-typed e-mail): one bad field used to refuse the
 * whole save, so the parentesco chosen beside it was lost when the link was opened again. The form checks
 * each step before moving on and `enviar` checks everything, so nothing invalid is ever submitted.
 */
function dadosSchema(draft: boolean) {
  /** In a draft, an invalid value is stored as `fallback` instead of refusing the save. */
  const field = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
    draft ? schema.catch(fallback) : schema;
  const texto = (max: number) =>
    field(
      z
        .string()
        .trim()
        .max(max, `Máximo de ${String(max)} caracteres`)
        .default(''),
      '',
    );
  const responsavel = z.strictObject({
    nome: texto(120),
    cpf: field(optionalCpfSchema, null),
    email: field(optionalEmailSchema, null),
    telefone: field(optionalPhoneSchema, null),
    parentesco: field(z.enum(parentescos, { error: 'Parentesco inválido' }).nullable().optional(), null),
    /** The one who signs the contract and pays (Lei 9.870): exactly one on a submitted form. */
    financeiro: z.boolean().default(false),
    /**
     * At rematrícula, a guardian the school has on file for this student: the link never shows their CPF
     * (nor another guardian's e-mail and phone), and what the family leaves blank comes from the record.
     * Honoured only for a guardian of the rematrícula's own student.
     */
    responsavel_id: uuidParam.nullable().optional(),
  });
  return z.strictObject({
    aluno: z
      .strictObject({
        nome: texto(120),
        data_nascimento: field(isoDateSchema.nullable().optional(), null),
        sexo: field(z.enum(sexos).nullable().optional(), null),
        cpf: field(optionalCpfSchema, null),
      })
      .default({ nome: '' }),
    endereco: z
      .strictObject({
        cep: texto(9),
        logradouro: texto(200),
        numero: texto(20),
        complemento: texto(100),
        bairro: texto(100),
        cidade: texto(100),
        uf: texto(2),
      })
      .default({ cep: '', logradouro: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '' }),
    responsaveis: z.array(responsavel).max(4, 'No máximo 4 responsáveis').default([]),
    /** The payment plan chosen (planos of the série's anuidade). */
    plano_id: field(uuidParam.nullable().optional(), null),
    /** The monthly due day the family prefers, when the school lets it choose. */
    dia_vencimento: field(z.number().int().min(1).max(28).nullable().optional(), null),
    observacoes: optionalText(1000, { multiline: true }),
  });
}

export const preMatriculaDadosSchema = dadosSchema(false);
export const preMatriculaRascunhoSchema = dadosSchema(true);
export type PreMatriculaDados = z.output<typeof preMatriculaDadosSchema>;
export type PreMatriculaResponsavel = PreMatriculaDados['responsaveis'][number];

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
    /** The instalments as this enrolment is charged (`parcelamentoDaMatricula`, ADR 0094). */
    parcelas: z.number().int(),
    valor_parcela_centavos: z.number().int(),
    taxa_matricula_centavos: z.number().int(),
    /** The first instalment, with the rounding remainder (absent in contracts made before ADR 0094). */
    primeira_parcela_centavos: z.number().int().optional(),
    /** Enrolled after the school year began: fee plus instalments, for the school months left. */
    proporcional: z
      .object({ total_centavos: z.number().int(), meses: z.number().int(), meses_letivos: z.number().int() })
      .nullable()
      .optional(),
  }),
  dia_vencimento: z.number().int(),
  multa_percentual: z.string(),
  juros_mensal_percentual: z.string(),
  escola: z.object({ nome: z.string(), cnpj: z.string().nullable(), endereco: z.string().nullable() }),
});
export type ContratoCampos = z.infer<typeof contratoCamposSchema>;
