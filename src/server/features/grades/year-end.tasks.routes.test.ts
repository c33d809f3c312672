/**
 * Closing the year and applying the rematrícula as background tasks (issue 38): queued by the request
 * (202), done by the job queue with their progress on the task, all or nothing, and run again (an
 * instance that died mid-way) to the same end.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { YearEndStatus, YearEndTask } from '../../../shared/year-end.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { jobs } from '../../db/schema/jobs.js';
import { yearClosures } from '../../db/schema/grades.js';
import { yearEndTasks } from '../../db/schema/year-end-tasks.js';
import { students } from '../../db/schema/students.js';
import { gradedFifthGrade, setupGradesTestApp } from './grades.test-setup.js';
import { YEAR_END_TASK_JOB } from './year-end.tasks.js';

const { t, send, get } = setupGradesTestApp();

/** The job waiting for a task, as the queue holds it (to run it again, as after a crash). */
async function queuedPayload(): Promise<unknown> {
  const [row] = await t.database.db.select().from(jobs).where(eq(jobs.kind, YEAR_END_TASK_JOB));
  return row!.payload;
}

/** Runs a task's job once more, as another instance would once the first one's lease ran out. */
async function runAgain(payload: unknown, tarefaId: string): Promise<void> {
  await t.database.db.update(yearEndTasks).set({ status: 'executando' }).where(eq(yearEndTasks.id, tarefaId));
  await t.app.ctx.jobs.enqueue(t.database.db, YEAR_END_TASK_JOB, payload);
  await t.app.ctx.jobs.drain();
}

describe('year end in the background', () => {
  it('closes the year as a task: 202 at once, progress on the task, the counts at the end; once only', async () => {
    const s = await gradedFifthGrade();
    const url = `/api/anos-letivos/${s.year.id}`;
    // Before the year's last day: refused at once, nothing queued.
    const early = await send('POST', `${url}/encerrar?segundo_plano=true`, s.admin.cookie);
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toMatch(/só pode ser encerrado a partir desse dia/);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, YEAR_END_TASK_JOB))).toEqual([]);

    clock.pin('2026-12-20');
    const started = await send(
      'POST',
      `${url}/encerrar?segundo_plano=true&confirmar_pendencias=true`,
      s.admin.cookie,
    );
    expect(started.statusCode, started.body).toBe(202);
    const task = dataOf<YearEndTask>(started);
    expect(task).toMatchObject({ tipo: 'encerramento', status: 'na_fila', url: `${url}/tarefas/${task.id}` });
    // Nothing closed yet: the request only queued the work.
    expect(dataOf<YearEndStatus>(await get(`${url}/encerramento`, s.admin.cookie)).encerrado).toBe(false);
    // A second click while it waits answers the same task.
    const twice = await send(
      'POST',
      `${url}/encerrar?segundo_plano=true&confirmar_pendencias=true`,
      s.admin.cookie,
    );
    expect(dataOf<YearEndTask>(twice).id).toBe(task.id);
    const payload = await queuedPayload();

    const work = await t.queriesOf(() => t.app.ctx.jobs.drain());
    // Progress written as the job went: running, the situations' chunk, done.
    expect(work.filter((query) => /update "year_end_tasks"/.test(query)).length).toBeGreaterThanOrEqual(3);
    const done = dataOf<YearEndTask>(await get(task.url, s.admin.cookie));
    expect(done).toMatchObject({
      status: 'concluida',
      feitos: 3,
      total: 3,
      mensagem: 'Ano letivo encerrado.',
      resultado: { situacoes: { aprovado: 2, reprovado_nota: 1 } },
    });
    expect(done.concluido_em).not.toBeNull();
    const status = dataOf<YearEndStatus>(await get(`${url}/encerramento`, s.admin.cookie));
    expect(status.encerrado).toBe(true);
    // The screen finds it after a reload.
    const listed = dataOf<YearEndTask[]>(await get(`${url}/tarefas`, s.admin.cookie));
    expect(listed.map((item) => item.id)).toEqual([task.id]);

    // Run again (its instance died after the closing committed): counts again, closes nothing twice.
    await runAgain(payload, task.id);
    expect(dataOf<YearEndTask>(await get(task.url, s.admin.cookie)).resultado).toEqual(done.resultado);
    expect(
      await t.database.db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, s.year.id)),
    ).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'encerrar_ano_letivo'));
    expect(audits).toHaveLength(1);
    const again = await send('POST', `${url}/encerrar?segundo_plano=true`, s.admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toMatch(/já foi encerrado/);
  });

  it('applies the rematrícula as a task, all or nothing: a refusal fails the task and changes nothing; a re-run applies nothing twice', async () => {
    const s = await gradedFifthGrade();
    const url = `/api/anos-letivos/${s.year.id}`;
    clock.pin('2026-12-20');
    const notClosed = await send('POST', `${url}/rematricula?segundo_plano=true`, s.admin.cookie, {
      turmas: [],
      alunos: [],
    });
    expect(notClosed.statusCode).toBe(409);
    expect(messageOf(notClosed)).toMatch(/Encerre o ano letivo 2026/);
    expect((await send('POST', `${url}/encerrar?confirmar_pendencias=true`, s.admin.cookie)).statusCode).toBe(
      200,
    );

    // A teacher who does not exist: the task fails with the reason, and nothing was written.
    const broken = dataOf<YearEndTask>(
      await send('POST', `${url}/rematricula?segundo_plano=true`, s.admin.cookie, {
        turmas: [
          { origem_id: s.classA.id, professor_responsavel_id: '00000000-0000-4000-8000-000000000000' },
        ],
        alunos: [],
      }),
    );
    await t.app.ctx.jobs.drain();
    const failed = dataOf<YearEndTask>(await get(broken.url, s.admin.cookie));
    expect(failed.status).toBe('falhou');
    expect(failed.mensagem).toMatch(/Professor não encontrado|problema/);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);

    const started = await send('POST', `${url}/rematricula?segundo_plano=true`, s.admin.cookie, {
      turmas: [],
      alunos: [{ aluno_id: s.a[1].id, destino: 'nao_rematriculado' }],
    });
    expect(started.statusCode, started.body).toBe(202);
    const task = dataOf<YearEndTask>(started);
    const payload = await queuedPayload();
    await t.app.ctx.jobs.drain();
    const done = dataOf<YearEndTask>(await get(task.url, s.admin.cookie));
    expect(done).toMatchObject({
      status: 'concluida',
      mensagem: 'Rematrícula aplicada.',
      resultado: { contagem: { proxima_serie: 1, mesma_serie: 1, nao_rematriculado: 1 } },
    });
    const next = await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'));
    expect(next.map((row) => row.nome).sort()).toEqual(['5º Ano A', '6º Ano A']);
    const [left] = await t.database.db.select().from(students).where(eq(students.id, s.a[1].id));
    expect(left?.status).toBe('inativo');

    // Run again: finds it applied, creates no class twice.
    await runAgain(payload, task.id);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toHaveLength(2);
    expect(dataOf<YearEndTask>(await get(task.url, s.admin.cookie)).status).toBe('concluida');
    const applied = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'aplicar_rematricula')));
    expect(applied[0]!.n).toBe(1);
    const refused = await send('POST', `${url}/rematricula?segundo_plano=true`, s.admin.cookie, {
      turmas: [],
      alunos: [],
    });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toMatch(/já foi aplicada/);
  });

  it('shows the tasks only to who may close the year, and 404 for a task of another year', async () => {
    const s = await gradedFifthGrade();
    const url = `/api/anos-letivos/${s.year.id}`;
    expect((await get(`${url}/tarefas`, s.math.cookie)).statusCode).toBe(403);
    const missing = await get(`${url}/tarefas/00000000-0000-4000-8000-000000000000`, s.admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect((await get(`${url}/tarefas/nao-e-id`, s.admin.cookie)).statusCode).toBe(400);
    expect((await send('POST', `${url}/encerrar?segundo_plano=talvez`, s.admin.cookie)).statusCode).toBe(400);
  });
});
