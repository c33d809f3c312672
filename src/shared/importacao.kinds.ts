/**
 * The three imports (issue 31 §5: Alunos, Professores, Turmas): each one's columns, and the column
 * mapping a person chooses when the file's headers are not the template's — the suggestion by name
 * (accents and case aside) and the `mapeamento` field's schema.
 */
import { z } from 'zod';
import { foldText, formatCount } from './format.js';
import { importColumns, type ImportColumn } from './importacao.schemas.js';

export const importKinds = ['alunos', 'professores', 'turmas'] as const;
export type ImportKind = (typeof importKinds)[number];

export const teacherImportColumns: readonly ImportColumn<string>[] = [
  {
    key: 'nome',
    header: 'Nome',
    required: true,
    aliases: ['Nome do professor', 'Professor', 'Nome completo'],
    hint: 'Nome completo',
  },
  {
    key: 'cpf',
    header: 'CPF',
    required: false,
    aliases: ['CPF do professor'],
    hint: 'Com CPF, o professor é reconhecido por ele',
  },
  {
    key: 'email',
    header: 'E-mail',
    required: true,
    aliases: ['Email', 'E-mail do professor', 'Email do professor'],
    hint: 'O e-mail de trabalho (login do portal)',
  },
  {
    key: 'telefone',
    header: 'Telefone',
    required: false,
    aliases: ['Celular', 'Telefone do professor'],
    hint: '(11) 91234-5678',
  },
  {
    key: 'disciplinas',
    header: 'Disciplinas',
    required: false,
    aliases: ['Disciplina', 'Matérias'],
    hint: 'Separadas por vírgula, como estão em Configurações → Acadêmico',
  },
  {
    key: 'data_contratacao',
    header: 'Data de contratação',
    required: false,
    aliases: ['Contratação', 'Admissão', 'Data de admissão'],
    hint: 'dd/mm/aaaa',
  },
];

export const classImportColumns: readonly ImportColumn<string>[] = [
  { key: 'nome', header: 'Nome da turma', required: true, aliases: ['Turma', 'Nome'], hint: 'Ex.: 6º Ano A' },
  { key: 'ano_letivo', header: 'Ano letivo', required: true, aliases: ['Ano'], hint: 'Ex.: 2026' },
  {
    key: 'nivel',
    header: 'Nível',
    required: true,
    aliases: ['Etapa', 'Segmento'],
    hint: 'Educação Infantil, Fundamental I, Fundamental II ou Ensino Médio',
  },
  {
    key: 'serie',
    header: 'Série',
    required: true,
    aliases: ['Ano/série', 'Série/ano', 'Agrupamento'],
    hint: 'Ex.: 6º ano, 1ª série, Pré II',
  },
  {
    key: 'turno',
    header: 'Turno',
    required: true,
    aliases: ['Período'],
    hint: 'Manhã, Tarde, Noite ou Integral',
  },
  {
    key: 'capacidade_maxima',
    header: 'Capacidade',
    required: false,
    aliases: ['Vagas', 'Capacidade máxima'],
    hint: 'Vazia: 25',
  },
  {
    key: 'professor',
    header: 'Professor responsável',
    required: false,
    aliases: ['Professor', 'Professora responsável'],
    hint: 'CPF ou e-mail de um professor já cadastrado',
  },
  { key: 'observacoes', header: 'Observações', required: false, aliases: ['Obs'], hint: '' },
];

export const importColumnsOf: Record<ImportKind, readonly ImportColumn<string>[]> = {
  alunos: importColumns,
  professores: teacherImportColumns,
  turmas: classImportColumns,
};

/** What each import counts, for messages: 'nenhum aluno para importar', 'no máximo 5.000 turmas'. */
export const importNouns: Record<ImportKind, { singular: string; plural: string; nenhum: string }> = {
  alunos: { singular: 'aluno', plural: 'alunos', nenhum: 'nenhum aluno' },
  professores: { singular: 'professor', plural: 'professores', nenhum: 'nenhum professor' },
  turmas: { singular: 'turma', plural: 'turmas', nenhum: 'nenhuma turma' },
};

/** A header as compared: no accents, case, punctuation, spaces, asterisks or '(dd/mm/aaaa)'. */
export function headerKey(header: string): string {
  return foldText(header)
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Each header's field (null: not read): by a field's own names first (its template header and other
 * names, accents, case and punctuation aside: 'NOME DO ALUNO' → nome); then a header still unread goes
 * to a field left without one whose `fallbackAliases` name it, required fields first — a plain 'E-mail'
 * or 'Telefone' in a sheet of children is the family's unless another column already is.
 */
export function fieldsOfHeaders(
  columns: readonly ImportColumn<string>[],
  headers: readonly string[],
): (string | null)[] {
  const byName = new Map<string, string>();
  for (const column of columns)
    for (const name of [column.header, ...column.aliases])
      if (!byName.has(headerKey(name))) byName.set(headerKey(name), column.key);
  const fields = headers.map((header) => byName.get(headerKey(header)) ?? null);
  const byNeed = [...columns].sort((a, b) => Number(b.required) - Number(a.required));
  for (const column of byNeed) {
    if (!column.fallbackAliases || fields.includes(column.key)) continue;
    const names = new Set(column.fallbackAliases.map(headerKey));
    const index = headers.findIndex((header, at) => fields[at] === null && names.has(headerKey(header)));
    if (index >= 0) fields[index] = column.key;
  }
  return fields;
}

/** The suggested mapping of a file's headers: each field to the first header read as it. */
export function suggestMapping(
  columns: readonly ImportColumn<string>[],
  headers: readonly string[],
): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const [index, field] of fieldsOfHeaders(columns, headers).entries())
    if (field !== null && mapping[field] === undefined) mapping[field] = headers[index]!;
  return mapping;
}

/**
 * `mapeamento` (multipart field, JSON `{ campo: coluna }`): known fields only, every required field
 * given a column, no column for two fields. A field mapped to '' is left out.
 */
export function mappingSchemaOf(columns: readonly ImportColumn<string>[]) {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Mapeamento inválido: envie um JSON { campo: coluna }.' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string(),
        z.string({ error: 'Cada campo do mapeamento recebe o nome de uma coluna.' }).trim().max(200),
      ),
    )
    .transform((raw) => Object.fromEntries(Object.entries(raw).filter(([, coluna]) => coluna !== '')))
    .superRefine((mapping, ctx) => {
      for (const campo of Object.keys(mapping))
        if (!byKey.has(campo))
          ctx.addIssue({ code: 'custom', message: `Campo desconhecido no mapeamento: "${campo}".` });
      const missing = columns.filter((column) => column.required && mapping[column.key] === undefined);
      if (missing.length > 0) {
        const names = missing.map((column) => `"${column.header}"`).join(', ');
        ctx.addIssue({
          code: 'custom',
          message:
            missing.length === 1
              ? `Escolha a coluna da planilha para o campo obrigatório ${names}.`
              : `Escolha as colunas da planilha para os campos obrigatórios ${names}.`,
        });
      }
      const fieldsByColumn = new Map<string, string[]>();
      for (const [campo, coluna] of Object.entries(mapping))
        fieldsByColumn.set(coluna, [
          ...(fieldsByColumn.get(coluna) ?? []),
          byKey.get(campo)?.header ?? campo,
        ]);
      for (const [coluna, fields] of fieldsByColumn)
        if (fields.length > 1)
          ctx.addIssue({
            code: 'custom',
            message: `A coluna "${coluna}" foi escolhida para ${formatCount(fields.length, 'campo', 'campos')} (${fields.join(' e ')}): cada coluna vai para um campo só.`,
          });
    });
}

/** `POST /api/importacao/{tipo}/colunas`: the file's headers, the fields, and the suggested mapping. */
export const importFileColumnsSchema = z.object({
  colunas: z.array(z.string()),
  campos: z.array(
    z.object({ campo: z.string(), rotulo: z.string(), obrigatorio: z.boolean(), dica: z.string() }),
  ),
  sugestao: z.record(z.string(), z.string()),
  /** The headers are the template's (every required field found): no mapping to choose. */
  reconhecido: z.boolean(),
});
export type ImportFileColumns = z.infer<typeof importFileColumnsSchema>;

/** `GET /api/importacao/progresso/:id`: rows of the apply done so far. */
export const importProgressSchema = z.object({ feitas: z.number().int(), total: z.number().int() });
export type ImportProgress = z.infer<typeof importProgressSchema>;
