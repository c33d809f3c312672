import { z } from 'zod';
import type { Area } from './disciplinas.schemas.js';
import { optionalText, requiredName, singleLineText, uuidParam, versionSchema } from './validators.js';

/**
 * School documents: declarations and the histórico escolar, issued as PDFs from a snapshot
 * of the record taken at issue time, each with a verification code anyone can check at `/validar/{codigo}`.
 */

export const documentoTipos = [
  'declaracao_matricula',
  'declaracao_frequencia',
  'declaracao_transferencia',
  'historico_escolar',
] as const;
export type DocumentoTipo = (typeof documentoTipos)[number];

export const documentoTipoLabels: Record<DocumentoTipo, string> = {
  declaracao_matricula: 'Declaração de matrícula',
  declaracao_frequencia: 'Declaração de frequência',
  declaracao_transferencia: 'Declaração de transferência',
  historico_escolar: 'Histórico escolar',
};

/** What a guardian may issue for their own child from the portal, at once (Lei 9.870/1999 art. 6). */
export const selfServiceTipos = [
  'declaracao_matricula',
  'declaracao_frequencia',
] as const satisfies readonly DocumentoTipo[];

export const documentoOrigens = ['secretaria', 'portal'] as const;
export type DocumentoOrigem = (typeof documentoOrigens)[number];
export const documentoOrigemLabels: Record<DocumentoOrigem, string> = {
  secretaria: 'Secretaria',
  portal: 'Portal da família',
};

// ---------------------------------------------------------------- verification code

/**
 * Crockford's base32 (no I, L, O, U): 20 symbols are 100 random bits, typed in five groups of four.
 * Reading is forgiving: lower case, spaces and the look-alikes O→0, I/L→1 are accepted.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 20;
export const CODE_GROUP = 4;
export const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/** The canonical `XXXX-XXXX-XXXX-XXXX-XXXX` form of a typed code, or null when it cannot be one. */
export function normalizeCode(typed: string): string | null {
  const symbols = typed
    .toUpperCase()
    .replace(/[\s\-_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (symbols.length !== CODE_LENGTH) return null;
  for (const symbol of symbols) if (!CODE_ALPHABET.includes(symbol)) return null;
  return symbols.match(/.{4}/g)!.join('-');
}

/** "Maria Clara de Souza" → "M. C. S." (connectives are left out): all the public page shows of a name. */
export function initialsOf(name: string): string {
  const skip = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word) && !skip.has(word.toLowerCase()))
    .map((word) => `${word.charAt(0).toUpperCase()}.`)
    .join(' ');
}

// ---------------------------------------------------------------- issuing and listing

export const issueDocumentInputSchema = z.strictObject({
  aluno_id: uuidParam,
  tipo: z.enum(documentoTipos, { error: 'Tipo de documento inválido' }),
});
export type IssueDocumentInput = z.infer<typeof issueDocumentInputSchema>;

export const listDocumentsQuerySchema = z.strictObject({ aluno_id: uuidParam });

export const revokeDocumentInputSchema = z.strictObject({
  motivo: singleLineText()
    .min(5, 'Descreva o motivo (pelo menos 5 caracteres)')
    .max(300, 'Máximo de 300 caracteres'),
});
export type RevokeDocumentInput = z.infer<typeof revokeDocumentInputSchema>;

export const issuedDocumentSchema = z.object({ id: z.uuid(), codigo: z.string(), url: z.string() });
export type IssuedDocument = z.infer<typeof issuedDocumentSchema>;

export const documentSchema = z.object({
  id: z.uuid(),
  aluno_id: z.uuid().nullable(),
  tipo: z.enum(documentoTipos),
  codigo: z.string(),
  url: z.string(),
  origem: z.enum(documentoOrigens),
  emitido_em: z.string(),
  emitido_por: z.string().nullable(),
  status: z.enum(['valido', 'revogado']),
  revogado_em: z.string().nullable(),
  revogado_por: z.string().nullable(),
  motivo_revogacao: z.string().nullable(),
});
export type SchoolDocument = z.infer<typeof documentSchema>;

// ---------------------------------------------------------------- years at previous schools

export const resultadoAnteriorLabels = {
  aprovado: 'Aprovado',
  reprovado: 'Reprovado',
} as const;
export const resultadosAnteriores = ['aprovado', 'reprovado'] as const;
export type ResultadoAnterior = (typeof resultadosAnteriores)[number];

export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** Hours of a subject in a year, as the previous school's papers give them. */
export const priorHoursSchema = z
  .number({ error: 'Carga horária inválida' })
  .int('Carga horária em horas inteiras')
  .min(0, 'Carga horária inválida')
  .max(2000, 'Carga horária acima de 2000 h');
export const priorFrequencySchema = z
  .number({ error: 'Frequência inválida' })
  .min(0, 'Frequência entre 0 e 100')
  .max(100, 'Frequência entre 0 e 100');

export const priorSubjectSchema = z.strictObject({
  disciplina: requiredName('Disciplina'),
  /** As the previous school wrote it: "8,5", "75" or a concept such as "B". */
  nota: singleLineText().min(1, 'Informe a nota ou o conceito').max(10, 'Máximo de 10 caracteres'),
  resultado: z.enum(resultadosAnteriores, { error: 'Resultado inválido' }),
  carga_horaria: priorHoursSchema.nullable().optional(),
});
export type PriorSubject = z.infer<typeof priorSubjectSchema>;

export const priorYearInputSchema = z.strictObject({
  ano: z.coerce
    .number({ error: 'Ano inválido' })
    .int('Ano inválido')
    .min(1950, 'Ano inválido')
    .max(2100, 'Ano inválido'),
  serie: requiredName('Série'),
  escola: requiredName('Escola'),
  cidade: requiredName('Cidade'),
  uf: z.enum(UFS, { error: 'UF inválida' }),
  resultado: z.enum(resultadosAnteriores, { error: 'Resultado inválido' }),
  frequencia: priorFrequencySchema.nullable().optional(),
  observacoes: optionalText(300),
  disciplinas: z
    .array(priorSubjectSchema)
    .min(1, 'Informe ao menos uma disciplina')
    .max(30, 'No máximo 30 disciplinas'),
  version: versionSchema.optional(),
});
export type PriorYearInput = z.infer<typeof priorYearInputSchema>;

export const priorYearSchema = z.object({
  id: z.uuid(),
  aluno_id: z.uuid(),
  ano: z.number().int(),
  serie: z.string(),
  escola: z.string(),
  cidade: z.string(),
  uf: z.string(),
  resultado: z.enum(resultadosAnteriores),
  frequencia: z.number().nullable(),
  observacoes: z.string().nullable(),
  disciplinas: z.array(
    z.object({
      disciplina: z.string(),
      nota: z.string(),
      resultado: z.enum(resultadosAnteriores),
      carga_horaria: z.number().int().nullable(),
    }),
  ),
  version: z.number().int(),
});
export type PriorYear = z.infer<typeof priorYearSchema>;

// ---------------------------------------------------------------- the issued content (snapshot)

/** One year of the histórico: from this school's records or typed in from a previous school's papers. */
export interface HistoryYear {
  ano: number;
  serie: string;
  escola: string;
  cidade_uf: string | null;
  origem: 'escola' | 'anterior';
  disciplinas: {
    disciplina: string;
    nota: string;
    resultado: string;
    carga_horaria: number | null;
    /** Ensino Médio (documents issued since ADR 0027): the área and the itinerário (null: FGB). */
    area?: Area | null;
    itinerario?: string | null;
    /** Ensino Médio: an itinerário the student left during the year, on this day (its own group). */
    itinerario_trocado_em?: string;
  }[];
  carga_horaria_total: number | null;
  /**
   * This school's years (documents issued since ADR 0110): the grid's lessons of the year and their
   * length — `carga_horaria` and `carga_horaria_total` are hours of 60 minutes converted from them.
   * Absent on this school's Fundamental years of older documents, whose figures were horas-aula.
   */
  aulas?: { total: number; minutos: number };
  /**
   * Ensino Médio, documents issued since ADR 0115 where the student changed itinerário in the year: the
   * total counts the lessons they had in each itinerário (the one left included). Older documents left the
   * itinerário left out of the total and kept the grid's hours for the one joined.
   */
  horas_cursadas?: true;
  frequencia: number | null;
  resultado: string;
  /** A year of Ensino Médio: printed by área, then the itinerário, in hours of 60 minutes. */
  ensino_medio?: boolean;
  /**
   * A year of Educação Infantil (documents issued since December 2026): no grades (LDB art. 31, I),
   * printed with that note and without a table when the class had no grade curricular. Older documents
   * are read by the série (`isInfantilSerie`).
   */
  educacao_infantil?: true;
}

/**
 * Everything a document prints, frozen when it is issued: a later change of the student, the class or
 * the school never alters an issued document (the PDF is drawn from this, never from live records).
 */
export interface DocumentContent {
  escola: {
    nome: string;
    cnpj: string | null;
    codigo_inep: string | null;
    endereco: string | null;
    telefone: string | null;
    email: string | null;
    /** `/media/{id}` of the logo at issue time. */
    logo: string | null;
    diretor: string | null;
  };
  aluno: {
    nome: string;
    matricula: string;
    data_nascimento: string;
    data_matricula: string;
    status: string;
    /** The wording follows it ('nascida', 'matriculado'); absent in documents issued before it existed. */
    sexo?: 'feminino' | 'masculino' | null;
    /** A transfer's day and destination (absent before it existed and for a student who did not leave). */
    transferencia?: { data: string; escola: string | null; municipio: string | null; uf: string | null };
  };
  turma: { nome: string; serie: string; nivel: string; turno: string; ano_letivo: string } | null;
  /** The issue date (the school's day). */
  data: string;
  frequencia?: {
    ano: number;
    de: string;
    ate: string;
    /** The figures count school days (one roll a day); absent in documents issued before it existed. */
    por_dia?: boolean;
    aulas_dadas: number;
    faltas: number;
    frequencia: number | null;
    /** The periods begun by the issue date (bimestres...), each with its own figures. */
    periodos?: {
      nome: string;
      de: string;
      ate: string;
      aulas_dadas: number;
      faltas: number;
      frequencia: number | null;
    }[];
  };
  historico?: HistoryYear[];
}
