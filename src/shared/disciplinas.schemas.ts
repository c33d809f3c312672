import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_MESSAGE, versionSchema } from './validators.js';
import { foldText } from './format.js';
import { classNiveis, ofNivel, type ClassNivel } from './classes.schemas.js';

/**
 * The school's subject catalogue (issue 31 §2, ADR 0023): each subject has a name, an área do
 * conhecimento and, where there is one, its BNCC component. Classes' grade curricular, teachers' subjects,
 * grades and attendance name subjects from it (by name, so closed years keep the name they were taught under).
 */

/**
 * The áreas, stored as the Fundamental name. Ensino Médio reads the same área with its own name
 * (`areaLabel(area, 'Ensino Médio')`): one subject (Matemática) serves both stages.
 */
export const areas = [
  'Linguagens',
  'Matemática',
  'Ciências da Natureza',
  'Ciências Humanas',
  'Ensino Religioso',
  'Itinerário formativo',
  'Parte diversificada',
] as const;
export type Area = (typeof areas)[number];

/** How each área reads in Ensino Médio (BNCC do Ensino Médio; Lei 14.945/2024). */
export const areaLabelsMedio: Record<Area, string> = {
  Linguagens: 'Linguagens e suas Tecnologias',
  Matemática: 'Matemática e suas Tecnologias',
  'Ciências da Natureza': 'Ciências da Natureza e suas Tecnologias',
  'Ciências Humanas': 'Ciências Humanas e Sociais Aplicadas',
  'Ensino Religioso': 'Ensino Religioso',
  'Itinerário formativo': 'Itinerário formativo',
  'Parte diversificada': 'Parte diversificada',
};

/** The área's name for a stage: the Médio name in Ensino Médio, the BNCC's Fundamental name elsewhere. */
export function areaLabel(area: Area, nivel?: string | null): string {
  return nivel === 'Ensino Médio' ? areaLabelsMedio[area] : area;
}

/** The BNCC's components curriculares (Ensino Fundamental and Ensino Médio). */
export const componentesBncc = [
  'Língua Portuguesa',
  'Arte',
  'Educação Física',
  'Língua Inglesa',
  'Matemática',
  'Ciências',
  'Biologia',
  'Física',
  'Química',
  'Geografia',
  'História',
  'Filosofia',
  'Sociologia',
  'Ensino Religioso',
] as const;
export type ComponenteBncc = (typeof componentesBncc)[number];

/**
 * The stages whose grade curricular offers each BNCC component (ADR 0127): Biologia, Física, Química,
 * Filosofia and Sociologia are the Ensino Médio's; Ciências and Ensino Religioso the Fundamental's (ER:
 * CF art. 210, § 1). Educação Infantil, which the BNCC organizes by campos de experiência and not by
 * component, is offered the Fundamental's other components, as schools name its activities after them.
 */
const infantilAoMedio = classNiveis;
export const componenteStages: Record<ComponenteBncc, readonly ClassNivel[]> = {
  'Língua Portuguesa': infantilAoMedio,
  Arte: infantilAoMedio,
  'Educação Física': infantilAoMedio,
  'Língua Inglesa': infantilAoMedio,
  Matemática: infantilAoMedio,
  Ciências: ['Educação Infantil', 'Fundamental I', 'Fundamental II'],
  Biologia: ['Ensino Médio'],
  Física: ['Ensino Médio'],
  Química: ['Ensino Médio'],
  Geografia: infantilAoMedio,
  História: infantilAoMedio,
  Filosofia: ['Ensino Médio'],
  Sociologia: ['Ensino Médio'],
  'Ensino Religioso': ['Fundamental I', 'Fundamental II'],
};

/**
 * Whether a class of this stage is offered the subject: a BNCC component at its stages, an itinerário
 * formativo in Ensino Médio, and a subject of the school's own (no BNCC component) at the stages the
 * school chose for it (`etapas`, ADR 0132; every stage unless it chose).
 */
export function subjectFitsStage(
  subject: { area: Area; componente_bncc: ComponenteBncc | null; etapas?: readonly ClassNivel[] },
  nivel: string,
): boolean {
  if (subject.area === 'Itinerário formativo') return nivel === 'Ensino Médio';
  if (subject.componente_bncc === null)
    return (subject.etapas ?? classNiveis).some((etapa) => etapa === nivel);
  return (componenteStages[subject.componente_bncc] as readonly string[]).includes(nivel);
}

/**
 * Whether the school chooses the subject's stages (`etapas`): only for its own subjects — a BNCC
 * component's stages are the BNCC's (`componenteStages`), an itinerário's the Ensino Médio.
 */
export function hasChosenStages(subject: { area: Area; componente_bncc: ComponenteBncc | null }): boolean {
  return subject.area !== 'Itinerário formativo' && subject.componente_bncc === null;
}

/**
 * The stages a school's own subject is offered at (ADR 0132): at least one, each once, kept in the
 * stages' order whatever order they came in.
 */
export const subjectStagesSchema = z
  .array(z.enum(classNiveis, { error: 'Etapa inválida' }), { error: 'Escolha as etapas' })
  .min(1, 'Escolha ao menos uma etapa')
  .max(classNiveis.length * 2, 'Etapas repetidas')
  .transform((chosen) => classNiveis.filter((etapa) => chosen.includes(etapa)));

/**
 * Why a class of this stage is not offered the subject ('A disciplina Física não faz parte da grade da
 * Educação Infantil'); for a school's own subject (`chosen`), where its stages are chosen.
 */
export function subjectStageMessage(nome: string, nivel: string, chosen = false): string {
  const base = `A disciplina ${nome} não faz parte da grade ${ofNivel(nivel)}`;
  return chosen ? `${base} (as etapas dela estão em Configurações → Acadêmico → Disciplinas)` : base;
}

export interface DefaultDisciplina {
  nome: string;
  area: Area;
  componente_bncc: ComponenteBncc | null;
}

/**
 * The 14 subjects the product started with: a new school's catalogue (the migration inserts the same
 * rows, in this order, as `ordem` 1…14).
 */
export const defaultDisciplinas: readonly DefaultDisciplina[] = [
  { nome: 'Matemática', area: 'Matemática', componente_bncc: 'Matemática' },
  { nome: 'Português', area: 'Linguagens', componente_bncc: 'Língua Portuguesa' },
  { nome: 'História', area: 'Ciências Humanas', componente_bncc: 'História' },
  { nome: 'Geografia', area: 'Ciências Humanas', componente_bncc: 'Geografia' },
  { nome: 'Ciências', area: 'Ciências da Natureza', componente_bncc: 'Ciências' },
  { nome: 'Biologia', area: 'Ciências da Natureza', componente_bncc: 'Biologia' },
  { nome: 'Física', area: 'Ciências da Natureza', componente_bncc: 'Física' },
  { nome: 'Química', area: 'Ciências da Natureza', componente_bncc: 'Química' },
  { nome: 'Inglês', area: 'Linguagens', componente_bncc: 'Língua Inglesa' },
  { nome: 'Educação Física', area: 'Linguagens', componente_bncc: 'Educação Física' },
  { nome: 'Arte', area: 'Linguagens', componente_bncc: 'Arte' },
  { nome: 'Música', area: 'Linguagens', componente_bncc: 'Arte' },
  { nome: 'Filosofia', area: 'Ciências Humanas', componente_bncc: 'Filosofia' },
  { nome: 'Sociologia', area: 'Ciências Humanas', componente_bncc: 'Sociologia' },
];

export const SUBJECT_NAME_MAX = 60;
/** At most this many subjects in one class's grade curricular or one teacher's list. */
export const MAX_SUBJECTS_PER_LIST = 40;

/** A subject's name wherever one is chosen or given (the catalogue decides which names exist). */
export const subjectNameSchema = z
  .string({ error: 'Disciplina inválida' })
  .trim()
  .min(1, 'Informe a disciplina')
  .max(SUBJECT_NAME_MAX, `A disciplina deve ter no máximo ${String(SUBJECT_NAME_MAX)} caracteres`)
  .refine(isSingleLine, SINGLE_LINE_MESSAGE);

/** Case and accents aside, two names are the same subject ('robotica' is 'Robótica'). */
export function subjectKey(nome: string): string {
  return foldText(nome.trim());
}

/** Accepts the stored name and, in any case, either stage's name ('Linguagens e suas Tecnologias'). */
const areaInputSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const key = subjectKey(value);
    return (
      areas.find((area) => subjectKey(area) === key || subjectKey(areaLabelsMedio[area]) === key) ?? value
    );
  },
  z.enum(areas, { error: 'Área do conhecimento inválida' }),
);

const componenteInputSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    const key = subjectKey(value);
    return componentesBncc.find((componente) => subjectKey(componente) === key) ?? value;
  },
  z.enum(componentesBncc, { error: 'Componente da BNCC inválido' }).nullable(),
);

export const disciplinaSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  area: z.enum(areas),
  componente_bncc: z.enum(componentesBncc).nullable(),
  /** The stages whose grade curricular offers a subject of the school's own (ADR 0132). */
  etapas: z.array(z.enum(classNiveis)),
  ativo: z.boolean(),
  ordem: z.number().int(),
  version: z.number().int(),
});
export type Disciplina = z.infer<typeof disciplinaSchema>;

export const listDisciplinasQuerySchema = z.strictObject({
  /** `?todas=1`: the inactive subjects too (the catalogue's screen). */
  todas: z.enum(['0', '1', 'true', 'false'], { error: 'Use todas=1 ou todas=0' }).optional(),
});
export type ListDisciplinasQuery = z.output<typeof listDisciplinasQuerySchema>;

export const createDisciplinaInputSchema = z.strictObject({
  nome: subjectNameSchema,
  area: areaInputSchema,
  componente_bncc: componenteInputSchema.optional(),
  /** Every stage unless told (ADR 0132). */
  etapas: subjectStagesSchema.optional(),
  ativo: z.boolean({ error: 'Ativo deve ser verdadeiro ou falso' }).default(true),
});
export type CreateDisciplinaInput = z.input<typeof createDisciplinaInputSchema>;
export type CreateDisciplinaData = z.output<typeof createDisciplinaInputSchema>;

export const updateDisciplinaInputSchema = z.strictObject({
  nome: subjectNameSchema.optional(),
  area: areaInputSchema.optional(),
  componente_bncc: componenteInputSchema.optional(),
  etapas: subjectStagesSchema.optional(),
  ativo: z.boolean({ error: 'Ativo deve ser verdadeiro ou falso' }).optional(),
  ordem: z.number().int().min(1).max(1000).optional(),
  version: versionSchema.optional(),
});
export type UpdateDisciplinaInput = z.input<typeof updateDisciplinaInputSchema>;
export type UpdateDisciplinaData = z.output<typeof updateDisciplinaInputSchema>;
