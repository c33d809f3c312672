import { z } from 'zod';
import { uuidParam, versionSchema } from './validators.js';

/**
 * Contracts of the pareceres descritivos of Educação Infantil (LDB art. 31: evaluation by record, no
 * grades, no retention): one per child per period, written against the BNCC campos de experiência,
 * reviewed and published by the coordination before the family reads it (ADR 0026).
 */

/** The five BNCC campos de experiência, by the BNCC's own codes (the EO of EI03EO01). */
export const camposExperiencia = [
  { codigo: 'EO', nome: 'O eu, o outro e o nós' },
  { codigo: 'CG', nome: 'Corpo, gestos e movimentos' },
  { codigo: 'TS', nome: 'Traços, sons, cores e formas' },
  { codigo: 'EF', nome: 'Escuta, fala, pensamento e imaginação' },
  { codigo: 'ET', nome: 'Espaços, tempos, quantidades, relações e transformações' },
] as const;
export const campoCodigos = ['EO', 'CG', 'TS', 'EF', 'ET'] as const;
export type CampoCodigo = (typeof campoCodigos)[number];
export const campoLabels = Object.fromEntries(
  camposExperiencia.map((campo) => [campo.codigo, campo.nome]),
) as Record<CampoCodigo, string>;

export const parecerStatuses = ['rascunho', 'revisado', 'publicado'] as const;
export type ParecerStatus = (typeof parecerStatuses)[number];
export const parecerStatusLabels: Record<ParecerStatus, string> = {
  rascunho: 'Rascunho',
  revisado: 'Revisado',
  publicado: 'Publicado',
};

export const PARECER_LIMITS = { textoMax: 20_000, campoMax: 10_000 } as const;

/** 'O eu, o outro e o nós' → 'o_eu_o_outro_e_o_nos'. */
const keyOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * A campo named by its BNCC code ('EO', any case) or by its name, with or without accents and
 * punctuation ('O eu, o outro e o nós', 'o_eu_o_outro_e_o_nos'); null when it is none of the five.
 */
export function campoCodigoOf(key: string): CampoCodigo | null {
  const wanted = keyOf(key);
  const found = camposExperiencia.find(
    (campo) => campo.codigo.toLowerCase() === wanted || keyOf(campo.nome) === wanted,
  );
  return found?.codigo ?? null;
}

const campoText = z
  .string({ error: 'Texto do campo inválido' })
  .trim()
  .max(PARECER_LIMITS.campoMax, `Máximo de ${PARECER_LIMITS.campoMax.toLocaleString('pt-BR')} caracteres`);

/** `campos`: keyed by campo de experiência (code or name); stored by code, empty texts dropped. */
export const camposInputSchema = z
  .record(z.string(), campoText, { error: 'Campos inválidos' })
  .transform((campos, context) => {
    const out: Partial<Record<CampoCodigo, string>> = {};
    for (const [key, value] of Object.entries(campos)) {
      const codigo = campoCodigoOf(key);
      if (!codigo) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `Campo de experiência desconhecido: use ${campoCodigos.join(', ')} ou o nome do campo`,
        });
        continue;
      }
      if (value !== '') out[codigo] = value;
    }
    return out;
  });

export const parecerInputSchema = z.strictObject({
  texto: z
    .string({ error: 'Texto do parecer é obrigatório' })
    .trim()
    .max(PARECER_LIMITS.textoMax, `Máximo de ${PARECER_LIMITS.textoMax.toLocaleString('pt-BR')} caracteres`),
  campos: camposInputSchema.optional(),
  /** The teacher hands the parecer to the coordination ('Enviar para revisão'). */
  enviar: z.boolean({ error: 'Valor inválido' }).optional(),
  version: versionSchema.optional(),
});
export type ParecerInput = z.input<typeof parecerInputSchema>;

export const parecerActionInputSchema = z.strictObject({ version: versionSchema.optional() });

export const parecerParams = z.strictObject({ aluno_id: uuidParam, periodo_id: uuidParam });

export const listPareceresQuerySchema = z.strictObject({
  turma_id: uuidParam.optional(),
  periodo_id: uuidParam.optional(),
  aluno_id: uuidParam.optional(),
  status: z.enum(parecerStatuses, { error: 'Status inválido' }).optional(),
});

export const relatorioQuerySchema = z.strictObject({ periodo_id: uuidParam.optional() });

const person = z.object({ id: z.uuid(), nome: z.string() });

export const parecerSchema = z.object({
  id: z.uuid(),
  aluno_id: z.uuid(),
  aluno: z.object({ id: z.uuid(), nome: z.string(), matricula: z.string() }),
  periodo_id: z.uuid(),
  periodo: z.object({ id: z.uuid(), nome: z.string(), ano: z.number().int() }),
  turma_id: z.uuid(),
  turma: z.object({ id: z.uuid(), nome: z.string(), serie: z.string() }),
  texto: z.string(),
  campos: z.partialRecord(z.enum(campoCodigos), z.string()),
  status: z.enum(parecerStatuses),
  /** When the teacher handed it to the coordination (null: still being written). */
  enviado_em: z.string().nullable(),
  autor: person.nullable(),
  revisor: person.nullable(),
  revisado_em: z.string().nullable(),
  publicado_em: z.string().nullable(),
  updated_at: z.string(),
  version: z.number().int(),
  /** Photos of the child's work (issue 31 §1), served only through `url` to whoever reaches the parecer. */
  fotos: z.array(
    z.object({ id: z.uuid(), url: z.string(), largura: z.number().int(), altura: z.number().int() }),
  ),
});
export type Parecer = z.infer<typeof parecerSchema>;

/** At most this many photos per parecer. */
export const PARECER_FOTOS_MAX = 6;
export const parecerFotoParams = z.strictObject({
  aluno_id: uuidParam,
  periodo_id: uuidParam,
  foto_id: uuidParam,
});

/** Whether a parecer has anything written (a parecer with nothing cannot be reviewed). */
export function hasParecerText(parecer: { texto: string; campos: Partial<Record<CampoCodigo, string>> }) {
  return parecer.texto.trim() !== '' || Object.values(parecer.campos).some((text) => text.trim() !== '');
}
