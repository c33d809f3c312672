import { z } from 'zod';
import type { Page } from './api.js';
import {
  optionalCpfSchema,
  optionalDate,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalText,
  pageQuery,
  requiredBirthDateSchema,
  requiredName,
  requiredPhoneSchema,
  sortQuery,
  uuidParam,
  versionSchema,
} from './validators.js';
import { envioEmailStates, passwordMailFields } from './users.schemas.js';
import {
  checkEnderecoCompleto,
  enderecoPartesFields,
  enderecoPartesSchema,
  ufSchema,
} from './endereco.schemas.js';

export const STUDENT_PAGE_SIZE = 20;

export const studentStatuses = ['ativo', 'inativo', 'transferido', 'formado'] as const;
export type StudentStatus = (typeof studentStatuses)[number];
export const studentStatusLabels: Record<StudentStatus, string> = {
  ativo: 'Ativo',
  inativo: 'Inativo',
  transferido: 'Transferido',
  formado: 'Formado',
};

export const parentescos = ['pai', 'mae', 'avo', 'ava', 'tio', 'tia', 'outro'] as const;
export type Parentesco = (typeof parentescos)[number];
export const parentescoLabels: Record<Parentesco, string> = {
  pai: 'Pai',
  mae: 'Mãe',
  avo: 'Avô',
  ava: 'Avó',
  tio: 'Tio',
  tia: 'Tia',
  outro: 'Outro',
};

/** A guardian as a student's record shows it (CPF only for administrators). */
export const studentGuardianSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  email: z.string().nullable(),
  /** Null only for a guardian's view of the child's other guardians (students.presenter.ts). */
  telefone: z.string().nullable(),
  cpf: z.string().nullable(),
  endereco: z.string().nullable(),
  /** The address in parts (ADR 0058), shown to whoever sees `endereco`; null parts on older records. */
  ...enderecoPartesSchema.shape,
  /** The school's internal notes: administrators only. */
  observacoes: z.string().nullable(),
  parentesco: z.enum(parentescos),
  eh_principal: z.boolean(),
  tem_acesso: z.boolean(),
});
export type StudentGuardian = z.infer<typeof studentGuardianSchema>;

/** A student's sex as the school records it (optional): wording of documents and the census. */
export const sexos = ['feminino', 'masculino'] as const;
export type Sexo = (typeof sexos)[number];
export const sexoLabels: Record<Sexo, string> = { feminino: 'Feminino', masculino: 'Masculino' };

export const studentSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  data_nascimento: z.string(),
  sexo: z.enum(sexos).nullable(),
  idade: z.number(),
  matricula: z.string(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  endereco: z.string().nullable(),
  /** Null for teachers and guardians' views of other data: never shown outside administration. */
  cpf: z.string().nullable(),
  turma_id: z.uuid().nullable(),
  /** The class now: its nível tells an Educação Infantil child (pareceres, no boletim) whatever its série is called. */
  turma: z.object({ id: z.uuid(), nome: z.string(), serie: z.string(), nivel: z.string() }).nullable(),
  data_enturmacao: z.string().nullable(),
  data_matricula: z.string(),
  responsavel_id: z.uuid().nullable(),
  responsavel: studentGuardianSchema.nullable(),
  responsaveis: z.array(studentGuardianSchema),
  status: z.enum(studentStatuses),
  /** The day an inactive or transferred student left, and a transfer's destination (null otherwise). */
  saida: z
    .object({
      data: z.string(),
      escola: z.string().nullable(),
      municipio: z.string().nullable(),
      uf: z.string().nullable(),
    })
    .nullable(),
  observacoes: z.string().nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Student = z.infer<typeof studentSchema>;

/**
 * A row of the students list (`GET /api/alunos`): what the list shows — and what the family's screens
 * pick a child by — with the principal guardian's name and phone. The whole record (every guardian,
 * addresses, CPF, notes) is `GET /api/alunos/:id`, read when a card or the edit form opens: a page of the
 * list does not carry twenty families' addresses and documents (LGPD art. 6º III) nor grow with them
 * (issue 38: a full page of a search was ten times the answer of one that finds two students).
 */
export const studentListItemSchema = studentSchema
  .pick({
    id: true,
    nome: true,
    data_nascimento: true,
    sexo: true,
    idade: true,
    matricula: true,
    email: true,
    turma_id: true,
    turma: true,
    data_matricula: true,
    status: true,
    version: true,
  })
  .extend({
    responsavel: studentGuardianSchema
      .pick({ id: true, nome: true, telefone: true, parentesco: true, eh_principal: true })
      .nullable(),
  });
export type StudentListItem = z.infer<typeof studentListItemSchema>;

/**
 * A guardian's address on input: the parts (all or nothing but the complemento) and the one-line
 * `endereco`, which the server derives from the parts when they are given (ADR 0058).
 */
const guardianAddressFields = { endereco: optionalText(300), ...enderecoPartesFields };

const guardianObject = z.strictObject({
  nome: requiredName('Nome do responsável'),
  email: optionalEmailSchema,
  telefone: requiredPhoneSchema,
  cpf: optionalCpfSchema,
  ...guardianAddressFields,
  parentesco: z.enum(parentescos, { error: 'Parentesco é obrigatório' }),
  eh_principal: z.boolean().default(true),
  observacoes: optionalText(1000, { multiline: true }),
});

export const guardianInputSchema = guardianObject.superRefine(checkEnderecoCompleto);
export type GuardianInput = z.input<typeof guardianInputSchema>;
export type GuardianData = z.output<typeof guardianInputSchema>;

export const ENROLMENT_DATE_IN_FUTURE = 'A data da matrícula não pode estar no futuro';
export const ENROLMENT_BEFORE_BIRTH = 'A data da matrícula não pode ser anterior à data de nascimento';

const studentFields = {
  nome: requiredName(),
  data_nascimento: requiredBirthDateSchema,
  /** '' or null: not informed; left out of an edit: unchanged. */
  sexo: z
    .union([z.enum(sexos, { error: 'Sexo inválido' }), z.literal('')])
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  /**
   * When the student joined the school (the declaração de matrícula's 'desde', the first tuition).
   * Optional: left empty it is today on a new student and unchanged on an edit.
   */
  data_matricula: optionalDate(ENROLMENT_DATE_IN_FUTURE),
  matricula: z
    .string({ error: 'Matrícula é obrigatória' })
    .trim()
    .min(1, 'Matrícula é obrigatória')
    .max(30, 'Máximo de 30 caracteres'),
  email: optionalEmailSchema,
  telefone: optionalPhoneSchema,
  endereco: optionalText(300),
  cpf: optionalCpfSchema,
  turma_id: uuidParam.nullable().optional(),
  observacoes: optionalText(1000, { multiline: true }),
};

export const CPF_REQUIRED_PRINCIPAL = 'CPF do responsável principal é obrigatório';

/**
 * The principal guardian's CPF is required. Checked whenever the CPF and 'principal' parsed, even while
 * other fields are wrong: a blank form shows it with the others at the first 'Salvar', not after them.
 */
const principalHasCpf = (value: { eh_principal: boolean; cpf?: string | null | undefined }) =>
  !value.eh_principal || value.cpf != null;
const principalCpfIssue: z.core.$ZodCustomParams & { when: (payload: z.core.ParsePayload) => boolean } = {
  error: CPF_REQUIRED_PRINCIPAL,
  path: ['cpf'],
  when: (payload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    payload.issues.every((issue) => issue.path?.[0] !== 'cpf' && issue.path?.[0] !== 'eh_principal'),
};

/** Nobody joins a school before being born: checked once both dates are valid on their own. */
const enrolledAfterBirth = (value: { data_nascimento: string; data_matricula?: string | null | undefined }) =>
  !value.data_matricula || value.data_matricula >= value.data_nascimento;
const enrolledAfterBirthIssue: z.core.$ZodCustomParams & { when: (payload: z.core.ParsePayload) => boolean } =
  {
    error: ENROLMENT_BEFORE_BIRTH,
    path: ['data_matricula'],
    // Not on a body that is no object at all (its issue has an empty path: the refinement would read
    // the dates of `null`).
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      payload.issues.every(
        (issue) => issue.path?.[0] !== 'data_nascimento' && issue.path?.[0] !== 'data_matricula',
      ),
  };

export const createStudentInputSchema = z
  .strictObject({
    ...studentFields,
    /** Blank: numbered by the school's pattern (Configurações → Escola, `{ano}{sequencial:4}`). */
    matricula: z
      .string()
      .trim()
      .max(30, 'Máximo de 30 caracteres')
      .transform((value) => (value === '' ? undefined : value))
      .optional(),
    responsavel: guardianInputSchema.refine(principalHasCpf, principalCpfIssue),
    /** 'É outra criança': saves beside a student with the same name and birth date (else a 409). */
    confirmar_homonimo: z.boolean().optional(),
  })
  .refine(enrolledAfterBirth, enrolledAfterBirthIssue);
export type CreateStudentInput = z.input<typeof createStudentInputSchema>;
export type CreateStudentData = z.output<typeof createStudentInputSchema>;

export const updateStudentInputSchema = z
  .strictObject({
    ...studentFields,
    version: versionSchema.optional(),
  })
  .refine(enrolledAfterBirth, enrolledAfterBirthIssue);
export type UpdateStudentInput = z.input<typeof updateStudentInputSchema>;
export type UpdateStudentData = z.output<typeof updateStudentInputSchema>;

/** Where a transferred student went (each part optional: the family may not know yet). */
export const destinoSchema = z.strictObject({
  escola: optionalText(200),
  municipio: optionalText(120),
  uf: ufSchema,
});
export type Destino = z.output<typeof destinoSchema>;

/** 'EE Jorge Amado (Campinas/SP)', 'Campinas/SP' or 'EE Jorge Amado': where a student went, as known ('' if not). */
export function formatDestino(destino: {
  escola: string | null;
  municipio: string | null;
  uf: string | null;
}): string {
  const place = [destino.municipio, destino.uf].filter(Boolean).join('/');
  if (!destino.escola) return place;
  return place ? `${destino.escola} (${place})` : destino.escola;
}

/** The statuses a student leaves the school with a date (a graduation is the year's end). */
const leavingWithDate: readonly StudentStatus[] = ['inativo', 'transferido'];

/**
 * PATCH /api/alunos/:id/status. Leaving (inativo, transferido) may carry the day the student stopped
 * attending (`data_saida`, today when absent: not after today, checked on the server's clock), a
 * transfer its destination, and either may ask to cancel the tuition due after that day
 * (`cancelar_mensalidades`, the Financeiro's permission).
 */
export const studentStatusInputSchema = z
  .strictObject({
    status: z.enum(studentStatuses, { error: 'Status inválido' }),
    version: versionSchema.optional(),
    data_saida: optionalDate(),
    destino: destinoSchema.optional(),
    cancelar_mensalidades: z.boolean().optional(),
  })
  .superRefine((input, context) => {
    const leaving = leavingWithDate.includes(input.status);
    if (input.data_saida && !leaving)
      context.addIssue({
        code: 'custom',
        path: ['data_saida'],
        message: 'A data da saída é só para inativar ou transferir.',
      });
    if (input.destino && input.status !== 'transferido')
      context.addIssue({ code: 'custom', path: ['destino'], message: 'O destino é só para transferências.' });
    if (input.cancelar_mensalidades && !leaving)
      context.addIssue({
        code: 'custom',
        path: ['cancelar_mensalidades'],
        message: 'Só a saída do aluno cancela as mensalidades seguintes.',
      });
  });
export type StudentStatusInput = z.input<typeof studentStatusInputSchema>;

/** POST /api/responsaveis: the spec's guardian fields, optionally linked to a student at once. */
export const createGuardianInputSchema = guardianObject
  .extend({ aluno_id: uuidParam.optional() })
  .superRefine(checkEnderecoCompleto)
  .refine(principalHasCpf, principalCpfIssue);
export type CreateGuardianData = z.output<typeof createGuardianInputSchema>;

/** What a guardian may change in their own record. */
export const updateOwnGuardianInputSchema = z
  .strictObject({
    telefone: requiredPhoneSchema,
    ...guardianAddressFields,
    version: versionSchema.optional(),
  })
  .superRefine(checkEnderecoCompleto);
export type UpdateOwnGuardianData = z.output<typeof updateOwnGuardianInputSchema>;

export const guardianSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  email: z.string().nullable(),
  telefone: z.string(),
  cpf: z.string().nullable(),
  endereco: z.string().nullable(),
  ...enderecoPartesSchema.shape,
  observacoes: z.string().nullable(),
  usuario_id: z.uuid().nullable(),
  version: z.number().int(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** The columns the students list sorts by on the server. */
export const studentSortColumns = ['nome', 'matricula', 'turma', 'status'] as const;

export const listStudentsQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(studentStatuses).or(z.literal('todos')).optional(),
  turma_id: uuidParam.or(z.literal('todas')).or(z.literal('')).optional(),
  ...pageQuery(),
  ...sortQuery(studentSortColumns),
});
export type ListStudentsQuery = z.output<typeof listStudentsQuerySchema>;

export const exportStudentsQuerySchema = listStudentsQuerySchema
  .omit({ page: true, pageSize: true, sort: true, order: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type ExportStudentsQuery = z.output<typeof exportStudentsQuerySchema>;

export const studentCountsSchema = z.object({
  total: z.number(),
  ativos: z.number(),
  novosEsteMes: z.number(),
  transferidos: z.number(),
});
export type StudentCounts = z.infer<typeof studentCountsSchema>;

/**
 * A search (`?q=`) counts its matches up to this many, or up to the end of the page asked when that is
 * further (issue 38: the count would otherwise grow with the school). More than that: `total` is the cap
 * and `totalCapped` is true — the screen says 'mais de 1.000 resultados' and offers the next page.
 */
export const SEARCH_TOTAL_CAP = 1000;

/** `GET /api/alunos`: a page of the list, the four counters and whether `total` is only a lower bound. */
export const studentsPageExtras = { counts: studentCountsSchema, totalCapped: z.boolean() };
export type StudentsPage = Page<StudentListItem> & { counts: StudentCounts; totalCapped: boolean };

/** `POST /api/alunos`: the student, their guardian and, once, the password of a new guardian account. */
export const createdStudentSchema = z.object({
  aluno: studentSchema,
  responsavel: guardianSchema,
  usuarioCriado: z.boolean(),
  senhaGerada: z.string().optional(),
  ...passwordMailFields,
});
export type CreatedStudent = z.infer<typeof createdStudentSchema>;

/** `POST /api/responsaveis`: the guardian and, once, the password of a new account. */
export const createdGuardianSchema = guardianSchema.extend({
  usuarioCriado: z.boolean(),
  senhaGerada: z.string().optional(),
  ...passwordMailFields,
});

/* ---------- guardians kept by the secretaria ---------- */

/** `GET /api/responsaveis?q=`: by name or CPF (digits or masked). */
export const searchGuardiansQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
});

/** A search result: enough to tell two guardians apart and see whose children they already keep. */
export const guardianSummarySchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  cpf: z.string().nullable(),
  telefone: z.string(),
  email: z.string().nullable(),
  tem_acesso: z.boolean(),
  alunos: z.array(z.object({ id: z.uuid(), nome: z.string() })),
});
export type GuardianSummary = z.infer<typeof guardianSummarySchema>;

export const PORTAL_ACCESS_NEEDS_EMAIL = 'Informe o e-mail: ele é o login do portal';

/**
 * `PUT /api/responsaveis/{id}`; with `aluno_id`, `parentesco` is the relationship to that student.
 * `criar_acesso` gives a guardian without a portal account one (a new account with a generated
 * password, or the responsável account already created with that e-mail); without it the e-mail of
 * such a guardian is only a contact.
 */
export const updateGuardianInputSchema = z
  .strictObject({
    nome: requiredName('Nome do responsável'),
    email: optionalEmailSchema,
    telefone: requiredPhoneSchema,
    cpf: optionalCpfSchema,
    ...guardianAddressFields,
    observacoes: optionalText(1000, { multiline: true }),
    aluno_id: uuidParam.optional(),
    parentesco: z.enum(parentescos).optional(),
    criar_acesso: z.boolean().optional(),
    version: versionSchema.optional(),
  })
  .superRefine(checkEnderecoCompleto)
  .refine((value) => !value.criar_acesso || value.email != null, {
    message: PORTAL_ACCESS_NEEDS_EMAIL,
    path: ['email'],
  });
export type UpdateGuardianInput = z.input<typeof updateGuardianInputSchema>;
export type UpdateGuardianData = z.output<typeof updateGuardianInputSchema>;

export const updatedGuardianSchema = guardianSchema.extend({
  /** The new address a confirmation link was sent to (the login changes once it is opened). */
  email_pendente: z.string().nullable(),
  /** With `criar_acesso`, once: the password of the account just created, and whether it was mailed. */
  senhaGerada: z.string().optional(),
  emailEnviado: z.boolean().optional(),
  envioEmail: z.enum(envioEmailStates).optional(),
});
export type UpdatedGuardian = z.infer<typeof updatedGuardianSchema>;

/** `POST /api/alunos/{id}/responsaveis`: links an existing guardian (or changes the link). */
export const linkGuardianInputSchema = z.strictObject({
  responsavel_id: uuidParam,
  eh_principal: z.boolean().default(false),
  parentesco: z.enum(parentescos, { error: 'Parentesco é obrigatório' }).default('outro'),
});
export type LinkGuardianData = z.output<typeof linkGuardianInputSchema>;

export const confirmEmailInputSchema = z.strictObject({
  token: z.string().trim().min(10, 'Link inválido ou expirado').max(200, 'Link inválido ou expirado'),
});

export const EMAIL_CHANGE_HOURS = 48;
