import type { QueryClient } from '@tanstack/react-query';

/**
 * The roots of the client's query keys, one per domain, in one place. Every key starts with its
 * domain's root, so invalidating a root refreshes everything of that domain wherever it is shown (a
 * roll saved refreshes a student's figures on the students screen too). Each `*.api.ts` builds its keys
 * from these roots and exports `queryOptions` factories; no module writes a key as a literal array, and
 * one feature refreshes another's data through the root (`keyRoots.attendance`), not a string.
 *
 * The values are the cache's names (some in Portuguese, as the API's paths); the property is the
 * domain's code name.
 */
export const keyRoots = {
  attendance: ['attendance'],
  /** The grade curricular of a class (its subjects, teachers and lesson days). */
  curriculum: ['curriculum'],
  /** The school's subject catalogue (Configurações → Acadêmico → Disciplinas). */
  disciplinas: ['disciplinas'],
  grades: ['grades'],
  /** The pareceres descritivos of Educação Infantil. */
  pareceres: ['pareceres'],
  /** The daily agenda of young children (issue 32 §3). */
  agenda: ['agenda'],
  calendar: ['calendar'],
  /** Censo Escolar (issue 37): the census data of the school, classes, subjects and people, the pending list and the figures. */
  censo: ['censo'],
  classes: ['classes'],
  students: ['students'],
  guardians: ['guardians'],
  teachers: ['teachers'],
  users: ['users'],
  documents: ['documents'],
  finance: ['financeiro'],
  /** Configurações → Financeiro → Pix automático: the school's PSP (issue 33). */
  pixProvedor: ['pix-provedor'],
  /** NFS-e: Configurações → Fiscal, the notes of a competência, a family's notes (issue 36 §2). */
  fiscal: ['fiscal'],
  dashboard: ['dashboard'],
  comunicados: ['comunicados'],
  mensagens: ['mensagens'],
  notificacoes: ['notificacoes'],
  reports: ['relatorios'],
  audit: ['auditoria'],
  content: ['content'],
  media: ['media'],
  settings: ['configuracoes'],
  retention: ['retention'],
  processingRegister: ['processing-register'],
  privacy: ['privacy'],
  auth: ['auth'],
  /** The access profiles (ADR 0025): the users form and Configurações → Perfis de acesso read them. */
  perfis: ['perfis'],
  /** Students' own portal accounts and the Portal do Aluno (issue 31 §4, ADR 0029). */
  contasAluno: ['contas-aluno'],
  /** The family's home feed (issue 32 §1): every source's items, per child or 'Todos'. */
  familia: ['familia'],
  /** Matrícula online (issue 34): the admissions funnel and its figures. */
  matriculas: ['matriculas'],
  /** Anuidades, plans, their publication and warnings (issue 34, Lei 9.870). */
  anuidades: ['anuidades'],
  /** The online rematrícula round (issue 34 §3). */
  rematriculaOnline: ['rematricula-online'],
} as const;

/**
 * Keys two features read under the same name (one cache entry): the class selector of the students
 * screen and of the privacy screens.
 */
export const sharedKeys = {
  classOptions: [...keyRoots.classes, 'options'] as const,
};

/**
 * The class diary changed (a roll, an abono, a period, the grade curricular, a rematrícula): every
 * attendance figure is refreshed, and the classes' grades curriculares with them, as when they were
 * keyed under 'attendance'.
 */
export const invalidateAttendance = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: keyRoots.attendance }),
    queryClient.invalidateQueries({ queryKey: keyRoots.curriculum }),
  ]);

/** The diário de classe of every class (attendance's, ADR 0078): it carries the period's notas too (ADR 0081). */
export const classDiaryRoot = [...keyRoots.attendance, 'diary'] as const;

/**
 * Grades changed (a grade, the academic rules, a council decision): every grid, average and boletim is
 * refreshed, the diário de classe that prints them, and the homes that show them.
 */
export const invalidateGrades = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: keyRoots.grades }),
    queryClient.invalidateQueries({ queryKey: classDiaryRoot }),
    queryClient.invalidateQueries({ queryKey: keyRoots.dashboard }),
  ]);
