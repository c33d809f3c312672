import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Fila } from '../../../shared/notificacoes.schemas.js';
import { clock } from '../../lib/clock.js';
import { createMailer, type Mailer } from '../../lib/mailer.js';
import { dataOf } from '../../test/records-fixtures.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { DeliveryWorker, ENTREGA_LEASE_MS, ENTREGA_MAX_TENTATIVAS } from './entregas.worker.js';
import { entregas } from '../../db/schema/notificacoes.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);
afterEach(() => clock.unpin());

const quiet = { warn: () => undefined, error: () => undefined };

function fileMailer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'entregas-'));
  const mailer = createMailer({ smtpUrl: undefined, from: 'Escola <nao-responda@escola.test>', dataDir });
  const files = () => {
    try {
      return readdirSync(path.join(dataDir, 'outbox'));
    } catch {
      return [];
    }
  };
  return { mailer, dataDir, files };
}

async function queueEmails(n: number) {
  await t.database.db.insert(entregas).values(
    Array.from({ length: n }, (_, index) => ({
      canal: 'email' as const,
      destino: `familia${String(index)}@escola.test`,
      assunto: `Aviso ${String(index)}`,
      texto: 'Olá.',
      proximaTentativa: clock.now(),
    })),
  );
}

describe('delivery outbox', () => {
  it('two workers draining at once send each e-mail exactly once', async () => {
    const { mailer, files } = fileMailer();
    await queueEmails(120);
    const first = new DeliveryWorker(t.database.db, mailer, null, quiet);
    const second = new DeliveryWorker(t.database.db, mailer, null, quiet);
    await Promise.all([first.drain(), second.drain(), first.drain()]);
    expect(files()).toHaveLength(120);
    const rows = await t.database.db.select().from(entregas);
    expect(rows.every((row) => row.status === 'enviado' && row.tentativas === 1)).toBe(true);
  });

  it('a worker killed mid-batch leaves its rows to another after the lease; no e-mail is written twice', async () => {
    const { mailer, files } = fileMailer();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    await queueEmails(10);
    // Worker A claims a batch, writes three e-mails and dies before recording anything.
    const dying = new DeliveryWorker(t.database.db, mailer, null, quiet);
    const claimed = await dying.claim(10);
    expect(claimed).toHaveLength(10);
    for (const row of claimed.slice(0, 3))
      await mailer.send({ id: row.id, to: row.destino, subject: row.assunto, text: row.texto });
    expect(files()).toHaveLength(3);
    // While the lease holds, nobody else takes them.
    const sent: string[] = [];
    const counting: Mailer = {
      send: (message) => {
        sent.push(message.to);
        return mailer.send(message);
      },
    };
    const survivor = new DeliveryWorker(t.database.db, counting, null, quiet);
    await survivor.drain();
    expect(sent).toEqual([]);
    clock.pin(new Date(new Date('2026-05-04T09:00:00-03:00').getTime() + ENTREGA_LEASE_MS + 1000));
    await survivor.drain();
    // All ten were handed to the mailer again, but the three already written were not written twice.
    expect(sent).toHaveLength(10);
    expect(files()).toHaveLength(10);
    const rows = await t.database.db.select().from(entregas);
    expect(rows.every((row) => row.status === 'enviado')).toBe(true);
  });

  it('a slow worker whose lease passed does not send the rows another worker claimed since', async () => {
    const { mailer, files } = fileMailer();
    const start = new Date('2026-05-04T09:00:00-03:00').getTime();
    clock.pin(new Date(start));
    await queueEmails(30);
    // Worker A claims 30 rows and is slow: its lease passes before it gets to them.
    const sentBy = { a: [] as string[], b: [] as string[] };
    const counting = (who: 'a' | 'b'): Mailer => ({
      send: (message) => {
        sentBy[who].push(message.id!);
        return mailer.send(message);
      },
    });
    const slow = new DeliveryWorker(t.database.db, counting('a'), null, quiet);
    const claimed = await slow.claim(30);
    expect(claimed).toHaveLength(30);
    clock.pin(new Date(start + ENTREGA_LEASE_MS + 1000));
    // Worker B claims 10 of them (lease passed), and is still sending them.
    const other = new DeliveryWorker(t.database.db, counting('b'), null, quiet);
    const taken = await other.claim(10);
    expect(taken).toHaveLength(10);
    // A goes on with its whole claim: it sends only the 20 rows still its own, and B sends its 10.
    await slow.sendClaimed(claimed);
    await other.sendClaimed(taken);
    expect(sentBy.a).toHaveLength(20);
    expect(sentBy.b.sort()).toEqual(taken.map((row) => row.id).sort());
    expect(sentBy.a.some((id) => sentBy.b.includes(id))).toBe(false);
    expect(files()).toHaveLength(30);
    const rows = await t.database.db.select().from(entregas);
    expect(rows.every((row) => row.status === 'enviado')).toBe(true);
  });

  it('retries with backoff, then gives up and shows the error to the admin without the address', async () => {
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    await queueEmails(1);
    let calls = 0;
    const failing: Mailer = {
      send: () => {
        calls++;
        return Promise.reject(
          Object.assign(new Error('550 mailbox familia0@escola.test unavailable'), { code: 'EENVELOPE' }),
        );
      },
    };
    const worker = new DeliveryWorker(t.database.db, failing, null, quiet);
    const start = new Date('2026-05-04T09:00:00-03:00').getTime();
    clock.pin(new Date(start));
    await worker.drain();
    expect(calls).toBe(1);
    await worker.drain();
    expect(calls).toBe(1);
    let elapsed = 0;
    for (let attempt = 2; attempt <= ENTREGA_MAX_TENTATIVAS; attempt++) {
      elapsed += 60_000 * 2 ** (attempt - 2) + 1000;
      clock.pin(new Date(start + elapsed));
      await worker.drain();
      expect(calls).toBe(attempt);
    }
    clock.pin(new Date(start + elapsed + 3600_000));
    await worker.drain();
    expect(calls).toBe(ENTREGA_MAX_TENTATIVAS);
    const [row] = await t.database.db.select().from(entregas);
    expect(row?.status).toBe('falhou');
    const admin = await signedIn(t, 'administrador');
    const fila = dataOf<Fila>(await get('/api/configuracoes/notificacoes/fila', admin.cookie));
    expect(fila.falhas).toBe(1);
    expect(fila.ultimos_erros[0]?.erro).toContain('EENVELOPE');
    expect(JSON.stringify(fila)).not.toContain('familia0@escola.test');
    const guardian = await signedIn(t, 'responsavel');
    expect((await get('/api/configuracoes/notificacoes/fila', guardian.cookie)).statusCode).toBe(403);
    // 'Tentar de novo' puts it back in the queue.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/configuracoes/notificacoes/fila/reenviar',
      headers: { cookie: admin.cookie },
    });
    expect(dataOf<{ reenviadas: number }>(retry).reenviadas).toBe(1);
    const [again] = await t.database.db.select().from(entregas).where(eq(entregas.id, row!.id));
    expect(again?.status).toBe('pendente');
  });

  it('records a batch with some failures row by row: the sent ones sent once, the failed ones retried later', async () => {
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    await queueEmails(120);
    const delivered: string[] = [];
    // Every seventh address bounces; the others go out (several in flight at once).
    const flaky: Mailer = {
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (Number(/\d+/.exec(message.to)?.[0]) % 7 === 0)
          throw Object.assign(new Error('550 unavailable'), { code: 'EENVELOPE' });
        delivered.push(message.to);
        return true;
      },
    };
    await new DeliveryWorker(t.database.db, flaky, null, quiet).drain();
    const bouncing = Array.from({ length: 120 }, (_, i) => i).filter((i) => i % 7 === 0);
    expect(delivered).toHaveLength(120 - bouncing.length);
    expect(new Set(delivered).size).toBe(delivered.length);
    const rows = await t.database.db.select().from(entregas);
    const failed = rows.filter((row) => row.status === 'pendente');
    expect(failed.map((row) => row.destino).sort()).toEqual(
      bouncing.map((i) => `familia${String(i)}@escola.test`).sort(),
    );
    for (const row of failed) {
      expect(row).toMatchObject({ tentativas: 1, bloqueadoAte: null });
      expect(row.ultimoErro).toContain('EENVELOPE');
      expect(row.proximaTentativa.getTime()).toBe(clock.now().getTime() + 60_000);
    }
    const sent = rows.filter((row) => row.status === 'enviado');
    expect(sent).toHaveLength(delivered.length);
    expect(sent.every((row) => row.tentativas === 1 && row.enviadoEm !== null)).toBe(true);
    // Nothing is due until the backoff passes: a second drain sends nothing again.
    await new DeliveryWorker(t.database.db, flaky, null, quiet).drain();
    expect(delivered).toHaveLength(120 - bouncing.length);
  });

  it('sends SMS through SMS_URL only when a sender exists; without one the row fails visibly', async () => {
    await t.database.db
      .insert(entregas)
      // Due now by the app's clock, as the service queues it: the column's default is the database's
      // now(), in microseconds, which can be later than the worker's millisecond clock read right after.
      .values({
        canal: 'sms',
        destino: '11912345678',
        assunto: 'Aviso',
        texto: 'Olá',
        proximaTentativa: clock.now(),
      });
    const received: { to: string; message: string }[] = [];
    const worker = new DeliveryWorker(
      t.database.db,
      { send: () => Promise.resolve(true) },
      async (to, message) => {
        received.push({ to, message });
      },
      quiet,
    );
    await worker.drain();
    expect(received).toEqual([{ to: '11912345678', message: 'Olá' }]);
    await t.database.db.execute(sql`update entregas set status = 'pendente', tentativas = 0`);
    const withoutSms = new DeliveryWorker(t.database.db, { send: () => Promise.resolve(true) }, null, quiet);
    await withoutSms.drain();
    const [row] = await t.database.db.select().from(entregas);
    expect(row?.ultimoErro).toContain('SEM_SMS');
  });

  it('writes a real .eml with the portal link', async () => {
    const { mailer, dataDir, files } = fileMailer();
    await queueEmails(1);
    await new DeliveryWorker(t.database.db, mailer, null, quiet).drain();
    const [name] = files();
    expect(readFileSync(path.join(dataDir, 'outbox', name!), 'utf8')).toContain('Subject: Aviso 0');
  });
});
