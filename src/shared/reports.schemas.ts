/**
 * The reports catalogue (`GET /api/relatorios`): what the signed-in user may run today, with the links
 * to run it. The server builds it from its own list, filtered by the permission matrix and scope, so
 * the Relatórios screen never offers a report that would answer 403. Issue 15's reports hub grows here.
 */
export const reportGroups = ['financeiro', 'alunos', 'auditoria'] as const;
export type ReportGroup = (typeof reportGroups)[number];

export const reportGroupInfo: Record<ReportGroup, { titulo: string; descricao: string }> = {
  financeiro: { titulo: 'Financeiro', descricao: 'Caixa, mensalidades e inadimplência.' },
  alunos: { titulo: 'Alunos', descricao: 'Cadastro dos alunos, com turma e responsável.' },
  auditoria: { titulo: 'Auditoria', descricao: 'Quem fez o quê no sistema, e quando.' },
};

export const reportFormats = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportFormatLabels: Record<ReportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel',
};

/** A value the report needs (today only the year); sent as a query parameter of the same name. */
export interface ReportParameter {
  nome: 'ano';
  rotulo: string;
  padrao: number;
  minimo: number;
  maximo: number;
}

export interface ReportEntry {
  id: string;
  grupo: ReportGroup;
  titulo: string;
  /** What the file holds, for the caller's role (a teacher's student list has no CPF, for instance). */
  descricao: string;
  /** The API address; the file comes with `format=<formato>` and the parameters added. */
  url: string;
  formatos: ReportFormat[];
  parametros: ReportParameter[];
  /** The portal screen where the same data is shown and filtered. */
  tela: { rotulo: string; caminho: string } | null;
}

/** The download address of a report in one format, with its parameters. */
export function reportDownloadUrl(
  entry: Pick<ReportEntry, 'url'>,
  formato: ReportFormat,
  values: Record<string, number | string | undefined> = {},
): string {
  const [pathname, search = ''] = entry.url.split('?');
  const query = new URLSearchParams(search);
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  query.set('format', formato);
  return `${pathname}?${query.toString()}`;
}
