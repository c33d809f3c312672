import { DAY_MS } from '../../../shared/calendar.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RetentionSettings } from '../../../shared/retention.schemas.js';
import { clock } from '../../lib/clock.js';
import { rowsOf } from '../../db/rows.js';
import { JobQueue } from '../jobs/jobs.service.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf, messageOf, newCpf } from '../../test/records-fixtures.js';
import {
  expectOnlyTheGuardianErased,
  schoolWithCollidingGuardian,
  snapshotDatabase,
} from '../../test/privacy-fixtures.js';
import { RETENTION_JOB, registerRetentionJob, runRetention } from './retention.job.js';

const t = setupTestApp();
beforeEach(() => clock.pin('2030-06-10'));
afterEach(() => clock.unpin());
const { send, get } = requestsOf(() => t.app);

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await exec(query));
/** An instant `days` before the pinned 'now'. */
const ago = (days: number) => new Date(clock.now().getTime() - days * DAY_MS).toISOString();

async function seedTechnical(userId: string) {
  const session = (label: string, expiredDaysAgo: number) =>
    exec(sql`insert into sessions (token_hash, user_id, idle_expires_at, absolute_expires_at, ip, user_agent)
             values (${label}, ${userId}, ${ago(expiredDaysAgo)}::timestamptz, ${ago(expiredDaysAgo)}::timestamptz, '10.0.0.1', 'Firefox')`);
  await session('velha', 40);
  await session('recente', 5);
  await session('ativa', -1);
  await exec(sql`insert into password_resets (token_hash, user_id, expires_at, used_at) values
    ('usado-ha-40', ${userId}, ${ago(39)}::timestamptz, ${ago(40)}::timestamptz),
    ('vence-amanha', ${userId}, ${ago(-1)}::timestamptz, null)`);
  await exec(sql`insert into login_throttle (key, failures, window_started_at, last_attempt_at) values
    ('ip:10.0.0.1', 3, ${ago(41)}::timestamptz, ${ago(40)}::timestamptz),
    ('ip:10.0.0.2', 3, ${ago(1)}::timestamptz, ${ago(1)}::timestamptz)`);
  await exec(sql`insert into rate_limit_hits (key, count, reset_at) values
    ('contato:10.0.0.1', 5, ${ago(40)}::timestamptz), ('contato:10.0.0.2', 5, ${ago(-1)}::timestamptz)`);
  await exec(sql`insert into entregas (canal, destino, assunto, texto, status, enviado_em, updated_at) values
    ('email', 'a@familia.test', 'Boletim', 'Texto', 'enviado', ${ago(40)}::timestamptz, ${ago(40)}::timestamptz),
    ('email', 'b@familia.test', 'Boletim', 'Texto', 'enviado', ${ago(2)}::timestamptz, ${ago(2)}::timestamptz),
    ('email', 'c@familia.test', 'Boletim', 'Texto', 'pendente', null, ${ago(90)}::timestamptz)`);
  await exec(sql`insert into audit_log (at, actor_nome, action, entity, ip, details) values
    (${ago(800)}::timestamptz, 'Secretária', 'atualizar', 'aluno', '10.0.0.1', '{"nome":"Antigo"}'),
    (${ago(100)}::timestamptz, 'Secretária', 'atualizar', 'aluno', '10.0.0.1', '{"nome":"Recente"}')`);
}

/** A guardian whose only child left the school `leftYearsAgo` years ago (or is still here: null). */
async function guardianWithChild(leftYearsAgo: number | null) {
  const left = leftYearsAgo === null ? null : ago(leftYearsAgo * 366);
  const [guardian] = await rows<{ id: string }>(sql`
    insert into guardians (nome, email, telefone, cpf, updated_at)
    values (${`Responsável ${randomUUID().slice(0, 6)}`}, ${`${randomUUID().slice(0, 8)}@familia.test`}, '11944443333', ${newCpf()}, ${left ?? ago(10)}::timestamptz)
    returning id`);
  const [student] = await rows<{ id: string }>(sql`
    insert into students (nome, data_nascimento, matricula, status, updated_at)
    values (${`Aluno ${randomUUID().slice(0, 6)}`}, '2010-01-01', ${randomUUID().slice(0, 8)},
            ${left === null ? 'ativo' : 'transferido'}, ${left ?? ago(10)}::timestamptz)
    returning id`);
  await exec(sql`insert into student_guardians (aluno_id, responsavel_id, parentesco, eh_principal)
                 values (${student!.id}, ${guardian!.id}, 'pai', true)`);
  return guardian!.id;
}

const count = async (table: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(`"${table}"`)}`))[0]!.n;

describe('retention job', () => {
  it('removes what is past its period, clears old audit detail, and anonymises guardians gone long enough', async () => {
    const admin = await signedIn(t, 'administrador');
    await seedTechnical(admin.user.id);
    const goneLongAgo = await guardianWithChild(6);
    const goneRecently = await guardianWithChild(2);
    const stillHere = await guardianWithChild(null);

    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.drain();

    // Expired 40 days ago goes; expired 5 days ago (within the 30) and unexpired stay.
    const tokens = await rows<{ token_hash: string }>(sql`select token_hash from sessions order by 1`);
    expect(tokens.map((row) => row.token_hash)).toEqual(expect.arrayContaining(['recente', 'ativa']));
    expect(tokens.map((row) => row.token_hash)).not.toContain('velha');
    expect(await rows(sql`select token_hash from password_resets`)).toEqual([{ token_hash: 'vence-amanha' }]);
    expect(await rows(sql`select key from login_throttle where key like 'ip:10.%'`)).toEqual([
      { key: 'ip:10.0.0.2' },
    ]);
    expect(await rows(sql`select key from rate_limit_hits`)).toEqual([{ key: 'contato:10.0.0.2' }]);
    expect(await rows(sql`select destino from entregas order by destino`)).toEqual([
      { destino: 'b@familia.test' },
      { destino: 'c@familia.test' },
    ]);
    // The audit rows stay (who, what, when); only the old one's details and IP are gone.
    expect(
      await rows(
        sql`select ip, details from audit_log where action = 'atualizar' and entity = 'aluno' order by at`,
      ),
    ).toEqual([
      { ip: null, details: null },
      { ip: '10.0.0.1', details: { nome: 'Recente' } },
    ]);
    const guardians = await rows<{ id: string; anonimizado: boolean }>(
      sql`select id, anonimizado_em is not null as anonimizado from guardians`,
    );
    expect(Object.fromEntries(guardians.map((row) => [row.id, row.anonimizado]))).toEqual({
      [goneLongAgo]: true,
      [goneRecently]: false,
      [stillHere]: false,
    });

    // Signed in again: the sign-in session above follows the real clock, far behind the pinned one.
    const reader = await signedIn(t, 'administrador');
    const settings = dataOf<RetentionSettings>(await get('/api/configuracoes/retencao', reader.cookie));
    expect(settings.ultima_execucao?.resultado).toEqual({
      sessoes: expect.any(Number) as number,
      links_de_senha: 1,
      trocas_de_email: 0,
      contadores_de_login: 1,
      limites_de_requisicao: 1,
      entregas: 1,
      auditoria: expect.any(Number) as number,
      responsaveis_anonimizados: 1,
      interessados_removidos: 0,
    });
  });

  it("anonymises a guardian gone long enough by reference: their address 'Matemática' and the school's phone stay everywhere else", async () => {
    // Today's clock: everything else the run looks at (sessions, audit details) is fresh and stays.
    clock.unpin();
    const family = await schoolWithCollidingGuardian(t, { childLeftAt: ago(6 * 366) });
    const before = await snapshotDatabase(t);
    const result = await runRetention(t.app.ctx);
    expect(result.responsaveis_anonimizados).toBe(1);
    await expectOnlyTheGuardianErased(t, before, family);
  });

  it('runs once a day across instances (one slot per day on the job queue)', async () => {
    // A second instance on the same database, with its own queue.
    const other = new JobQueue(t.database.db, t.app.ctx.log);
    registerRetentionJob({ ...t.app.ctx, jobs: other });
    await t.app.ctx.jobs.tick();
    await other.tick();
    await t.app.ctx.jobs.tick();
    const queued = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from jobs where kind = ${RETENTION_JOB}`))[0]!
        .n;
    expect(await queued()).toBe(1);
    await other.drain();
    await t.app.ctx.jobs.drain();
    const runs = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from audit_log where action = ${RETENTION_JOB}`,
        )
      )[0]!.n;
    expect(await runs()).toBe(1);
    // The next day, one more run.
    clock.pin('2030-06-11');
    await other.tick();
    await t.app.ctx.jobs.tick();
    await other.drain();
    await t.app.ctx.jobs.drain();
    expect(await runs()).toBe(2);
  });

  it('follows the periods saved in Configurações, and refuses periods below the legal minimum', async () => {
    const admin = await signedIn(t, 'administrador');
    const defaults = dataOf<RetentionSettings>(await get('/api/configuracoes/retencao', admin.cookie));
    expect(defaults).toMatchObject({
      registros_tecnicos_dias: 30,
      auditoria_dias: 730,
      responsaveis_anos: 5,
      version: 0,
    });

    const tooShort = await send('PUT', '/api/configuracoes/retencao', admin.cookie, {
      registros_tecnicos_dias: 3,
      auditoria_dias: 30,
      responsaveis_anos: 2,
      version: 0,
    });
    expect(tooShort.statusCode).toBe(400);
    expect(JSON.stringify(tooShort.json())).toContain('Marco Civil');
    expect(JSON.stringify(tooShort.json())).toContain('prazo de cobrança');

    const saved = await send('PUT', '/api/configuracoes/retencao', admin.cookie, {
      registros_tecnicos_dias: 3,
      auditoria_dias: 180,
      responsaveis_anos: 5,
      version: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(messageOf(saved)).toBe('Prazos de retenção salvos.');
    const stale = await send('PUT', '/api/configuracoes/retencao', admin.cookie, {
      registros_tecnicos_dias: 10,
      auditoria_dias: 180,
      responsaveis_anos: 5,
      version: 0,
    });
    expect(stale.statusCode).toBe(412);

    await seedTechnical(admin.user.id);
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.drain();
    // With 3 days, the session that expired 5 days ago goes too; with 180, the 100-day audit detail stays.
    const tokens = (await rows<{ token_hash: string }>(sql`select token_hash from sessions`)).map(
      (row) => row.token_hash,
    );
    expect(tokens).not.toContain('recente');
    expect(tokens).toContain('ativa');
    expect(await count('entregas')).toBe(2);
    expect(
      await rows(
        sql`select details from audit_log where action = 'atualizar' and entity = 'aluno' order by at`,
      ),
    ).toEqual([{ details: null }, { details: { nome: 'Recente' } }]);
  });
});
