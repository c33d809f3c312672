import { z } from 'zod';
import { ABONO_MOTIVO_MIN } from './attendance.schemas.js';
import { addDays, daysBetween } from './calendar.js';
import { formatDate } from './format.js';
import { isoDateSchema, pageQuery, uuidParam } from './validators.js';

/**
 * A family's justification of a child's absence (issue 32 §1, ADR 0034): sent by a guardian with a
 * reason and, if there is one, the atestado (a photo or a PDF); answered by the school, which accepts it
 * (the day's absences become abonadas and stop counting) or answers without accepting (they stay faltas).
 */
export const situacoesJustificativa = ['enviada', 'aceita', 'recusada'] as const;
export type SituacaoJustificativa = (typeof situacoesJustificativa)[number];
export const situacaoJustificativaLabels: Record<SituacaoJustificativa, string> = {
  enviada: 'Enviada — aguardando a escola',
  aceita: 'Aceita — falta abonada',
  recusada: 'Respondida — a falta continua contando',
};

export const JUSTIFICATIVA_LIMITS = {
  /** A justification is sent up to this many days after the absence (the atestado is still fresh). */
  diasParaJustificar: 30,
  motivoMax: 1000,
  respostaMax: 1000,
  arquivoMaxBytes: 10 * 1024 * 1024,
} as const;

/** The oldest absent day the portal still takes a justification for, `today` being the school's. */
export function firstJustifiableDay(today: string): string {
  return addDays(today, -JUSTIFICATIVA_LIMITS.diasParaJustificar);
}

/**
 * Why the portal no longer takes a justification for the absence of `data`, or null while it still does:
 * the server refuses a late one with these words, and the family's form says them before anyone types.
 */
export function tooLateToJustify(data: string, today: string): string | null {
  const limite = String(JUSTIFICATIVA_LIMITS.diasParaJustificar);
  if (daysBetween(data, today) <= JUSTIFICATIVA_LIMITS.diasParaJustificar) return null;
  return `A falta de ${formatDate(data)} tem mais de ${limite} dias: a justificativa pelo portal vale até ${limite} dias depois da falta. Fale com a secretaria da escola.`;
}

/**
 * Accepted, the family's reason becomes the abono's ('Justificativa da família aceita: …'): it asks for
 * the same few words as the coordenação's own abono (`ABONO_MOTIVO_MIN`), with the same kind of message.
 */
const MOTIVO_FALTA = `Explique o motivo da falta (ao menos ${String(ABONO_MOTIVO_MIN)} caracteres)`;

const motivoField = z
  .string({ error: MOTIVO_FALTA })
  .trim()
  .min(ABONO_MOTIVO_MIN, MOTIVO_FALTA)
  .max(JUSTIFICATIVA_LIMITS.motivoMax, `Máximo de ${String(JUSTIFICATIVA_LIMITS.motivoMax)} caracteres`);

/**
 * `POST /api/frequencia/justificativas` (multipart, or JSON without a file): the absence by its id
 * (`falta_id`), or the child and the day (`aluno_id` + `data`); a justification covers every absence of
 * the child on that day.
 */
export const justificativaInputSchema = z
  .strictObject({
    falta_id: uuidParam.optional(),
    aluno_id: uuidParam.optional(),
    data: isoDateSchema.optional(),
    motivo: motivoField,
  })
  .superRefine((value, context) => {
    if (value.falta_id) return;
    if (!value.aluno_id)
      context.addIssue({
        code: 'custom',
        path: ['aluno_id'],
        message: 'Informe a falta ou o aluno e a data',
      });
    if (!value.data) context.addIssue({ code: 'custom', path: ['data'], message: 'Informe a data da falta' });
  });
export type JustificativaInput = z.infer<typeof justificativaInputSchema>;

/** The family's form: the reason (the day and the file travel beside it). */
export const justificativaFormSchema = z.strictObject({ motivo: motivoField });

export const respostaInputSchema = z
  .strictObject({
    aceita: z.boolean({ error: 'Diga se a justificativa foi aceita' }),
    resposta: z
      .string()
      .trim()
      .max(
        JUSTIFICATIVA_LIMITS.respostaMax,
        `Máximo de ${String(JUSTIFICATIVA_LIMITS.respostaMax)} caracteres`,
      )
      .optional()
      .default(''),
  })
  .superRefine((value, context) => {
    if (!value.aceita && value.resposta.length < 3)
      context.addIssue({
        code: 'custom',
        path: ['resposta'],
        message: 'Escreva a resposta à família (por que a falta não foi abonada)',
      });
  });
export type RespostaInput = z.input<typeof respostaInputSchema>;

export const justificativaSchema = z.object({
  id: z.string(),
  aluno: z.object({ id: z.string(), nome: z.string() }),
  turma_nome: z.string().nullable(),
  data: z.string(),
  /** The absences of that day (a per-lesson class has one per lesson). */
  faltas: z.number().int(),
  motivo: z.string(),
  /** The atestado, if sent: opened at `url` by the family and by the school. */
  arquivo: z
    .object({ nome: z.string(), tipo: z.string(), tamanho: z.number().int(), url: z.string() })
    .nullable(),
  situacao: z.enum(situacoesJustificativa),
  resposta: z.string().nullable(),
  enviada_por_nome: z.string(),
  enviada_em: z.string(),
  respondida_por_nome: z.string().nullable(),
  respondida_em: z.string().nullable(),
});
export type Justificativa = z.infer<typeof justificativaSchema>;

/** The school's queue: pending first by default; by class, child or state. */
export const justificativasQuerySchema = z.strictObject({
  situacao: z
    .enum([...situacoesJustificativa, 'todas'])
    .optional()
    .default('enviada'),
  turma_id: uuidParam.optional(),
  aluno_id: uuidParam.optional(),
  ...pageQuery({ defaultSize: 20, maxSize: 100 }),
});
export type JustificativasQuery = z.input<typeof justificativasQuerySchema>;

export const justificativaPageSchema = z.object({
  items: z.array(justificativaSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type JustificativaPage = z.infer<typeof justificativaPageSchema>;

/** The family's list: their children's justifications (one child with `aluno_id`), newest first. */
export const minhasJustificativasQuerySchema = z.strictObject({ aluno_id: uuidParam.optional() });
