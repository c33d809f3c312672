import { z } from 'zod';
import { turnos } from './classes.schemas.js';
import { formatDate, formatList } from './format.js';
import { formatGradeNumber } from './averages.js';
import { isoDateSchema, monthSchema } from './validators.js';

/**
 * The reports hub (`GET /api/relatorios`): the catalogue of what the signed-in user may run, with the
 * filters each report takes and the formats it comes in. The server builds it from its own list,
 * filtered by the permission matrix and scope, so the Relatórios screen never offers a report that
 * would answer 403. A report of the hub answers `GET /api/relatorios/{id}?…&formato=json|csv|xlsx|pdf`
 * (the JSON is a table the screen shows); the older finance and records exports are linked as they are.
 */
export const reportGroups = ['secretaria', 'academico', 'pessoas', 'financeiro', 'auditoria'] as const;
export type ReportGroup = (typeof reportGroups)[number];

export const reportGroupInfo: Record<ReportGroup, { titulo: string; descricao: string }> = {
  secretaria: {
    titulo: 'Secretaria',
    descricao: 'Listas de turma, contagens do Censo Escolar, contatos e movimentação de alunos.',
  },
  academico: { titulo: 'Acadêmico', descricao: 'Boletins, mapa de notas, frequência e alunos em risco.' },
  pessoas: { titulo: 'Pessoas', descricao: 'Professores com as suas turmas, disciplinas e aulas.' },
  financeiro: { titulo: 'Financeiro', descricao: 'Caixa, mensalidades e inadimplência.' },
  auditoria: { titulo: 'Auditoria', descricao: 'Quem fez o quê no sistema, e quando.' },
};

export const reportFormats = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportFormatLabels: Record<ReportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel',
  pdf: 'PDF',
};

/** The filters a hub report may take; each report names the ones it uses. */
export const reportFilterNames = ['turma_id', 'ano', 'mes', 'de', 'ate', 'turno', 'serie'] as const;
export type ReportFilterName = (typeof reportFilterNames)[number];

/** Each filter as a sentence names it, with its article ('Escolha a turma e o mês…'). */
const filterNouns: Record<ReportFilterName, string> = {
  turma_id: 'a turma',
  ano: 'o ano',
  mes: 'o mês',
  de: 'a data inicial',
  ate: 'a data final',
  turno: 'o turno',
  serie: 'a série',
};

/** What a report waiting for its required filters asks: 'Escolha a turma para ver o relatório'. */
export function chooseFiltersText(missing: readonly ReportFilterName[]): string {
  return `Escolha ${formatList(missing.map((name) => filterNouns[name]))} para ver o relatório`;
}

export const reportParameterSchema = z.object({
  nome: z.enum([...reportFilterNames]),
  rotulo: z.string(),
  tipo: z.enum(['ano', 'turma', 'mes', 'data', 'selecao']),
  obrigatorio: z.boolean(),
  /** The value the screen starts with ('' for none). */
  padrao: z.union([z.string(), z.number()]),
  /** For 'turma' and 'selecao': the choices (the classes in the caller's scope). */
  opcoes: z.array(z.object({ valor: z.string(), rotulo: z.string() })).optional(),
  /** The empty choice of an optional 'turma' or 'selecao' ('Todas as turmas'). */
  vazio: z.string().optional(),
  minimo: z.number().optional(),
  maximo: z.number().optional(),
});
export type ReportParameter = z.infer<typeof reportParameterSchema>;

export const reportEntrySchema = z.object({
  id: z.string(),
  grupo: z.enum(reportGroups),
  titulo: z.string(),
  /** What the report holds, for the caller's role (a teacher's: only their classes). */
  descricao: z.string(),
  /** The API address; files come with `<parametro_formato>=<formato>` and the filters added. */
  url: z.string(),
  parametro_formato: z.enum(['format', 'formato']),
  formatos: z.array(z.enum(reportFormats)),
  parametros: z.array(reportParameterSchema),
  /** The portal screen where it is shown: the hub's own report page, or the finance/records screen. */
  tela: z.object({ rotulo: z.string(), caminho: z.string() }).nullable(),
  /** Built in the background with progress (`POST /api/relatorios/{id}/exportacoes`): big files. */
  exportacao: z.boolean(),
});
export type ReportEntry = z.infer<typeof reportEntrySchema>;

/** `GET /api/relatorios/{id}` query: the filters plus the format (JSON for the screen). */
export const reportQuerySchema = z.strictObject({
  formato: z.enum(['json', ...reportFormats]).default('json'),
  turma_id: z.uuid('Turma inválida').optional(),
  ano: z.coerce.number().int().min(2000, 'Ano inválido').max(2100, 'Ano inválido').optional(),
  mes: monthSchema.optional(),
  de: isoDateSchema.optional(),
  ate: isoDateSchema.optional(),
  turno: z.enum(turnos, 'Turno inválido').optional(),
  serie: z.string().trim().max(40).optional(),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportFilters = Omit<ReportQuery, 'formato'>;

export const reportParamsSchema = z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,60}$/) });

/**
 * How a column's values read: the spreadsheet types them (numbers as numbers, dates as dates). `nota`
 * is a grade or an average as a number (8, 7.5) written as the boletim writes it ('8,0', '7,5'): one
 * decimal on screen, on paper and in the CSV; a number with one decimal in the XLSX.
 */
export const reportColumnTypes = ['texto', 'numero', 'nota', 'data', 'percentual', 'assinatura'] as const;
export const reportColumnSchema = z.object({
  chave: z.string(),
  rotulo: z.string(),
  tipo: z.enum(reportColumnTypes),
  /** Share of the printed page's width (the PDF and the print view). */
  peso: z.number().optional(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

/** A hub report's answer: a title, a few header facts, the table, and a chart where one says more. */
export const reportResultSchema = z.object({
  id: z.string(),
  /** The school's name, for the printed heading. */
  escola: z.string(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  /** Facts printed above the table (the class's teachers, the period, totals). */
  cabecalho: z.array(z.object({ rotulo: z.string(), valor: z.string() })),
  colunas: z.array(reportColumnSchema),
  linhas: z.array(z.record(z.string(), reportCellSchema)),
  grafico: z
    .object({
      titulo: z.string(),
      /** The column whose values name the bars. */
      rotulo: z.string(),
      series: z.array(z.object({ chave: z.string(), rotulo: z.string() })),
    })
    .nullable(),
  /** Signature lines under the table (an ata de resultados finais is signed). */
  assinaturas: z.array(z.string()),
  /** Landscape when the table is wide (mapa de notas). */
  paisagem: z.boolean(),
  gerado_em: z.string(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** A background export: its progress and, when done, where to download it. */
export const reportExportStatuses = ['na_fila', 'gerando', 'pronto', 'falhou'] as const;
export const reportExportSchema = z.object({
  id: z.uuid(),
  relatorio: z.string(),
  formato: z.enum(reportFormats),
  status: z.enum(reportExportStatuses),
  feitos: z.number().int(),
  total: z.number().int(),
  arquivo: z.string().nullable(),
  erro: z.string().nullable(),
  criado_em: z.string(),
  concluido_em: z.string().nullable(),
  /** Where the file comes from once `pronto`. */
  url: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

export const reportExportInputSchema = reportQuerySchema
  .omit({ formato: true })
  .extend({ formato: z.enum(reportFormats) });
export type ReportExportInput = z.output<typeof reportExportInputSchema>;

export const reportExportParamsSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,60}$/),
  jobId: z.uuid('Exportação não encontrada'),
});

/** The download address of a report in one format, with its filters. */
export function reportDownloadUrl(
  entry: Pick<ReportEntry, 'url' | 'parametro_formato'>,
  formato: ReportFormat,
  values: Record<string, number | string | undefined> = {},
): string {
  const [pathname, search = ''] = entry.url.split('?');
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  query.set(entry.parametro_formato, formato);
  return `${pathname}?${query.toString()}`;
}

/** How a report's cell reads on screen and on paper (pt-BR): the screen and the PDF agree. */
export function displayReportCell(column: Pick<ReportColumn, 'tipo'>, value: ReportCell): string {
  if (value === null || column.tipo === 'assinatura') return '';
  if (column.tipo === 'data' && typeof value === 'string') return formatDate(value);
  if (column.tipo === 'percentual' && typeof value === 'number')
    return `${value.toFixed(1).replace('.', ',')}%`;
  // The boletim's way (displayGrade): 8 → '8,0', 7.5 → '7,5'.
  if (column.tipo === 'nota' && typeof value === 'number') return formatGradeNumber(value);
  if (typeof value === 'number') return value.toLocaleString('pt-BR');
  return value;
}
