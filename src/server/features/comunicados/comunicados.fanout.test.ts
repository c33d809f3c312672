/**
 * A notice's fan-out in the background (issue 38, ADR 0061): the publication records the recipients and
 * queues one job; the job writes every bell and e-mail once, however many times it runs.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comunicado, Leituras } from '../../../shared/comunicados.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf } from '../../test/records-fixtures.js';
import { jobs } from '../../db/schema/jobs.js';
import { entregas, notificacoes } from '../../db/schema/notificacoes.js';
import { comunicadoEnvios } from '../../db/schema/comunicados.js';
import { FANOUT_JOB, runFanOut } from './comunicados.fanout.js';
import { publishDueComunicados } from './comunicados.publish.js';
import { deliver, family, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, get, postNotice, publishNotice } = setupComunicadosTest();

/** Per person: how many bell entries and e-mails point at the notice. */
async function perPerson(id: string) {
  const link = `/dashboard/comunicados?id=${id}`;
  const bells = await t.database.db.select().from(notificacoes).where(eq(notificacoes.link, link));
  const mails = (await t.database.db.select().from(entregas).where(eq(entregas.canal, 'email'))).filter(
    (row) => row.texto.includes(id),
  );
  const tally = (ids: (string | null)[]) => {
    const counts: Record<string, number> = {};
    for (const item of ids) counts[item ?? '?'] = (counts[item ?? '?'] ?? 0) + 1;
    return counts;
  };
  return {
    bells: tally(bells.map((row) => row.usuarioId)),
    mails: tally(mails.map((row) => row.usuarioId)),
  };
}

const queuedJobs = async () =>
  (await t.database.db.select().from(jobs)).filter((row) => row.kind === FANOUT_JOB);

const leituras = async (id: string, cookie: string) =>
  dataOf<Leituras>(await get(`/api/comunicados/${id}/leituras`, cookie));

describe('comunicados: the fan-out in the background (issue 38)', () => {
  it('publishing records the recipients and queues one job; the job writes one bell and one e-mail each', async () => {
    const s = await school();
    const created = await postNotice(s.admin.cookie, { tipo: 'escola' });
    expect(created.statusCode).toBe(201);
    const id = dataOf<Comunicado>(created).id;
    // The answer: the recipients as resolved now (the reads count against them), nothing fanned out yet.
    expect(dataOf<Comunicado>(created).contagem).toEqual({ destinatarios: 3, lidos: 0, cientes: 0 });
    expect(await queuedJobs()).toHaveLength(1);
    expect(await perPerson(id)).toEqual({ bells: {}, mails: {} });
    const before = await leituras(id, s.admin.cookie);
    expect(before.enviando).toBe(true);
    expect(before.contagem.destinatarios).toBe(3);
    // A family may already open it from the list: it is theirs from publication.
    expect((await get(`/api/comunicados/${id}`, s.b1.cookie)).statusCode).toBe(200);

    await deliver();
    const everyone = { [s.a1.user.id]: 1, [s.a2.user.id]: 1, [s.b1.user.id]: 1 };
    expect(await perPerson(id)).toEqual({ bells: everyone, mails: everyone });
    expect(await queuedJobs()).toEqual([]);
    expect(await t.database.db.select().from(comunicadoEnvios)).toEqual([]);
    expect((await leituras(id, s.admin.cookie)).enviando).toBe(false);
    // The family that opened it before its bell was written finds that entry read; the others do not.
    const unread = await t.database.db.execute(
      sql`select usuario_id from notificacoes where lida_em is null order by usuario_id`,
    );
    expect((unread as { rows: { usuario_id: string }[] }).rows.map((row) => row.usuario_id)).toEqual(
      [s.a1.user.id, s.a2.user.id].sort(),
    );
  });

  it('a job run again (a retry after a crash, a second worker at once) doubles nothing', async () => {
    const s = await school();
    const id = (await publishNotice(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] })).id;
    const [job] = await queuedJobs();
    // Two workers at once on the same job (its lease ran out while the first still worked)…
    await Promise.all([runFanOut(t.app.ctx, job!.payload), runFanOut(t.app.ctx, job!.payload)]);
    // …then the queue itself (the first worker died before deleting the job row), and once more.
    await deliver();
    await runFanOut(t.app.ctx, job!.payload);
    const once = { [s.a1.user.id]: 1, [s.a2.user.id]: 1 };
    expect(await perPerson(id)).toEqual({ bells: once, mails: once });
  });

  it('a job that fails half-way leaves nothing written, and its retry writes everything once', async () => {
    const s = await school();
    const id = (await publishNotice(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] })).id;
    const [job] = await queuedJobs();
    // The bell's insert (after the e-mails) fails once: the job's single transaction rolls back.
    await t.database.db.execute(sql`
      create function falha_uma_vez() returns trigger language plpgsql as $$
      begin raise exception 'falha simulada'; end $$`);
    await t.database.db.execute(sql`
      create trigger falha_uma_vez before insert on notificacoes for each statement execute function falha_uma_vez()`);
    await expect(runFanOut(t.app.ctx, job!.payload)).rejects.toThrow();
    expect(await perPerson(id)).toEqual({ bells: {}, mails: {} });
    expect((await leituras(id, s.admin.cookie)).enviando).toBe(true);
    await t.database.db.execute(sql`drop trigger falha_uma_vez on notificacoes`);
    await t.database.db.execute(sql`drop function falha_uma_vez()`);
    await deliver();
    const once = { [s.a1.user.id]: 1, [s.a2.user.id]: 1 };
    expect(await perPerson(id)).toEqual({ bells: once, mails: once });
  });

  it('a scheduled publication and a reminder go through the same job', async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    const id = (
      await publishNotice(
        s.admin.cookie,
        { tipo: 'turmas', turmas: [s.classA.id] },
        { publicar_em: '2026-05-05T07:00:00-03:00' },
      )
    ).id;
    expect(await queuedJobs()).toEqual([]);
    clock.pin(new Date('2026-05-05T07:01:00-03:00'));
    expect(await publishDueComunicados(t.app.ctx)).toBe(1);
    expect(await queuedJobs()).toHaveLength(1);
    expect(await perPerson(id)).toEqual({ bells: {}, mails: {} });
    await deliver();
    const once = { [s.a1.user.id]: 1, [s.a2.user.id]: 1 };
    expect(await perPerson(id)).toEqual({ bells: once, mails: once });

    // a1 reads it; a family joins the class; the reminder: one job for the pending, one for the new.
    await get(`/api/comunicados/${id}`, s.a1.cookie);
    const late = await family(s.classA.id);
    const reminder = await send('POST', `/api/comunicados/${id}/lembrete`, s.admin.cookie);
    expect(dataOf<{ lembrados: number; novos: number }>(reminder)).toEqual({ lembrados: 1, novos: 1 });
    expect(await queuedJobs()).toHaveLength(2);
    expect((await leituras(id, s.admin.cookie)).contagem.destinatarios).toBe(3);
    expect(await perPerson(id)).toEqual({ bells: once, mails: once });
    await deliver();
    expect(await perPerson(id)).toEqual({
      bells: { [s.a1.user.id]: 1, [s.a2.user.id]: 2, [late.user.id]: 1 },
      mails: { [s.a1.user.id]: 1, [s.a2.user.id]: 2, [late.user.id]: 1 },
    });
    const titles = await t.database.db
      .select({ titulo: notificacoes.titulo })
      .from(notificacoes)
      .where(eq(notificacoes.usuarioId, late.user.id));
    expect(titles).toEqual([{ titulo: 'Novo comunicado: Reunião de pais' }]);
  });

  it('a notice deleted before its job ran notifies nobody', async () => {
    const s = await school();
    const id = (await publishNotice(s.admin.cookie, { tipo: 'escola' })).id;
    expect((await send('DELETE', `/api/comunicados/${id}`, s.admin.cookie)).statusCode).toBe(200);
    await deliver();
    expect(await perPerson(id)).toEqual({ bells: {}, mails: {} });
    expect(await queuedJobs()).toEqual([]);
  });
});
