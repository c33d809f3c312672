import { z } from 'zod';
import { emailSchema } from './auth.schemas.js';
import { MAX_SUBJECTS_PER_LIST, subjectNameSchema } from './disciplinas.schemas.js';
import { passwordMailFields } from './users.schemas.js';
import { optionalDateSchema, optionalPhoneSchema, requiredName, versionSchema } from './validators.js';

export const teacherStatuses = ['ativo', 'inativo', 'afastado'] as const;
export type TeacherStatus = (typeof teacherStatuses)[number];
export const teacherStatusLabels: Record<TeacherStatus, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  afastado: 'Afastado',
};

/**
 * Whether a teacher with this record status reaches their classes (and the students, grades and rolls in
 * them). An 'inativo' or 'afastado' teacher reaches none, whatever their portal account says (issue 29).
 */
export function teacherReachesClasses(status: TeacherStatus): boolean {
  return status === 'ativo';
}

/**
 * What the status means for the teacher's access, for the school (Professores) and for the teacher
 * (their home); null while 'ativo'.
 */
export function teacherAccessNotice(status: TeacherStatus, reader: 'escola' | 'professor'): string | null {
  if (teacherReachesClasses(status)) return null;
  const label = teacherStatusLabels[status].toLowerCase();
  return reader === 'escola'
    ? `Enquanto estiver ${label}, este professor não acessa turmas, alunos, notas nem chamadas, mesmo com a conta de acesso ao portal ativa. Volta a acessar quando o status for Ativo.`
    : `Seu cadastro de professor está como ${label}. Enquanto isso, você não acessa turmas, alunos, notas nem chamadas. Se não estiver certo, fale com a secretaria da escola.`;
}

export const MAX_SUBJECTS_SHOWN = 3;

export const teacherSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  disciplinas: z.array(z.string()),
  data_contratacao: z.string().nullable(),
  status: z.enum(teacherStatuses),
  usuario_id: z.uuid().nullable(),
  tem_acesso: z.boolean(),
  /** The e-mail of the linked portal account (usually the teacher's own). */
  acesso_email: z.string().nullable(),
  version: z.number().int(),
});
export type Teacher = z.infer<typeof teacherSchema>;

export const teacherInputSchema = z.strictObject({
  nome: requiredName('Nome'),
  email: emailSchema,
  telefone: optionalPhoneSchema,
  /** Names from the school's catalogue (checked on the server: `GET /api/disciplinas`). */
  disciplinas: z
    .array(subjectNameSchema)
    .max(MAX_SUBJECTS_PER_LIST, `No máximo ${String(MAX_SUBJECTS_PER_LIST)} disciplinas`)
    .default([]),
  data_contratacao: optionalDateSchema,
  status: z.enum(teacherStatuses, { error: 'Status inválido' }).default('ativo'),
  /**
   * Create a portal account. A professor account with the same e-mail is linked whether or not this is
   * set (docs/records.md).
   */
  criar_acesso: z.boolean().optional(),
  version: versionSchema.optional(),
});
export type TeacherInput = z.input<typeof teacherInputSchema>;
export type TeacherData = z.output<typeof teacherInputSchema>;

export const listTeachersQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(teacherStatuses).or(z.literal('todos')).optional(),
});
export type ListTeachersQuery = z.output<typeof listTeachersQuerySchema>;

export const savedTeacherSchema = z.object({
  professor: teacherSchema,
  usuarioCriado: z.boolean(),
  senhaGerada: z.string().optional(),
  ...passwordMailFields,
});
export type SavedTeacher = z.infer<typeof savedTeacherSchema>;
