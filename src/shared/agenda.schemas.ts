import { z } from 'zod';
import { infantilEtapaOf } from './classes.schemas.js';
import { isoDateSchema, singleLineText, uuidParam, versionSchema } from './validators.js';

/**
 * The daily agenda of young children (issue 32 §3, ADR 0037): the class's teacher fills the day for the
 * whole class at once (`itens`) and changes what differs for a child (`excecoes`); the family reads
 * their child's day. Educação Infantil and Fundamental I 1º–2º ano have it unless the coordination
 * turns it off (or on, for another class) in the class's template.
 */

export const refeicaoAvaliacoes = ['comeu_bem', 'comeu_pouco', 'nao_aceitou'] as const;
export type RefeicaoAvaliacao = (typeof refeicaoAvaliacoes)[number];
export const refeicaoAvaliacaoLabels: Record<RefeicaoAvaliacao, string> = {
  comeu_bem: 'Comeu bem',
  comeu_pouco: 'Comeu pouco',
  nao_aceitou: 'Não aceitou',
};

export const humores = ['alegre', 'tranquilo', 'agitado', 'choroso', 'sonolento'] as const;
export type Humor = (typeof humores)[number];
export const humorLabels: Record<Humor, string> = {
  alegre: 'Alegre',
  tranquilo: 'Tranquilo',
  agitado: 'Agitado',
  choroso: 'Choroso',
  sonolento: 'Sonolento',
};

export const evacuacoes = ['normal', 'nao_evacuou', 'amolecida'] as const;
export type Evacuacao = (typeof evacuacoes)[number];
export const evacuacaoLabels: Record<Evacuacao, string> = {
  normal: 'Normal',
  nao_evacuou: 'Não evacuou',
  amolecida: 'Fezes amolecidas',
};

/** What the teacher's form offers under 'Precisa trazer' (free text is accepted too). */
export const precisaTrazerSugestoes = ['Fralda', 'Roupa', 'Lenço umedecido', 'Pomada', 'Remédio'] as const;
/** The suggestions that are about diapers: only the creche's. */
const trazerDeFralda: readonly string[] = ['Fralda', 'Pomada'];

/**
 * Whether the class's children are of diaper age: the creche (Berçário, Maternal I and II: 0 to 3 years,
 * LDB art. 30). The pré-escola and the 1º–2º ano keep an agenda without 'Trocas de fralda', 'Fralda'
 * or 'Pomada'.
 */
export function usaFralda(turma: { nivel: string; serie: string }): boolean {
  return turma.nivel === 'Educação Infantil' && infantilEtapaOf(turma.serie) === 'creche';
}

/** The 'Precisa trazer' suggestions that fit the class's age (`usaFralda`). */
export function precisaTrazerDa(turma: { nivel: string; serie: string }): readonly string[] {
  return usaFralda(turma)
    ? precisaTrazerSugestoes
    : precisaTrazerSugestoes.filter((item) => !trazerDeFralda.includes(item));
}

export const AGENDA_LIMITS = { refeicoes: 8, sonos: 4, trazer: 10, medicacoes: 5, recados: 1000 } as const;

const hhmm = z
  .string({ error: 'Informe o horário' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use o horário no formato HH:MM');

/** A free note on a medication (how it was given, how it is to be given): empty is none. */
const medicationNote = z
  .string()
  .trim()
  .max(200, 'Máximo de 200 caracteres')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);

const refeicaoSchema = z.strictObject({
  refeicao: singleLineText().min(1, 'Informe a refeição').max(40, 'Máximo de 40 caracteres'),
  avaliacao: z.enum(refeicaoAvaliacoes, { error: 'Escolha: comeu bem, comeu pouco ou não aceitou' }),
});

const sonoSchema = z.strictObject({ inicio: hhmm, fim: hhmm }).refine((sono) => sono.fim > sono.inicio, {
  message: 'O fim do sono deve ser depois do início',
  path: ['fim'],
});

const medicacaoSchema = z.strictObject({
  autorizacao_id: uuidParam,
  horario: hhmm,
  observacao: medicationNote,
});
export type MedicacaoDada = z.output<typeof medicacaoSchema>;

/** Each item without its default: an exception carries only what differs for the child. */
const itemFields = {
  refeicoes: z
    .array(refeicaoSchema)
    .max(AGENDA_LIMITS.refeicoes, `No máximo ${String(AGENDA_LIMITS.refeicoes)} refeições`),
  sono: z.array(sonoSchema).max(AGENDA_LIMITS.sonos, `No máximo ${String(AGENDA_LIMITS.sonos)} sonos`),
  evacuacao: z.enum(evacuacoes, { error: 'Evacuação inválida' }).nullable(),
  trocas_fralda: z
    .number({ error: 'Informe um número' })
    .int('Informe um número inteiro')
    .min(0, 'Informe zero ou mais')
    .max(20, 'No máximo 20 trocas')
    .nullable(),
  humor: z.enum(humores, { error: 'Humor inválido' }).nullable(),
  recados: z
    .string()
    .trim()
    .max(AGENDA_LIMITS.recados, `Máximo de ${String(AGENDA_LIMITS.recados)} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  precisa_trazer: z
    .array(singleLineText().min(1, 'Informe o que trazer').max(60, 'Máximo de 60 caracteres'))
    .max(AGENDA_LIMITS.trazer, `No máximo ${String(AGENDA_LIMITS.trazer)} itens`),
};

/** The day of the whole class (and the template): every item, with its empty default. */
export const agendaItensSchema = z.strictObject({
  refeicoes: itemFields.refeicoes.default([]),
  sono: itemFields.sono.default([]),
  evacuacao: itemFields.evacuacao.default(null),
  trocas_fralda: itemFields.trocas_fralda.default(null),
  humor: itemFields.humor.default(null),
  recados: itemFields.recados.default(null),
  precisa_trazer: itemFields.precisa_trazer.default([]),
});
export type AgendaItens = z.output<typeof agendaItensSchema>;

/** What differs for one child: the items given replace the class's; medication is only ever per child. */
export const agendaItensAlunoSchema = z.strictObject({
  ...z.strictObject(itemFields).partial().shape,
  medicacoes: z
    .array(medicacaoSchema)
    .max(AGENDA_LIMITS.medicacoes, `No máximo ${String(AGENDA_LIMITS.medicacoes)} medicações`)
    .optional(),
});
export type AgendaItensAluno = z.output<typeof agendaItensAlunoSchema>;

export const agendaExcecaoSchema = z.strictObject({
  aluno_id: uuidParam,
  /** The child did not come: no agenda for them that day. */
  ausente: z.boolean().default(false),
  itens: agendaItensAlunoSchema.default({}),
});
export type AgendaExcecao = z.output<typeof agendaExcecaoSchema>;

export const agendaDiaInputSchema = z.strictObject({
  itens: agendaItensSchema,
  excecoes: z
    .array(agendaExcecaoSchema)
    .max(80, 'No máximo 80 exceções')
    .default([])
    .refine(
      (excecoes) => new Set(excecoes.map((excecao) => excecao.aluno_id)).size === excecoes.length,
      'Cada criança aparece uma só vez nas exceções',
    ),
  version: versionSchema.optional(),
});
export type AgendaDiaInput = z.input<typeof agendaDiaInputSchema>;

/** The same items as answered (response schemas carry no transforms). */
const itensOutShape = {
  refeicoes: z.array(z.object({ refeicao: z.string(), avaliacao: z.enum(refeicaoAvaliacoes) })),
  sono: z.array(z.object({ inicio: z.string(), fim: z.string() })),
  evacuacao: z.enum(evacuacoes).nullable(),
  trocas_fralda: z.number().int().nullable(),
  humor: z.enum(humores).nullable(),
  recados: z.string().nullable(),
  precisa_trazer: z.array(z.string()),
};
export const agendaItensOutSchema = z.object(itensOutShape);
const agendaExcecaoOutSchema = z.object({
  aluno_id: z.string(),
  ausente: z.boolean(),
  itens: z.object({
    ...z.object(itensOutShape).partial().shape,
    medicacoes: z
      .array(z.object({ autorizacao_id: z.string(), horario: z.string(), observacao: z.string().nullable() }))
      .optional(),
  }),
});

export const agendaDiaParams = z.strictObject({ id: uuidParam, data: isoDateSchema });
export const agendaAlunoQuery = z.strictObject({ data: isoDateSchema.optional() });

export const agendaModeloInputSchema = z.strictObject({
  ativa: z.boolean({ error: 'Diga se a turma tem agenda' }),
  itens: agendaItensSchema,
  version: versionSchema.optional(),
});
export type AgendaModeloInput = z.input<typeof agendaModeloInputSchema>;

const turmaRef = z.object({ id: z.string(), nome: z.string(), serie: z.string(), nivel: z.string() });

export const agendaModeloSchema = z.object({
  turma: turmaRef,
  ativa: z.boolean(),
  /** True while the coordination has not saved one: the school's default for the stage. */
  padrao: z.boolean(),
  itens: agendaItensOutSchema,
  version: z.number().int().nullable(),
});
export type AgendaModelo = z.infer<typeof agendaModeloSchema>;

export const agendaTurmaResumoSchema = z.object({
  turma: turmaRef,
  ativa: z.boolean(),
  alunos: z.number().int(),
  /** Today's agenda: saved (when) and read by how many of the class's families. */
  hoje: z.object({ atualizado_em: z.string().nullable(), lidas: z.number().int() }),
});
export type AgendaTurmaResumo = z.infer<typeof agendaTurmaResumoSchema>;

const fotoSchema = z.object({ url: z.string(), largura: z.number().int(), altura: z.number().int() });

export const autorizacaoOrigens = ['familia', 'escola'] as const;
export const autorizacaoSchema = z.object({
  id: z.string(),
  aluno_id: z.string(),
  medicamento: z.string(),
  dose: z.string(),
  posologia: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  /** Given by the family in the portal, or recorded by the school from the signed paper. */
  origem: z.enum(autorizacaoOrigens),
  registrada_por: z.string().nullable(),
  registrada_em: z.string(),
  revogada_em: z.string().nullable(),
  /** In force today: not revoked and today within the period. */
  vigente: z.boolean(),
});
export type Autorizacao = z.infer<typeof autorizacaoSchema>;

export const autorizacaoInputSchema = z
  .strictObject({
    medicamento: singleLineText().min(2, 'Informe o medicamento').max(80, 'Máximo de 80 caracteres'),
    dose: singleLineText().min(1, 'Informe a dose').max(60, 'Máximo de 60 caracteres'),
    posologia: medicationNote,
    inicio: isoDateSchema,
    fim: isoDateSchema,
    /** The school records it only from the paper the family signed (it keeps the paper). */
    termo_assinado: z.boolean().optional(),
  })
  .refine((input) => input.fim >= input.inicio, {
    message: 'O fim do período deve ser no mesmo dia ou depois do início',
    path: ['fim'],
  });
export type AutorizacaoInput = z.input<typeof autorizacaoInputSchema>;

export const leituraSchema = z.object({ responsavel: z.string(), lido_em: z.string() });

export const agendaAlunoDaTurmaSchema = z.object({
  id: z.string(),
  nome: z.string(),
  /**
   * Absent in the day's saved roll (chamada): the child shows as 'Não veio hoje' whatever the form sent,
   * and the family gets no items for the day. Changed by correcting the roll, not here.
   */
  falta_na_chamada: z.boolean(),
  consentimento_imagem: z.boolean(),
  /**
   * A guardian of the child reads the portal (an active family account). Where none does, the agenda
   * reaches nobody of that family: the teacher is told to send it printed or another way.
   */
  familia_no_portal: z.boolean(),
  autorizacoes: z.array(autorizacaoSchema),
  leituras: z.array(leituraSchema),
});

/** The teacher's (and the school's) view of a class's day. */
export const agendaDiaTurmaSchema = z.object({
  turma: turmaRef,
  data: z.string(),
  /** Only the day itself can be filled or changed (ADR 0037). */
  editavel: z.boolean(),
  /** A day without class ('Fim de semana', a holiday's name): sent only when confirmed; null on a school day. */
  sem_aula: z.string().nullable(),
  /** Saved at least once (and so visible to the families). */
  publicada: z.boolean(),
  itens: agendaItensOutSchema,
  excecoes: z.array(agendaExcecaoOutSchema),
  foto: fotoSchema.nullable(),
  autor: z.string().nullable(),
  atualizado_em: z.string().nullable(),
  version: z.number().int().nullable(),
  alunos: z.array(agendaAlunoDaTurmaSchema),
});
export type AgendaDiaTurma = z.infer<typeof agendaDiaTurmaSchema>;

export const medicacaoDadaSchema = z.object({
  medicamento: z.string(),
  dose: z.string(),
  horario: z.string(),
  observacao: z.string().nullable(),
});

/** A child's day as the family (and the school) reads it: the class's items with the child's own. */
export const agendaAlunoSchema = z.object({
  aluno: z.object({ id: z.string(), nome: z.string() }),
  turma: turmaRef.nullable(),
  data: z.string(),
  /** Whether the child's class keeps an agenda at all. */
  tem_agenda: z.boolean(),
  /** With no agenda (`dia` null): the day had no class (a weekend, a holiday, the recess). */
  sem_aula: z.boolean().optional(),
  /** The day's agenda for the child; null when none was filled (or the child did not come). */
  dia: z
    .object({
      ausente: z.boolean(),
      itens: agendaItensOutSchema,
      medicacoes: z.array(medicacaoDadaSchema),
      /** The class's photo, only where the family gave the image consent. */
      foto: fotoSchema.nullable(),
      autor: z.string().nullable(),
      atualizado_em: z.string(),
    })
    .nullable(),
});
export type AgendaAluno = z.infer<typeof agendaAlunoSchema>;

/** Which classes keep an agenda unless the coordination says otherwise: the youngest. */
export function agendaByDefault(nivel: string, serie: string): boolean {
  if (nivel === 'Educação Infantil') return true;
  // Trimmed first, then one optional space between the parts: no pattern that can backtrack.
  return nivel === 'Fundamental I' && /^[12] ?[ºo°]? ?ano/i.test(serie.trim());
}

/** The template a class starts from until the coordination saves its own. */
export const defaultAgendaItens: AgendaItens = {
  refeicoes: [
    { refeicao: 'Lanche da manhã', avaliacao: 'comeu_bem' },
    { refeicao: 'Almoço', avaliacao: 'comeu_bem' },
    { refeicao: 'Lanche da tarde', avaliacao: 'comeu_bem' },
  ],
  sono: [],
  evacuacao: 'normal',
  trocas_fralda: null,
  humor: 'alegre',
  recados: null,
  precisa_trazer: [],
};

/** A day with nothing to tell: what a child who did not come gets (no meals, nap or mood claimed). */
export const agendaSemItens: AgendaItens = {
  refeicoes: [],
  sono: [],
  evacuacao: null,
  trocas_fralda: null,
  humor: null,
  recados: null,
  precisa_trazer: [],
};

/** The child's items: the class's, with what the exception gives in their place. */
export function itensDoAluno(itens: AgendaItens, excecao: AgendaItensAluno | undefined): AgendaItens {
  if (!excecao) return itens;
  return {
    refeicoes: excecao.refeicoes ?? itens.refeicoes,
    sono: excecao.sono ?? itens.sono,
    evacuacao: excecao.evacuacao !== undefined ? excecao.evacuacao : itens.evacuacao,
    trocas_fralda: excecao.trocas_fralda !== undefined ? excecao.trocas_fralda : itens.trocas_fralda,
    humor: excecao.humor !== undefined ? excecao.humor : itens.humor,
    recados: excecao.recados !== undefined ? excecao.recados : itens.recados,
    precisa_trazer: excecao.precisa_trazer ?? itens.precisa_trazer,
  };
}
