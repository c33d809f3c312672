/**
 * Reports hub: background exports.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReportExport } from '../../../shared/reports.schemas.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { pdfText } from '../../test/pdf-text.js';
import { dataOf } from '../../test/records-fixtures.js';
import { signedIn } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { reportExports } from '../../db/schema/reports.js';
import { cookies, get, ids, send, setupReportsTest, t, teacherCookie } from './reports.test-setup.js';

setupReportsTest();

describe('background exports', () => {
  async function waitFor(url: string, cookie: string): Promise<ReportExport> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const state = dataOf<ReportExport>(await get(url, cookie));
      if (state.status === 'pronto' || state.status === 'falhou') return state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('a exportação não terminou');
  }

  it('builds all the school’s boletins with progress per class, for the one who asked', async () => {
    const admin = cookies.get('administrador')!;
    const started = await send('POST', '/api/relatorios/boletins-escola/exportacoes', admin, {
      formato: 'pdf',
      ano: 2026,
    });
    expect(started.statusCode, started.body).toBe(201);
    const job = dataOf<ReportExport>(started);
    expect(job).toMatchObject({ relatorio: 'boletins-escola', status: 'na_fila', url: null });
    const url = `/api/relatorios/boletins-escola/exportacoes/${job.id}`;
    const done = await waitFor(url, admin);
    // Three classes of 2026: progress counted them.
    expect(done).toMatchObject({ status: 'pronto', feitos: 3, total: 3, arquivo: 'boletins-2026.pdf' });
    const file = await get(done.url!, admin);
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload);
    for (const nome of ['Ana Ribeiro', 'Eduardo Melo', 'Gabi Prado', 'João Paz'])
      expect(text).toContain(nome);
    // Another administrator does not see it; a teacher cannot start it.
    const other = await signedIn(t, 'administrador');
    expect((await get(url, other.cookie)).statusCode).toBe(404);
    expect((await get(done.url!, other.cookie)).statusCode).toBe(404);
    expect(
      (await send('POST', '/api/relatorios/boletins-escola/exportacoes', teacherCookie, { formato: 'pdf' }))
        .statusCode,
    ).toBe(403);
    expect(
      dataOf<ReportExport[]>(await get('/api/relatorios/boletins-escola/exportacoes', admin))[0]!.id,
    ).toBe(job.id);
  });

  it('a spreadsheet in the background keeps the caller’s scope; a failed build says why', async () => {
    const started = await send('POST', '/api/relatorios/lista-turma/exportacoes', teacherCookie, {
      formato: 'xlsx',
      turma_id: ids.b5,
    });
    expect(started.statusCode).toBe(201);
    const failed = await waitFor(
      `/api/relatorios/lista-turma/exportacoes/${dataOf<ReportExport>(started).id}`,
      teacherCookie,
    );
    expect(failed).toMatchObject({ status: 'falhou', erro: 'Turma não encontrada.', url: null });
    const ok = await send('POST', '/api/relatorios/lista-turma/exportacoes', teacherCookie, {
      formato: 'csv',
      turma_id: ids.a5,
    });
    const done = await waitFor(
      `/api/relatorios/lista-turma/exportacoes/${dataOf<ReportExport>(ok).id}`,
      teacherCookie,
    );
    expect(done).toMatchObject({ status: 'pronto', feitos: 1, total: 1 });
    const csv = await get(done.url!, teacherCookie);
    expect(csv.body.slice(1).trim().split('\r\n')).toHaveLength(4);
  });

  it('a run that stopped moving reads as failed, and old exports are purged', async () => {
    const [row] = await t.database.db
      .insert(reportExports)
      .values({
        usuarioId: (await t.database.db.select().from(auditLog).limit(1))[0]!.actorId!,
        relatorio: 'lista-turma',
        formato: 'pdf',
        filtros: {},
        status: 'gerando',
        atualizadoEm: new Date('2026-03-20T10:00:00Z'),
        criadoEm: new Date('2026-03-18T10:00:00Z'),
      })
      .returning();
    const { getExport, purgeOldExports } = await import('./reports.service.js');
    clock.pin(new Date('2026-03-20T10:30:00Z'));
    const stale = await getExport(
      t.database.db,
      { id: row!.usuarioId, nivel: 'administrador', nome: 'x' },
      'lista-turma',
      row!.id,
    );
    expect(stale.status).toBe('falhou');
    await purgeOldExports(t.database.db);
    expect(await t.database.db.select().from(reportExports).where(eq(reportExports.id, row!.id))).toEqual([]);
  });

  it('a teacher starts up to the cap a day; the next is 429 with Retry-After; another teacher is not held (ADR 0018)', async () => {
    const limit = WRITE_LIMITS.exportacoes;
    const T0 = new Date('2026-03-20T15:00:00Z');
    clock.pin(T0);
    const busy = await signedIn(t, 'professor');
    const other = await signedIn(t, 'professor');
    await t.database.db.insert(reportExports).values(
      Array.from({ length: limit.max - 1 }, () => ({
        usuarioId: busy.user.id,
        relatorio: 'lista-turma',
        formato: 'csv' as const,
        filtros: {},
        status: 'falhou' as const,
        criadoEm: new Date(T0.getTime() - 3600_000),
        atualizadoEm: new Date(T0.getTime() - 3600_000),
      })),
    );
    const start = (cookie: string) =>
      send('POST', '/api/relatorios/lista-turma/exportacoes', cookie, { formato: 'csv', turma_id: ids.a5 });
    expect((await start(busy.cookie)).statusCode).toBe(201);
    const over = await start(busy.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBe(23 * 3600);
    expect(over.json<{ message: string }>().message).toBe(
      `Limite de ${String(limit.max)} arquivos de relatório gerados em segundo plano em 24 horas atingido. Você poderá gerar outro a partir de 21/03/2026 11:00.`,
    );
    const mine = await t.database.db
      .select()
      .from(reportExports)
      .where(eq(reportExports.usuarioId, busy.user.id));
    expect(mine).toHaveLength(limit.max);
    expect((await start(other.cookie)).statusCode).toBe(201);
  });
});
