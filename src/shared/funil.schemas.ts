/**
 * Matrícula online, the funnel (issue 34 §1): the family's detail with its timeline, a note or contact
 * on it, and the figures a director asks for.
 */
import { z } from 'zod';

import {
  etapasFunil,
  interessadoEventoSchema,
  interessadoSchema,
  origensInteressado,
} from './matriculas.schemas.js';

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
