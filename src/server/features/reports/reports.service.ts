import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { can, type Permission } from '../../../shared/permissions.js';
import type {
  ReportExport,
  ReportExportInput,
  ReportFilters,
  ReportFormat,
  ReportResult,
} from '../../../shared/reports.schemas.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { ExportFile } from '../../lib/spreadsheet.js';
import { enforceWriteLimits, ownRows, WRITE_LIMITS } from '../../lib/write-limits.js';
import type { Viewer as ClassViewer } from '../classes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { getSchoolIdentity } from '../settings/index.js';
import { scopeOf } from '../students/index.js';
import { findHubReport } from './reports.catalogue.js';
import type { HubReport, ReportRun } from './reports.context.js';
import { renderReportPdf, renderSpreadsheet } from './reports.render.js';
import { reportExports, type ReportExportRow } from '../../db/schema/reports.js';

/** Running a hub report: on screen (JSON), as a file at once, or as a background export. */

/** Who runs a report: the account and what its profiles allow (ADR 0025). */
type Viewer = ClassViewer & { permissoes: readonly Permission[] };

const reportNotFound = () => notFound('Relatório não encontrado.');

/** The report, when the caller's role may run it (the catalogue offers exactly these). */
function reportFor(viewer: Viewer, id: string): HubReport {
  const report = findHubReport(id);
  if (!report) throw reportNotFound();
  if (!can(viewer.permissoes, report.access))
    throw new AppError('FORBIDDEN', 'Você não tem permissão para emitir este relatório.');
  return report;
}

async function runOf(db: DbOrTx, viewer: Viewer, filters: ReportFilters): Promise<ReportRun> {
  return { db, viewer, scope: await scopeOf(db, viewer), filters, today: clock.today() };
}

/** GET /api/relatorios/:id (formato json): the table the screen shows. */
export async function runReport(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  filters: ReportFilters,
  schoolName: string,
): Promise<ReportResult> {
  const report = reportFor(viewer, id);
  if (report.somenteExportacao)
    throw badRequest('Este relatório é gerado em segundo plano: use "Gerar arquivo".');
  return { ...(await report.run(await runOf(db, viewer, filters))), escola: schoolName };
}

async function buildFile(report: HubReport, run: ReportRun, formato: ReportFormat): Promise<ExportFile> {
  if (!report.formatos.includes(formato))
    throw badRequest(`Este relatório não sai em ${formato.toUpperCase()}.`, [
      { path: 'formato', message: 'Formato indisponível para este relatório.' },
    ]);
  if (report.file) {
    const file = await report.file(run, formato);
    return { ...file, contentType: 'application/pdf' };
  }
  const result = await report.run(run);
  if (formato === 'pdf') return renderReportPdf(result, await getSchoolIdentity(run.db));
  return renderSpreadsheet(result, formato);
}

/** GET /api/relatorios/:id?formato=csv|xlsx|pdf: the file at once (audited, as every export). */
export async function downloadReport(
  db: Db,
  viewer: Viewer,
  actor: Actor,
  id: string,
  formato: ReportFormat,
  filters: ReportFilters,
): Promise<ExportFile> {
  const report = reportFor(viewer, id);
  if (report.somenteExportacao)
    throw badRequest('Este relatório é gerado em segundo plano: use "Gerar arquivo".');
  const file = await buildFile(report, await runOf(db, viewer, filters), formato);
  await recordAudit(db, actor, {
    action: 'exportar',
    entity: 'relatorio',
    details: { relatorio: id, formato, filtros: filters },
  });
  return file;
}

// ---------------------------------------------------------------- background exports

/** A run that has not moved for this long died with its process. */
const STALE_MS = 10 * 60_000;
/** Finished exports (and their files) are kept this long. */
const KEEP_MS = 24 * 60 * 60_000;

function toExport(row: ReportExportRow): ReportExport {
  const stale =
    (row.status === 'na_fila' || row.status === 'gerando') &&
    clock.now().getTime() - row.atualizadoEm.getTime() > STALE_MS;
  return {
    id: row.id,
    relatorio: row.relatorio,
    formato: row.formato,
    status: stale ? 'falhou' : row.status,
    feitos: row.feitos,
    total: row.total,
    arquivo: row.arquivoNome,
    erro: stale ? 'A geração foi interrompida. Gere o arquivo de novo.' : row.erro,
    criado_em: row.criadoEm.toISOString(),
    concluido_em: row.concluidoEm?.toISOString() ?? null,
    url: row.status === 'pronto' ? `/api/relatorios/${row.relatorio}/exportacoes/${row.id}/arquivo` : null,
  };
}

/**
 * Builds queued exports one at a time in this process, after the response. Progress goes to the row
 * as each step ends (for the boletins: each class), so any instance can answer 'how far along'.
 */
export class ReportExporter {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  /** Resolves when every export queued so far has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  async start(viewer: Viewer, actor: Actor, id: string, input: ReportExportInput): Promise<ReportExport> {
    const report = reportFor(viewer, id);
    const { formato, ...filters } = input;
    if (!report.formatos.includes(formato))
      throw badRequest(`Este relatório não sai em ${formato.toUpperCase()}.`, [
        { path: 'formato', message: 'Formato indisponível para este relatório.' },
      ]);
    const row = await this.db.transaction(async (tx) => {
      // Each is built in this process and its file kept a day: so many a day per account (ADR 0018).
      await enforceWriteLimits(tx, viewer, 'exportacoes', [
        {
          limit: WRITE_LIMITS.exportacoes,
          source: ownRows(reportExports, reportExports.criadoEm, reportExports.usuarioId, viewer.id),
        },
      ]);
      const now = clock.now();
      const [created] = await tx
        .insert(reportExports)
        .values({
          usuarioId: viewer.id,
          relatorio: id,
          formato,
          filtros: filters,
          criadoEm: now,
          atualizadoEm: now,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'exportar',
        entity: 'relatorio',
        entityId: created!.id,
        details: { relatorio: id, formato, filtros: filters, segundo_plano: true },
      });
      return created!;
    });
    this.chain = this.chain.then(() => this.build(report, viewer, row));
    return toExport(row);
  }

  private async touch(id: string, values: Partial<typeof reportExports.$inferInsert>) {
    await this.db
      .update(reportExports)
      .set({ ...values, atualizadoEm: clock.now() })
      .where(eq(reportExports.id, id));
  }

  private async build(report: HubReport, viewer: Viewer, row: ReportExportRow): Promise<void> {
    try {
      await this.touch(row.id, { status: 'gerando', feitos: 0, total: 1 });
      const run = await runOf(this.db, viewer, row.filtros as ReportFilters);
      run.progress = (feitos, total) => this.touch(row.id, { feitos, total });
      const file = await buildFile(report, run, row.formato);
      await this.db
        .update(reportExports)
        .set({
          status: 'pronto',
          arquivo: file.body,
          arquivoNome: file.fileName,
          conteudoTipo: file.contentType,
          // A run without steps of its own (a spreadsheet) was one step, now done.
          feitos: sql`${reportExports.total}`,
          atualizadoEm: clock.now(),
          concluidoEm: clock.now(),
        })
        .where(eq(reportExports.id, row.id));
    } catch (error) {
      const message =
        error instanceof AppError ? error.message : 'Não foi possível gerar o arquivo. Tente de novo.';
      if (!(error instanceof AppError))
        this.log.error(
          { relatorio: report.id, code: error instanceof Error ? error.name : 'erro' },
          'falha ao gerar relatório',
        );
      await this.touch(row.id, { status: 'falhou', erro: message }).catch(() => undefined);
    }
  }
}

async function ownExport(
  db: DbOrTx,
  viewer: ClassViewer,
  id: string,
  jobId: string,
): Promise<ReportExportRow> {
  const [row] = await db
    .select()
    .from(reportExports)
    .where(
      and(
        eq(reportExports.id, jobId),
        eq(reportExports.relatorio, id),
        eq(reportExports.usuarioId, viewer.id),
      ),
    );
  if (!row) throw notFound('Exportação não encontrada.');
  return row;
}

/** GET /api/relatorios/:id/exportacoes/:jobId — only the user who asked for it sees it. */
export async function getExport(
  db: DbOrTx,
  viewer: ClassViewer,
  id: string,
  jobId: string,
): Promise<ReportExport> {
  return toExport(await ownExport(db, viewer, id, jobId));
}

/** GET /api/relatorios/:id/exportacoes — the caller's recent exports of the report, newest first. */
export async function listExports(db: DbOrTx, viewer: Viewer, id: string): Promise<ReportExport[]> {
  reportFor(viewer, id);
  const rows = await db
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.relatorio, id), eq(reportExports.usuarioId, viewer.id)))
    .orderBy(desc(reportExports.criadoEm))
    .limit(10);
  return rows.map(toExport);
}

/** GET …/exportacoes/:jobId/arquivo — the finished file. */
export async function exportFile(
  db: DbOrTx,
  viewer: ClassViewer,
  id: string,
  jobId: string,
): Promise<ExportFile> {
  const row = await ownExport(db, viewer, id, jobId);
  if (row.status !== 'pronto' || !row.arquivo || !row.arquivoNome)
    throw new AppError('CONFLICT', 'O arquivo ainda não está pronto.');
  return {
    body: row.arquivo,
    fileName: row.arquivoNome,
    contentType: row.conteudoTipo ?? 'application/octet-stream',
  };
}

/** Housekeeping: exports older than a day go, with their files. */
export async function purgeOldExports(db: DbOrTx): Promise<void> {
  await db.delete(reportExports).where(lt(reportExports.criadoEm, clock.ago(KEEP_MS)));
}
