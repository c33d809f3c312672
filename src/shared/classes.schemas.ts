import { z } from 'zod';
import { parentescos, studentStatuses } from './students.schemas.js';
import { isoDateSchema, optionalText, uuidParam, versionSchema } from './validators.js';

export const DEFAULT_CAPACITY = 25;

export const classNiveis = ['Fundamental I', 'Fundamental II'] as const;
export const turnos = ['manha', 'tarde', 'noite'] as const;
export type Turno = (typeof turnos)[number];
export const turnoLabels: Record<Turno, string> = { manha: 'Manhã', tarde: 'Tarde', noite: 'Noite' };

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

export const classInputSchema = z.strictObject({
  nome: z
    .string({ error: 'Nome da turma é obrigatório' })
    .trim()
    .min(1, 'Nome da turma é obrigatório')
    .max(80, 'Máximo de 80 caracteres'),
  nivel: z.enum(classNiveis, { error: 'Nível é obrigatório' }),
  serie: z
    .string({ error: 'Série é obrigatória' })
    .trim()
    .min(1, 'Série é obrigatória')
    .max(40, 'Máximo de 40 caracteres'),
  turno: z.enum(turnos, { error: 'Turno inválido' }),
  ano_letivo: z
    .string({ error: 'Ano letivo é obrigatório' })
    .trim()
    .regex(/^\d{4}$/, 'Ano letivo inválido'),
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
});
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
