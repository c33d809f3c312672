import type { z } from 'zod';
import { importColumns, type ImportColumnKey } from '../../../shared/importacao.schemas.js';
import {
  createStudentInputSchema,
  guardianInputSchema,
  type CreateStudentData,
  type GuardianData,
  type Parentesco,
} from '../../../shared/students.schemas.js';
import type { SheetRow } from './importacao.parse.js';

/** A row read against the student form's schema: the form's input, or why it cannot be one. */
export interface ReadRow {
  linha: number;
  /** The student's name as written (for the table), '' when the cell is empty. */
  nome: string;
  input: CreateStudentData | null;
  /** The second guardian ('responsável 2'), when the row names one. */
  segundo: GuardianData | null;
  /** The class named in the row (its name and, when given, its ano letivo). */
  turma: { nome: string; ano: string | null } | null;
  problem: string | null;
}

const parentescoByWord: Record<string, Parentesco> = {
  mãe: 'mae',
  mae: 'mae',
  pai: 'pai',
  avó: 'ava',
  ava: 'ava',
  avô: 'avo',
  avo: 'avo',
  tio: 'tio',
  tia: 'tia',
  outro: 'outro',
  outra: 'outro',
};
export const PARENTESCO_HINT = 'Parentesco: use Mãe, Pai, Avó, Avô, Tia, Tio ou Outro';

const sexoByWord: Record<string, 'feminino' | 'masculino'> = {
  f: 'feminino',
  fem: 'feminino',
  feminino: 'feminino',
  m: 'masculino',
  masc: 'masculino',
  masculino: 'masculino',
};

/** 'dd/mm/aaaa' (or with '-' or '.', a two-digit year up to the current one's) as ISO; others as given. */
export function isoDate(value: string | undefined, thisYear: number): string | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (!match) return value;
  const [, day, month, yearText] = match;
  let year = Number(yearText);
  if (yearText!.length === 2) year += year + 2000 > thisYear ? 1900 : 2000;
  return `${String(year)}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** A CPF an XLSX kept as a number lost its leading zeros: 9 or 10 digits are given them back. */
function cpfText(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{9,10}$/.test(value) ? value.padStart(11, '0') : value;
}

/** Likewise a CEP of São Paulo or the North-East (01001-000 kept as 1001000). */
function cepText(value: string | undefined): string | undefined {
  return value !== undefined && /^\d{7}$/.test(value) ? value.padStart(8, '0') : value;
}

// A guardian's field is checked at `responsavel.<field>` and read from the column `responsavel_<field>`.
const labelByPath: Record<string, string> = Object.fromEntries(
  importColumns.flatMap(({ key, header }) => [
    [key, header],
    [key.replace(/^responsavel_/, 'responsavel.'), header],
  ]),
);

/** The schema's messages, each after its column's header: 'CPF do aluno: CPF inválido'. */
export function reasonOf(error: z.ZodError): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const label = labelByPath[path];
    parts.push(
      label && !issue.message.toLowerCase().startsWith(label.toLowerCase())
        ? `${label}: ${issue.message}`
        : issue.message,
    );
  }
  return parts.join('; ');
}

/**
 * A form schema's messages for a row, each after its column's label unless it already starts with it
 * ('Nome da turma: obrigatório'), one per column.
 */
export function reasonByColumn(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  labels: Record<string, string>,
): string {
  const seen = new Set<string>();
  return issues
    .flatMap((issue) => {
      const key = String(issue.path[0] ?? '');
      if (seen.has(key)) return [];
      seen.add(key);
      const label = labels[key];
      return [label && !issue.message.startsWith(label) ? `${label}: ${issue.message}` : issue.message];
    })
    .join('; ');
}

/** One spreadsheet row as the student form's body, checked by the form's own schema. */
export function readRow(row: SheetRow, thisYear: number): ReadRow {
  const value = (key: ImportColumnKey) => row.values[key];
  const nome = value('nome') ?? '';
  const turmaNome = value('turma');
  const turma = turmaNome ? { nome: turmaNome, ano: value('ano_letivo') ?? null } : null;
  const base = { linha: row.linha, nome, turma, segundo: null };
  const parentescoText = value('responsavel_parentesco');
  const parentesco = parentescoText ? parentescoByWord[parentescoText.toLowerCase()] : undefined;
  if (parentescoText && !parentesco) return { ...base, input: null, problem: PARENTESCO_HINT };
  const segundo = readSecondGuardian(row);
  if (typeof segundo === 'string') return { ...base, input: null, problem: segundo };
  const sexoText = value('sexo');
  const body = {
    nome: value('nome'),
    data_nascimento: isoDate(value('data_nascimento'), thisYear),
    sexo: sexoText ? (sexoByWord[sexoText.toLowerCase()] ?? sexoText) : undefined,
    data_matricula: isoDate(value('data_matricula'), thisYear),
    matricula: value('matricula'),
    email: value('email'),
    telefone: value('telefone'),
    endereco: value('endereco'),
    cpf: cpfText(value('cpf')),
    observacoes: value('observacoes'),
    responsavel: {
      nome: value('responsavel_nome'),
      email: value('responsavel_email'),
      telefone: value('responsavel_telefone'),
      cpf: cpfText(value('responsavel_cpf')),
      endereco: value('responsavel_endereco'),
      cep: cepText(value('responsavel_cep')),
      logradouro: value('responsavel_logradouro'),
      numero: value('responsavel_numero'),
      complemento: value('responsavel_complemento'),
      bairro: value('responsavel_bairro'),
      cidade: value('responsavel_cidade'),
      uf: value('responsavel_uf'),
      parentesco,
      eh_principal: true,
    },
  };
  const parsed = createStudentInputSchema.safeParse(body);
  if (!parsed.success) return { ...base, input: null, problem: reasonOf(parsed.error) };
  return { ...base, segundo, input: parsed.data, problem: null };
}

const secondLabels: Record<string, string> = {
  nome: 'Nome do responsável 2',
  parentesco: 'Parentesco do responsável 2',
  cpf: 'CPF do responsável 2',
  telefone: 'Telefone do responsável 2',
  email: 'E-mail do responsável 2',
};

/** The row's second guardian (not the principal), null when its columns are blank, else why not. */
function readSecondGuardian(row: SheetRow): GuardianData | null | string {
  const value = (key: ImportColumnKey) => row.values[key];
  const keys = [
    'responsavel2_nome',
    'responsavel2_parentesco',
    'responsavel2_cpf',
    'responsavel2_telefone',
    'responsavel2_email',
  ] as const;
  if (keys.every((key) => value(key) === undefined)) return null;
  const parentescoText = value('responsavel2_parentesco');
  const parentesco = parentescoText ? parentescoByWord[parentescoText.toLowerCase()] : undefined;
  if (parentescoText && !parentesco)
    return 'Parentesco do responsável 2: use Mãe, Pai, Avó, Avô, Tia, Tio ou Outro';
  const parsed = guardianInputSchema.safeParse({
    nome: value('responsavel2_nome'),
    parentesco,
    cpf: cpfText(value('responsavel2_cpf')),
    telefone: value('responsavel2_telefone'),
    email: value('responsavel2_email'),
    eh_principal: false,
  });
  if (parsed.success) return parsed.data;
  const seen = new Set<string>();
  return parsed.error.issues
    .flatMap((issue) => {
      const path = issue.path.join('.');
      if (seen.has(path)) return [];
      seen.add(path);
      const label = secondLabels[path] ?? 'Responsável 2';
      return [`${label}: ${issue.message}`];
    })
    .join('; ');
}
