import { z } from 'zod';
import {
  DATE_RANGE_MESSAGE,
  isDateInRange,
  pageQuery,
  singleLineText,
  uuidParam,
  versionSchema,
} from './validators.js';
import { classNiveis } from './classes.schemas.js';

/** Contracts of the notices to families and staff ('Comunicados'). */

export const COMUNICADO_LIMITS = {
  tituloMax: 150,
  corpoMax: 20_000,
  anexosMax: 5,
  anexoMaxBytes: 10 * 1024 * 1024,
} as const;

export const publicoTipos = ['escola', 'segmentos', 'turmas', 'alunos', 'equipe'] as const;
export type PublicoTipo = (typeof publicoTipos)[number];
export const publicoTipoLabels: Record<PublicoTipo, string> = {
  escola: 'Toda a escola (famílias)',
  segmentos: 'Segmentos ou séries',
  turmas: 'Turmas',
  alunos: 'Famílias de alunos escolhidos',
  equipe: 'Somente a equipe',
};

export const segmentos = classNiveis;

/**
 * Who, of the audience, receives it (issue 31 §4, ADR 0029): the families (as always), the students'
 * own portal accounts, or both. A notice to the families is not for the students unless it says so.
 */
export const destinatariosTipos = ['familias', 'alunos', 'familias_e_alunos'] as const;
export type DestinatariosTipo = (typeof destinatariosTipos)[number];
export const destinatariosLabels: Record<DestinatariosTipo, string> = {
  familias: 'As famílias',
  alunos: 'Os próprios alunos (contas do Portal do Aluno)',
  familias_e_alunos: 'As famílias e os alunos',
};

/** Who a notice is for; resolved to people when it is published (and again by 'Reenviar lembrete'). */
export const publicoSchema = z
  .strictObject({
    tipo: z.enum(publicoTipos, { error: 'Escolha o público' }),
    segmentos: z.array(z.enum(segmentos)).max(segmentos.length).default([]),
    series: z.array(singleLineText().min(1).max(40)).max(30).default([]),
    turmas: z.array(uuidParam).max(200).default([]),
    alunos: z.array(uuidParam).max(500).default([]),
    destinatarios: z.enum(destinatariosTipos, { error: 'Escolha quem recebe' }).default('familias'),
  })
  .superRefine((publico, context) => {
    if (publico.tipo === 'segmentos' && publico.segmentos.length + publico.series.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['segmentos'],
        message: 'Escolha ao menos um segmento ou série',
      });
    if (publico.tipo === 'turmas' && publico.turmas.length === 0)
      context.addIssue({ code: 'custom', path: ['turmas'], message: 'Escolha ao menos uma turma' });
    if (publico.tipo === 'alunos' && publico.alunos.length === 0)
      context.addIssue({ code: 'custom', path: ['alunos'], message: 'Escolha ao menos um aluno' });
  });
export type Publico = z.infer<typeof publicoSchema>;

// Within the years every date field accepts: year 0000 does not exist for PostgreSQL, 9999 is a typo.
const dateTimeInput = z.iso
  .datetime({ offset: true, error: 'Data e hora inválidas' })
  .refine(isDateInRange, DATE_RANGE_MESSAGE);

/** The fields without the cross-field rule (the portal's form swaps the date fields for local ones). */
export const comunicadoFieldsSchema = z.strictObject({
  titulo: singleLineText()
    .min(3, 'O título deve ter ao menos 3 caracteres')
    .max(COMUNICADO_LIMITS.tituloMax, `Máximo de ${String(COMUNICADO_LIMITS.tituloMax)} caracteres`),
  corpo: z
    .string()
    .trim()
    .min(1, 'Escreva o comunicado')
    .max(COMUNICADO_LIMITS.corpoMax, `Máximo de ${String(COMUNICADO_LIMITS.corpoMax)} caracteres`),
  publico: publicoSchema,
  exige_ciente: z.boolean().default(false),
  /** Omitted or in the past: published now. */
  publicar_em: dateTimeInput.nullable().optional(),
  expira_em: dateTimeInput.nullable().optional(),
  /** Attachments already uploaded (POST /api/comunicados/anexos). */
  anexos: z.array(uuidParam).max(COMUNICADO_LIMITS.anexosMax, 'No máximo 5 anexos').default([]),
  version: versionSchema.optional(),
});

export const comunicadoInputSchema = comunicadoFieldsSchema.superRefine((input, context) => {
  if (input.expira_em && input.publicar_em && input.expira_em <= input.publicar_em)
    context.addIssue({
      code: 'custom',
      path: ['expira_em'],
      message: 'A expiração deve ser depois da publicação',
    });
});
export type ComunicadoInput = z.input<typeof comunicadoInputSchema>;

export const caixas = ['recebidos', 'enviados'] as const;

export const listComunicadosQuerySchema = z.strictObject({
  ...pageQuery({ defaultSize: 20, maxSize: 100 }),
  caixa: z.enum(caixas).optional(),
  aluno_id: uuidParam.optional(),
  nao_lidos: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
});
export type ListComunicadosQuery = z.input<typeof listComunicadosQuerySchema>;

export const anexoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.string(),
  tamanho: z.number().int(),
  url: z.string(),
});
export type Anexo = z.infer<typeof anexoSchema>;

export const contagemLeiturasSchema = z.object({
  destinatarios: z.number().int(),
  lidos: z.number().int(),
  cientes: z.number().int(),
});

/** One 'ciente' a family gave, on the version of the text it confirmed. */
export const cienteVersaoSchema = z.object({ versao: z.number().int(), ciente_em: z.string() });
export type CienteVersao = z.infer<typeof cienteVersaoSchema>;

export const comunicadoSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  corpo: z.string(),
  publico: z.object({
    tipo: z.enum(publicoTipos),
    segmentos: z.array(z.enum(segmentos)),
    series: z.array(z.string()),
    turmas: z.array(z.string()),
    alunos: z.array(z.string()),
    destinatarios: z.enum(destinatariosTipos),
  }),
  /** 'Para: 5º ano A, 5º ano B' — the audience in words. */
  publico_descricao: z.string(),
  exige_ciente: z.boolean(),
  publicar_em: z.string(),
  publicado_em: z.string().nullable(),
  expira_em: z.string().nullable(),
  autor: z.object({ id: z.string().nullable(), nome: z.string() }),
  anexos: z.array(anexoSchema),
  version: z.number().int(),
  /**
   * The number of the text in force. A change of the text after a family's ciente makes a new version
   * (every change: title, body, attachments or 'exige ciente'), and those cientes no longer count.
   */
  versao_texto: z.number().int(),
  /** Deleted after a ciente: kept for the school (reads, versions), gone for families. */
  removido_em: z.string().nullable(),
  removido_por: z.string().nullable(),
  created_at: z.string(),
  /** The caller as a recipient (null when the caller is not one: the author, an administrator). */
  recebido: z
    .object({
      lido_em: z.string().nullable(),
      /** The ciente on the text in force (null: not given, or given on an older version). */
      ciente_em: z.string().nullable(),
      /** Every ciente given, oldest version first. */
      cientes: z.array(cienteVersaoSchema),
      alunos: z.array(z.object({ id: z.string(), nome: z.string() })),
    })
    .nullable(),
  /** For the author and administrators. */
  contagem: contagemLeiturasSchema.nullable(),
  /** The chosen students of an audience of 'alunos', named (the edit form); empty for anyone else. */
  alunos_escolhidos: z.array(z.object({ id: z.string(), nome: z.string() })),
  pode_editar: z.boolean(),
});
export type Comunicado = z.infer<typeof comunicadoSchema>;

export const comunicadoListItemSchema = comunicadoSchema
  .omit({ corpo: true, anexos: true, alunos_escolhidos: true })
  .extend({
    resumo: z.string(),
    anexos_total: z.number().int(),
  });
export type ComunicadoListItem = z.infer<typeof comunicadoListItemSchema>;

export const comunicadoPageSchema = z.object({
  items: z.array(comunicadoListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The user's received notices not read yet (in either box: 'enviados' points to them). */
  nao_lidos: z.number().int(),
});
export type ComunicadoPage = z.infer<typeof comunicadoPageSchema>;

/**
 * The students of an audience whom nobody receiving the notice reads it for: no guardian with an active
 * portal account (for a notice to the students, no account of their own). Their families do not see it
 * unless the school tells them another way. `alunos` holds the first `SEM_ACESSO_LISTADOS` by name.
 */
export const SEM_ACESSO_LISTADOS = 100;
export const semAcessoSchema = z.object({
  total: z.number().int(),
  alunos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      turma: z.string().nullable(),
      /**
       * The student's guardians on record, the main one first, with the phone to call them on (the school
       * tells these families another way; a teacher sees a guardian's phone as in the records).
       */
      responsaveis: z.array(z.object({ nome: z.string(), telefone: z.string().nullable() })),
    }),
  ),
});
export type SemAcesso = z.infer<typeof semAcessoSchema>;

/** POST /api/comunicados/alcance: who a notice about to be published reaches, before it is. */
export const alcanceInputSchema = z.strictObject({ publico: publicoSchema });
export type AlcanceInput = z.input<typeof alcanceInputSchema>;
export const alcanceSchema = z.object({
  /** The chosen classes' names, in school order (empty for any other audience). */
  turmas: z.array(z.string()),
  /** The portal accounts that will receive it: the families' (and students' own, when chosen). */
  recebem: z.number().int(),
  /** The students those accounts receive it for (two parents of one child: 2 accounts, 1 student). */
  alunos: z.number().int(),
  sem_acesso: semAcessoSchema,
});
export type Alcance = z.infer<typeof alcanceSchema>;

export const leituraSchema = z.object({
  usuario_id: z.string(),
  nome: z.string(),
  alunos: z.array(z.string()),
  lido_em: z.string().nullable(),
  /** On the text in force; `cientes` has every one, with its version. */
  ciente_em: z.string().nullable(),
  cientes: z.array(cienteVersaoSchema),
  lembrete_em: z.string().nullable(),
});
export type Leitura = z.infer<typeof leituraSchema>;

export const leiturasSchema = z.object({
  contagem: contagemLeiturasSchema,
  exige_ciente: z.boolean(),
  versao_texto: z.number().int(),
  /** The families are still being notified (bell, e-mail) in the background: the screen says 'enviando…'. */
  enviando: z.boolean(),
  itens: z.array(leituraSchema),
  /** The audience's students whose families the notice did not reach: no portal access. */
  sem_acesso: semAcessoSchema,
});
export type Leituras = z.infer<typeof leiturasSchema>;

export const leiturasQuerySchema = z.strictObject({
  situacao: z.enum(['todos', 'pendentes']).default('todos'),
});

export const lembreteResultSchema = z.object({
  lembrados: z.number().int(),
  novos: z.number().int(),
});
export type LembreteResult = z.infer<typeof lembreteResultSchema>;

/** The version the family read: a ciente on a text changed since is refused (409), never moved to it. */
export const cienteInputSchema = z.strictObject({
  versao: z.number().int().min(1).max(1_000_000).optional(),
});
export const cienteResultSchema = z.object({ ciente_em: z.string(), versao: z.number().int() });

/** Every text a notice was published with, newest first. */
export const versaoSchema = z.object({
  numero: z.number().int(),
  titulo: z.string(),
  corpo: z.string(),
  exige_ciente: z.boolean(),
  anexos: z.array(anexoSchema),
  publicada_em: z.string(),
  autor_nome: z.string(),
  /** How many confirmed this version (for whoever manages the notice; null for a family). */
  cientes: z.number().int().nullable(),
});
export type Versao = z.infer<typeof versaoSchema>;
export const versoesSchema = z.object({ atual: z.number().int(), versoes: z.array(versaoSchema) });
export type Versoes = z.infer<typeof versoesSchema>;

/** Options for the audience picker: the classes and séries the caller may address. */
export const publicoOpcoesSchema = z.object({
  tipos: z.array(z.enum(publicoTipos)),
  segmentos: z.array(z.string()),
  series: z.array(z.string()),
  turmas: z.array(
    z.object({ id: z.string(), nome: z.string(), serie: z.string(), alunos: z.number().int() }),
  ),
});
export type PublicoOpcoes = z.infer<typeof publicoOpcoesSchema>;

export const alunoOpcaoQuerySchema = z.strictObject({ q: z.string().trim().min(2).max(100) });
export const alunoOpcaoSchema = z.object({ id: z.string(), nome: z.string(), turma: z.string().nullable() });
