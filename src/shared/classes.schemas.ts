import { z } from 'zod';
import { formatCount, formatList } from './format.js';
import { parentescos, studentStatuses } from './students.schemas.js';
import { ageOn, isoDateSchema, optionalText, uuidParam, versionSchema } from './validators.js';

export const DEFAULT_CAPACITY = 25;

export const classNiveis = ['Educação Infantil', 'Fundamental I', 'Fundamental II', 'Ensino Médio'] as const;
export type ClassNivel = (typeof classNiveis)[number];

/**
 * Educação Infantil by age group (LDB art. 30; ages on 31 March): creche for 0–3, pré-escola for 4–5.
 * The form offers these séries; a class keeps its série as text, so a school's own name still works.
 */
export const infantilGroups = [
  { serie: 'Berçário', etapa: 'creche', idades: '0 a 1 ano' },
  { serie: 'Maternal I', etapa: 'creche', idades: '2 anos' },
  { serie: 'Maternal II', etapa: 'creche', idades: '3 anos' },
  { serie: 'Pré I', etapa: 'pre_escola', idades: '4 anos' },
  { serie: 'Pré II', etapa: 'pre_escola', idades: '5 anos' },
] as const;

/** The séries the class form offers for each stage. */
export const seriesByNivel: Record<ClassNivel, readonly string[]> = {
  'Educação Infantil': infantilGroups.map((group) => group.serie),
  'Fundamental I': ['1º ano', '2º ano', '3º ano', '4º ano', '5º ano'],
  'Fundamental II': ['6º ano', '7º ano', '8º ano', '9º ano'],
  'Ensino Médio': ['1ª série', '2ª série', '3ª série'],
};

/** Every série in school order, Infantil to Médio. */
export const seriesEmOrdem: readonly string[] = [
  ...seriesByNivel['Educação Infantil'],
  ...seriesByNivel['Fundamental I'],
  ...seriesByNivel['Fundamental II'],
  ...seriesByNivel['Ensino Médio'],
];

const normalSerie = (serie: string) => serie.trim().toLowerCase().replace(/\s+/g, ' ');

/** The position of a série in school order (null: a school's own name the list does not know). */
export function serieRank(serie: string): number | null {
  const index = seriesEmOrdem.findIndex((known) => normalSerie(known) === normalSerie(serie));
  return index < 0 ? null : index;
}

/** The série of the list a name is (any case and spacing) and its stage; null for a school's own name. */
function knownSerie(serie: string): { serie: string; nivel: ClassNivel } | null {
  const key = normalSerie(serie);
  for (const nivel of classNiveis) {
    const known = seriesByNivel[nivel].find((item) => normalSerie(item) === key);
    if (known) return { serie: known, nivel };
  }
  return null;
}

const articleOf = (nivel: string) => (nivel === 'Educação Infantil' ? 'a' : 'o');
/** 'do Ensino Médio', 'da Educação Infantil'. */
export const ofNivel = (nivel: string) => `d${articleOf(nivel)} ${nivel}`;
/** 'no Ensino Médio', 'na Educação Infantil'. */
export const inNivel = (nivel: string) => `n${articleOf(nivel)} ${nivel}`;

/**
 * Why a série of the list does not go with the stage chosen ('5º ano' in Ensino Médio), or null. A
 * school's own name for a série is not judged.
 */
export function serieMismatch(nivel: ClassNivel, serie: string): string | null {
  const known = knownSerie(serie);
  if (known === null || known.nivel === nivel) return null;
  return `${known.serie} é ${ofNivel(known.nivel)}, não ${ofNivel(nivel)}: escolha o nível ${known.nivel} ou uma série ${ofNivel(nivel)} (${formatList(seriesByNivel[nivel])})`;
}

/**
 * The ages a série is for, on 31 March of its school year (the corte etário, Resolução CNE/CEB 2/2018):
 * 6 for the 1º ano, 15 for the 1ª série, 0 and 1 for the Berçário. Null for a school's own name.
 */
function serieAges(serie: string): { min: number; max: number } | null {
  const rank = serieRank(serie);
  if (rank === null) return null;
  return rank === 0 ? { min: 0, max: 1 } : { min: rank + 1, max: rank + 1 };
}

const years = (count: number) => formatCount(count, 'ano', 'anos');

/**
 * A word for the secretary when a student's age does not go with the class's série on 31 March of the
 * class's year: younger than the série's age, or two or more years older (INEP's distorção idade-série).
 * A warning, never a refusal: a student held back or who started late is real — and so is a mistyped
 * birth date, which this catches before it reaches the boletim, the Censo and the documents.
 */
export function ageSerieWarning(nascimento: string, serie: string, anoLetivo: string): string | null {
  const ages = serieAges(serie);
  if (!ages || !/^\d{4}-\d{2}-\d{2}$/.test(nascimento) || !/^\d{4}$/.test(anoLetivo)) return null;
  const cutoff = `31/03/${anoLetivo}`;
  const age = ageOn(nascimento, `${anoLetivo}-03-31`);
  const expected = ages.min === ages.max ? years(ages.min) : `${String(ages.min)} a ${years(ages.max)}`;
  const check = 'Confira a data de nascimento e a turma.';
  // A baby born after the cut-off is the Berçário's own (no age yet on that day).
  if (age < ages.min && ages.min > 0)
    return `${serie}: idade de ${expected} em ${cutoff}; pela data de nascimento, ${years(Math.max(age, 0))} nessa data. ${check}`;
  if (age >= ages.max + 2)
    return `${serie}: idade de ${expected} em ${cutoff}; pela data de nascimento, ${years(age)} nessa data (distorção idade-série). ${check}`;
  return null;
}

const serieCollator = new Intl.Collator('pt-BR', { numeric: true });

/**
 * Séries in school order (Berçário … Pré II, 1º … 9º ano, 1ª … 3ª série), a school's own names after
 * them by name: alphabetical order would put '1ª série' of the Médio before the '1º ano'.
 */
export function compareSeries(a: string, b: string): number {
  const rankA = serieRank(a) ?? Number.MAX_SAFE_INTEGER;
  const rankB = serieRank(b) ?? Number.MAX_SAFE_INTEGER;
  return rankA - rankB || serieCollator.compare(a, b);
}

/** Classes in school order: by série (`compareSeries`), then by name ('5º Ano A' before '5º Ano B'). */
export function compareClasses(
  a: { serie: string; nome: string },
  b: { serie: string; nome: string },
): number {
  return compareSeries(a.serie, b.serie) || serieCollator.compare(a.nome, b.nome);
}

/** Educação Infantil has no grades and no retention (LDB art. 31): pareceres descritivos instead. */
export const isInfantil = (nivel: string): boolean => nivel === 'Educação Infantil';

/** Whether a série is one of Educação Infantil's age groups (where only the série is at hand). */
export const isInfantilSerie = (serie: string | null | undefined): boolean =>
  serie !== null &&
  serie !== undefined &&
  infantilGroups.some((group) => group.serie.toLowerCase() === serie.trim().toLowerCase());

export const INFANTIL_SEM_NOTAS = 'Turmas de Educação Infantil não têm notas: use os pareceres descritivos.';

/** Creche (0–3) or pré-escola (4–5) from an Infantil class's série; a série the list lacks counts as pré-escola unless it names the creche. */
export function infantilEtapaOf(serie: string): 'creche' | 'pre_escola' {
  const known = infantilGroups.find((group) => group.serie.toLowerCase() === serie.trim().toLowerCase());
  if (known) return known.etapa;
  return /ber[cç]|maternal|creche/i.test(serie) ? 'creche' : 'pre_escola';
}

/** 'integral': the whole day (creches and schools of tempo integral; INEP counts 7 hours or more). */
export const turnos = ['manha', 'tarde', 'noite', 'integral'] as const;
export type Turno = (typeof turnos)[number];
export const turnoLabels: Record<Turno, string> = {
  manha: 'Manhã',
  tarde: 'Tarde',
  noite: 'Noite',
  integral: 'Integral',
};
/** How a sentence names a class's turno: 'turno da manhã', but 'período integral'. */
export const turnoNaFrase: Record<Turno, string> = {
  manha: 'turno da manhã',
  tarde: 'turno da tarde',
  noite: 'turno da noite',
  integral: 'período integral',
};

export const classStatuses = ['ativo', 'inativo', 'concluido'] as const;
export type ClassStatus = (typeof classStatuses)[number];
export const classStatusLabels: Record<ClassStatus, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  concluido: 'Concluído',
};

export const classSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  nivel: z.enum(classNiveis),
  serie: z.string(),
  turno: z.enum(turnos),
  ano_letivo: z.string(),
  capacidade_maxima: z.number().int(),
  professor_responsavel_id: z.uuid().nullable(),
  professor_responsavel: z.object({ id: z.uuid(), nome: z.string() }).nullable(),
  observacoes: z.string().nullable(),
  status: z.enum(classStatuses),
  alunos_count: z.number().int(),
  version: z.number().int(),
});
export type SchoolClass = z.infer<typeof classSchema>;

/** The missing série's message in the stage's words: Educação Infantil has groups, not séries. */
export const serieObrigatoria = (nivel: ClassNivel | undefined): string =>
  nivel === 'Educação Infantil' ? 'Grupo é obrigatório' : 'Série é obrigatória';

export const classInputSchema = z
  .strictObject({
    nome: z
      .string({ error: 'Nome da turma é obrigatório' })
      .trim()
      .min(1, 'Nome da turma é obrigatório')
      .max(80, 'Máximo de 80 caracteres'),
    nivel: z.enum(classNiveis, { error: 'Nível é obrigatório' }),
    // Required by the refinement below, which knows the stage: Infantil calls it 'Grupo'.
    serie: z
      .string({ error: 'Série inválida' })
      .trim()
      .max(40, 'Máximo de 40 caracteres')
      .nullish()
      .transform((serie) => serie ?? ''),
    turno: z.enum(turnos, { error: 'Turno inválido' }),
    ano_letivo: z
      .string({ error: 'Ano letivo é obrigatório' })
      .trim()
      .regex(/^\d{4}$/, 'Ano letivo inválido')
      // The years a school year (Calendário) and the tuition's generation take: '0000' or '9999' made a
      // class nothing else could reach.
      .refine((ano) => Number(ano) >= 2000 && Number(ano) <= 2100, 'Ano letivo inválido'),
    capacidade_maxima: z.coerce
      .number({ error: 'Capacidade inválida' })
      .int('Capacidade inválida')
      .min(1, 'A capacidade mínima é 1')
      .max(200, 'A capacidade máxima é 200')
      .default(DEFAULT_CAPACITY),
    professor_responsavel_id: uuidParam.nullable().optional(),
    observacoes: optionalText(1000, { multiline: true }),
    status: z.enum(classStatuses, { error: 'Status inválido' }).default('ativo'),
    version: versionSchema.optional(),
  })
  .superRefine(
    (input, context) => {
      // Runs with the other fields' errors too (`when`), so the form shows them all at the first
      // submit: a field that failed keeps its raw value here.
      const nivel = (classNiveis as readonly unknown[]).includes(input.nivel) ? input.nivel : undefined;
      if (typeof input.serie !== 'string') return;
      if (input.serie === '') {
        context.addIssue({ code: 'custom', path: ['serie'], message: serieObrigatoria(nivel) });
        return;
      }
      const mismatch = nivel ? serieMismatch(nivel, input.serie) : null;
      if (mismatch) context.addIssue({ code: 'custom', path: ['serie'], message: mismatch });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type ClassInput = z.input<typeof classInputSchema>;
export type ClassData = z.output<typeof classInputSchema>;

export const listClassesQuerySchema = z.strictObject({
  professor_id: uuidParam.optional(),
});

export const enrolInputSchema = z.strictObject({
  aluno_id: uuidParam,
  /** First day in the class (a late registration); default today. Past days count from it on. */
  data_enturmacao: isoDateSchema.optional(),
});

export const classStudentSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  matricula: z.string(),
  email: z.string().nullable(),
  data_nascimento: z.string(),
  status: z.enum(studentStatuses),
  responsavel: z
    .object({
      nome: z.string(),
      parentesco: z.enum(parentescos),
      email: z.string().nullable(),
      /** Null only when a guardian sees the other parent (classes.service.ts). */
      telefone: z.string().nullable(),
    })
    .nullable(),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

export const CLASS_FULL = 'Turma lotada';
