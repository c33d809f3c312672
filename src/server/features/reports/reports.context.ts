import { and, eq } from 'drizzle-orm';
import { compareClasses, turnoLabels } from '../../../shared/classes.schemas.js';
import type { Nivel, Permission } from '../../../shared/permissions.js';
import type {
  ReportEntry,
  ReportFilters,
  ReportFormat,
  ReportParameter,
  ReportResult,
} from '../../../shared/reports.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { classesInScope, type RecordsScope } from '../students/index.js';
import type { Viewer } from '../classes/index.js';

/** What a report runs with: the caller, their records scope and the parsed filters. */
export interface ReportRun {
  db: DbOrTx;
  viewer: Viewer;
  scope: RecordsScope;
  filters: ReportFilters;
  /** 'today' from the clock, for defaults. */
  today: string;
  /** Called as the work advances (a background export shows it as its progress bar). */
  progress?: (done: number, total: number) => Promise<void>;
}

/** One report of the hub: its card, who may run it, the filters it takes and how it is built. */
export interface HubReport {
  id: string;
  grupo: ReportEntry['grupo'];
  titulo: string;
  descricao: (nivel: Nivel) => string;
  /** The permission that runs it; a teacher's run is limited to their classes by `scope`. */
  access: Permission;
  formatos: ReportFormat[];
  parametros: (context: CatalogueContext) => ReportParameter[];
  /** Offered as a background export with progress (the whole school's boletins). */
  exportacao?: boolean;
  /** Only as a file built in the background, never on screen (too big to wait for). */
  somenteExportacao?: boolean;
  run: (run: ReportRun) => Promise<ReportResult>;
  /** A file the report makes itself (the boletins), instead of drawing its table. */
  file?: (run: ReportRun, format: ReportFormat) => Promise<{ body: Buffer; fileName: string }>;
}

export interface CatalogueContext {
  year: number;
  today: string;
  classOptions: { valor: string; rotulo: string }[];
}

export const turmaParameter = (context: CatalogueContext, obrigatorio = true): ReportParameter => ({
  nome: 'turma_id',
  rotulo: 'Turma',
  tipo: 'turma',
  obrigatorio,
  padrao: '',
  opcoes: context.classOptions,
  ...(obrigatorio ? {} : { vazio: 'Todas as turmas' }),
});
export const yearParameter = (context: CatalogueContext): ReportParameter => ({
  nome: 'ano',
  rotulo: 'Ano letivo',
  tipo: 'ano',
  obrigatorio: false,
  padrao: context.year,
  minimo: 2000,
  maximo: 2100,
});
export const monthParameter = (context: CatalogueContext): ReportParameter => ({
  nome: 'mes',
  rotulo: 'Mês',
  tipo: 'mes',
  obrigatorio: false,
  padrao: context.today.slice(0, 7),
});

/**
 * The classes a caller reaches, newest year first and each year in school order ('Pré II A', '1º Ano A'
 * … '9º Ano B', '1ª série A'; alphabetical put the Médio first and the Infantil last): the options of
 * the 'Turma' filter.
 */
export async function classOptionsOf(db: DbOrTx, scope: RecordsScope) {
  const rows = await db
    .select({
      id: classes.id,
      nome: classes.nome,
      serie: classes.serie,
      turno: classes.turno,
      ano: classes.anoLetivo,
    })
    .from(classes)
    .where(classesInScope(scope));
  rows.sort((a, b) => b.ano.localeCompare(a.ano) || compareClasses(a, b));
  return rows.map((row) => ({
    valor: row.id,
    rotulo: `${row.nome} · ${turnoLabels[row.turno]} · ${row.ano}`,
  }));
}

const required = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The class a report asks for, or 400 when missing and 404 when outside the caller's scope. */
export async function classOf(run: ReportRun): Promise<ClassRow> {
  const turmaId = run.filters.turma_id;
  if (!turmaId) throw required('turma_id', 'Escolha a turma.');
  const [row] = await run.db
    .select()
    .from(classes)
    .where(and(eq(classes.id, turmaId), classesInScope(run.scope)));
  if (!row) throw notFound('Turma não encontrada.');
  return row;
}

export function classTitle(turma: ClassRow): string {
  return `Turma ${turma.nome} · ${turma.serie} · ${turnoLabels[turma.turno]} · ${turma.anoLetivo}`;
}

export const yearOf = (run: ReportRun) => run.filters.ano ?? Number(run.today.slice(0, 4));

/** Full years between a birth date and a day (ISO dates). */
export function ageOn(birth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) < birth.slice(5) ? years - 1 : years;
}

export function newResult(
  run: ReportRun,
  report: Pick<HubReport, 'id' | 'titulo'>,
  parts: Partial<Omit<ReportResult, 'id' | 'titulo' | 'gerado_em' | 'escola'>> &
    Pick<ReportResult, 'colunas' | 'linhas'>,
): ReportResult {
  return {
    id: report.id,
    escola: '',
    titulo: report.titulo,
    subtitulo: null,
    cabecalho: [],
    grafico: null,
    assinaturas: [],
    paisagem: false,
    gerado_em: clock.now().toISOString(),
    ...parts,
  };
}

export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;
