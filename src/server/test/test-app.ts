import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app.js';
import { openDatabase, type Database, type DatabaseHooks } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { AppConfig } from '../env.js';
import type { LogStream } from '../lib/log.js';
import type { Mailer, MailMessage } from '../lib/mailer.js';
import { hashPassword } from '../features/auth/passwords.js';
import { users } from '../db/schema/users.js';
import { dropCalendarSnapshot } from '../features/calendar/calendar.service.js';
import { ensureSubjectCatalogue } from '../features/disciplinas/index.js';
import { emptyWrittenTables } from './empty-tables.js';
import {
  giveBackPglite,
  giveBackPostgres,
  postgresDatabaseUrl,
  takePglite,
  takePostgres,
} from './database-pool.js';
import type { Nivel } from '../../shared/permissions.js';

/**
 * A database per test file in the state of a freshly migrated one: in-memory PGlite, or — when
 * TEST_DATABASE_URL points at the throwaway PostgreSQL cluster `npm test` starts — a database on it. Never
 * a mock. It is one a previous file of the same worker handed back, scrubbed to that state, or a new copy
 * of the database the global setup migrated once (test/database-pool.ts, test/global-setup.ts); the
 * migrator then finds nothing left to do.
 */
export async function openTestDatabase(hooks: DatabaseHooks = {}): Promise<Database> {
  // `npm test` lists the files that open a database in its PGlite stage and runs only those again on
  // PostgreSQL (ADR 0047): a file that never gets here cannot behave differently on the other database.
  const listing = process.env.TEST_DATABASE_FILES;
  const testPath = expect.getState().testPath;
  if (listing && testPath) appendFileSync(listing, `${testPath}\n`);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const image = inject('pgliteImage');
    if (!image) return openDatabase({ kind: 'memory' }, hooks);
    // A database a previous file of this worker handed back, scrubbed to the image (database-pool.ts).
    const client = await takePglite(image);
    const database = await openDatabase({ kind: 'memory', client }, hooks);
    const listening = new Set<() => Promise<void>>();
    return {
      ...database,
      listen: async (channel, handlers) => {
        const stop = await database.listen(channel, handlers);
        listening.add(stop);
        return () => {
          listening.delete(stop);
          return stop();
        };
      },
      close: async () => {
        for (const stop of listening) await stop();
        await giveBackPglite(client);
      },
    };
  }
  // A database a previous file of this worker handed back, scrubbed to the template (database-pool.ts).
  const name = await takePostgres(adminUrl, inject('postgresTemplate'));
  const database = await openDatabase({ kind: 'postgres', url: postgresDatabaseUrl(adminUrl, name) }, hooks);
  return {
    ...database,
    close: async () => {
      await database.close();
      await giveBackPostgres(adminUrl, name);
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'escola-test-'));
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    adminEmail: undefined,
    adminPassword: undefined,
    smtpUrl: undefined,
    mailFrom: 'Escola <nao-responda@escola.test>',
    publicUrl: 'http://localhost:3000',
    smsUrl: undefined,
    // Nothing listens on the discard port: the CEP lookup is off in tests and could not leave the machine.
    cepServiceUrl: 'http://127.0.0.1:9/ws',
    logLevel: 'silent',
    trustProxy: false,
    demo: false,
    backupKey: undefined,
    backupDir: path.join(dataDir, 'backups'),
    metricsToken: undefined,
    jobLeaseMs: 60_000,
    jobPollMs: 10_000,
    shutdownTimeoutMs: 25_000,
    pushAllowedOrigins: [],
    pushRatePerSecond: 100,
    ...overrides,
  };
}

/** Captures mail instead of writing .eml files. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** Stands for a mail server unless a test says the server has none (SMTP_URL unset). */
  delivery: 'smtp' | 'arquivo' = 'smtp';
  send(message: MailMessage) {
    this.sent.push(message);
    return Promise.resolve(true);
  }
  last(): MailMessage | undefined {
    return this.sent.at(-1);
  }
}

export interface TestApp {
  app: App;
  database: Database;
  mailer: MemoryMailer;
  /**
   * The statements `work` sent to the database, in order (a cost that grows with the data — one query
   * per class, say — shows in their number without timing anything).
   */
  queriesOf(work: () => Promise<unknown>): Promise<string[]>;
  /** Empties every table (between tests; the schema stays). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { logStream?: LogStream; beforeReady?: (app: App) => Promise<void> } = {},
): Promise<TestApp> {
  let recording: string[] | null = null;
  const database = await openTestDatabase({ onQuery: (query) => recording?.push(query) });
  const mailer = new MemoryMailer();
  const app = await buildApp(testConfig(overrides), {
    database,
    mailer,
    serveClient: false,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    mailer,
    async queriesOf(work) {
      const queries: string[] = [];
      recording = queries;
      try {
        await work();
      } finally {
        recording = null;
      }
      return queries;
    },
    async reset() {
      await emptyWrittenTables(database.db);
      // A school is never without its subject catalogue: the migration fills it, so the reset does too.
      await ensureSubjectCatalogue(database.db);
      mailer.sent.length = 0;
      dropCalendarSnapshot(database.db);
      // The content snapshot (and the school name it carries) described the emptied tables.
      await app.ctx.content.refresh();
    },
    async close() {
      // A test that listened may leave a connection that never sent a request (a client's spare socket):
      // Node counts it as active, so the close would wait for its headers timeout (over a minute). The
      // server is going away with the test file; its connections go with it.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
    },
  };
}

/**
 * Another instance of the app on the test app's database, as a second server of a cluster would be
 * (with its own mailer); the test closes it.
 */
export async function otherInstance(t: TestApp, overrides: Partial<AppConfig> = {}): Promise<App> {
  const app = await buildApp(testConfig(overrides), {
    database: t.database,
    mailer: new MemoryMailer(),
    serveClient: false,
  });
  await app.ready();
  return app;
}

/**
 * The test file's app: created once before its tests, emptied before each (unless `keepData`), closed
 * after. A file's own `beforeAll` hooks run after the app exists, its `afterAll` hooks before it closes. Read it
 * only inside hooks and tests (it exists from `beforeAll` on).
 */
export function setupTestApp(
  overrides: Partial<AppConfig> = {},
  options: Parameters<typeof createTestApp>[1] & {
    /** Keep the rows from one test to the next (a file whose tests build on what `beforeAll` wrote). */
    keepData?: boolean;
  } = {},
): TestApp {
  const { keepData = false, ...appOptions } = options;
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides, appOptions);
  });
  afterAll(() => current?.close());
  if (!keepData) beforeEach(() => current!.reset());
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('setupTestApp: o app de teste só existe a partir do beforeAll');
      return Reflect.get(current, key) as unknown;
    },
  });
}

/**
 * A second app on the same PostgreSQL database as `t`, as a second server of the school would be: its own
 * pool and its own caches (issue 38, ADR 0060). Read `.app` from a test; it exists from `beforeAll` on.
 */
export function setupSecondInstance(t: TestApp, adminUrl: string): { readonly app: App } {
  let other: Database | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    const [row] = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select current_database() as name`),
    );
    other = await openDatabase({ kind: 'postgres', url: postgresDatabaseUrl(adminUrl, row!.name) });
    app = await buildApp(testConfig(), { database: other, mailer: new MemoryMailer(), serveClient: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('setupSecondInstance: a segunda instância só existe a partir do beforeAll');
      return app;
    },
  };
}

export const TEST_PASSWORD = 'Girassol-Azul-42';
let cachedHash: Promise<string> | undefined;

/** Inserts a user who has already changed the first password (unless told otherwise). */
export async function createUserRow(
  database: Database,
  nivel: Nivel,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await database.db
    .insert(users)
    .values({
      nome: `${nivel} ${randomUUID().slice(0, 6)}`,
      email: `${nivel}-${randomUUID().slice(0, 8)}@escola.test`,
      nivel,
      passwordHash: await cachedHash,
      primeiroLogin: false,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * The two request shapes of the route tests: a write with an optional JSON body and a read, each with
 * an optional session cookie. `app` is a getter because the app is built in `beforeAll`.
 */
export function requestsOf(app: () => App) {
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    app().inject({
      method,
      url,
      headers: payload ? { cookie, 'content-type': 'application/json' } : { cookie },
      ...(payload ? { payload } : {}),
    });
  const get = (url: string, cookie?: string) =>
    app().inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { send, get };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'sid');
  if (!cookie) throw new Error(`sem cookie de sessão (status ${response.statusCode}: ${response.body})`);
  return `sid=${cookie.value}`;
}

/** Signs in through the API and returns the Cookie header to send. */
export async function loginAs(app: App, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookieOf(response);
}

/** A signed-in user of the given level: the row and its cookie. */
export async function signedIn(
  testApp: TestApp,
  nivel: Nivel,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await createUserRow(testApp.database, nivel, overrides);
  const cookie = await loginAs(testApp.app, user.email);
  return { user, cookie };
}

/** Collects the JSON lines the logger writes. */
export class MemoryLog implements LogStream {
  readonly lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
  text(): string {
    return this.lines.join('');
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
