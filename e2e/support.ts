import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type PageScreenshotOptions,
  type LocatorScreenshotOptions,
} from '@playwright/test';
import type { Turno } from '../src/shared/classes.schemas';
import { completeCpf } from '../src/shared/validators';
import { testTiming } from '../test-timing.config';

/** The first administrator the e2e server starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = {
  email: 'diretoria@escola.test',
  firstPassword: 'Primeiro-Acesso-2026',
  /** The name the first administrator writes at the first sign-in (created as 'Administrador'). */
  nome: 'Helena Duarte',
  /** Set by the first-login journey in auth.setup.ts. */
  password: 'Ipe-Amarelo-Floresce-7',
};

export const ADMIN_STATE = 'test-results/.auth/admin.json';

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function logout(page: Page) {
  const drawerButton = page.getByRole('button', { name: 'Abrir menu' });
  if (await drawerButton.isVisible()) await drawerButton.click();
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page).toHaveURL('/');
}

/** The e2e server's data directory (mail lands in its outbox). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR não definido');
  return dir;
}

/**
 * The newest e-mail to `to` whose text matches `pattern`, quoted-printable decoded, from the outbox of
 * `directory` (the shared server's unless told): a server without SMTP_URL writes its mail there.
 */
export function mailTo(to: string, pattern: RegExp, directory = dataDir()): string | undefined {
  const outbox = path.join(directory, 'outbox');
  if (!existsSync(outbox)) return undefined;
  return readdirSync(outbox)
    .map((file) => path.join(outbox, file))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((file) =>
      readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        // Each run of =XX is UTF-8 bytes ('está' is est=C3=A1): decoded whole, so accents match.
        .replace(/(?:=[0-9A-F]{2})+/g, (bytes) =>
          Buffer.from(bytes.replaceAll('=', ''), 'hex').toString('utf8'),
        ),
    )
    .filter((text) => text.includes(to) && pattern.test(text))
    .at(-1);
}

/** Waits for an e-mail to `to` with `pattern` in it (`mailTo`) and answers what the pattern matched (a link). */
export async function linkMailedTo(to: string, pattern: RegExp, directory = dataDir()): Promise<string> {
  await expect.poll(() => mailTo(to, pattern, directory), { timeout: 30_000 }).toBeDefined();
  return pattern.exec(mailTo(to, pattern, directory)!)![0];
}

/**
 * A server of the spec's own, on its own port and data directory: a journey that rewinds the database
 * (restore, wipe) runs there, so it cannot undo what other specs created on the shared server.
 * `now` (an ISO moment) starts the server's clock there (e2e/shifted-clock.mjs), for a journey about
 * what a given day shows; with `dataDir` (the caller's, kept on stop) a restart keeps the school;
 * `env` adds to the server's environment (`DEMO: '1'`: the demo school, with its documented accounts —
 * an empty directory gets a copy of the run's seeded one, `demoSchoolInto`). Any other new directory
 * gets a copy of the run's migrated empty database (`emptyDatabaseInto`).
 */
export async function startOwnServer(
  options: { now?: string; dataDir?: string; env?: Record<string, string> } = {},
): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const dataDirectory = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'escola-e2e-own-'));
  if (options.env?.DEMO === '1') await demoSchoolInto(dataDirectory);
  else await emptyDatabaseInto(dataDirectory);
  const server = await startServerOn(dataDirectory, options);
  return {
    baseURL: server.baseURL,
    async stop() {
      await server.stop();
      if (!options.dataDir) rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * The directories this run makes once and copies from, beside the shared server's (`-demo`, `-empty`):
 * e2e/global-teardown.ts removes every one.
 */
function runTemplateDir(kind: 'demo' | 'empty'): string {
  return `${dataDir()}-${kind}`;
}

/**
 * Made once a run, beside the final path, and renamed when whole: a worker that dies while making it
 * leaves no half a template.
 */
async function templateOnce(
  kind: 'demo' | 'empty',
  make: (directory: string) => Promise<void> | void,
): Promise<string> {
  const template = runTemplateDir(kind);
  if (!existsSync(template)) {
    const making = mkdtempSync(`${template}-`);
    await make(making);
    renameSync(making, template);
  }
  return template;
}

/**
 * A new data directory's database is created by initdb and every migration in a child process of the
 * server (`initialiseDataDir`): 7–8 s of CPU, against 3 s for the rest of a first start, and nine own
 * servers a run start on a new directory (the demo school's seeding among them). The first of them makes it with the product's own function
 * (from the build the journeys run) and each copies it; the server then does the rest of a first start
 * — the first administrator, the keys — as on any new install. The shared server still starts on an
 * empty directory, so every run goes through initdb itself.
 */
async function emptyDatabaseInto(directory: string): Promise<void> {
  const pgdata = path.join(directory, 'pgdata');
  if (existsSync(pgdata)) return;
  const template = await templateOnce('empty', async (making) => {
    const built = pathToFileURL(path.resolve('dist/node/server/db/pglite.js')).href;
    const pglite = (await import(built)) as { initialiseDataDir: (pgdata: string) => void };
    pglite.initialiseDataDir(path.join(making, 'pgdata'));
  });
  cpSync(path.join(template, 'pgdata'), pgdata, { recursive: true });
}

/**
 * Seeding the demo school (a year of rolls, grades and mensalidades) took 27 s of a server's start, and
 * eleven specs start one. So the first of them seeds it on a directory of its own and stops that server;
 * every demo server then starts on a copy, where `seedDemo` finds its accounts and seeds nothing — the
 * same school, the same day. A directory that already holds a database (a restart) is left as it is.
 */
async function demoSchoolInto(directory: string): Promise<void> {
  if (existsSync(path.join(directory, 'pgdata'))) return;
  const template = await templateOnce('demo', async (seeding) => {
    await emptyDatabaseInto(seeding);
    const server = await startServerOn(seeding, { env: { DEMO: '1' } });
    await server.stop();
  });
  cpSync(template, directory, { recursive: true });
}

async function startServerOn(
  dataDirectory: string,
  options: { now?: string; env?: Record<string, string> },
): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
    probe.on('error', reject);
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const clockArgs = options.now ? ['--import', './e2e/shifted-clock.mjs'] : [];
  const child = spawn(process.execPath, [...clockArgs, 'dist/node/server/main.js'], {
    env: {
      ...process.env,
      ...(options.now ? { E2E_NOW: options.now } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.firstPassword,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The same margin as the shared server's (test-timing.config.ts): a loaded runner took over 60 s.
  const deadline = Date.now() + testTiming.serverStartMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error('o servidor próprio da jornada não iniciou');
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // still starting
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(
        `o servidor próprio da jornada não respondeu em ${String(testTiming.serverStartMs / 1000)} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A server of the spec's own (`startOwnServer` with `options`), started before the spec's tests (the hook
 * gets `startTimeoutMs`: starting a server is its whole work) and stopped after them; answers the running
 * server, whose `baseURL` is read once the hook has run.
 */
export function ownServerForSpec(
  options: Parameters<typeof startOwnServer>[0] = {},
  startTimeoutMs = 300_000,
): { readonly baseURL: string } {
  let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(startTimeoutMs);
    server = await startOwnServer(options);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  return {
    get baseURL() {
      if (!server) throw new Error('o servidor próprio da jornada não iniciou');
      return server.baseURL;
    },
  };
}

/**
 * The demo school on a server of the spec's own, `env` added to its environment (e.g. the simulated
 * bank). The run's first one seeds the demo school (`demoSchoolInto`), which takes a while on a loaded
 * machine, hence the hook's long timeout.
 */
export function demoServerForSpec(
  env: Record<string, string> = {},
  dataDir?: string,
): { readonly baseURL: string } {
  return ownServerForSpec({ env: { DEMO: '1', ...env }, ...(dataDir ? { dataDir } : {}) });
}

/**
 * A server of the spec's own whose clock starts at `now` (an ISO moment), for journeys about what a given
 * day shows. `page` opens a fresh browser on it, signed in as nobody, its clock fixed at the same moment;
 * `admin` the same, signed in as the school's first administrator (through the API).
 */
export function serverOnDayForSpec(now: string): {
  page(browser: Browser, viewport: { width: number; height: number }): Promise<Page>;
  admin(browser: Browser, viewport: { width: number; height: number }): Promise<Page>;
} {
  const running = ownServerForSpec({ now }, 120_000);
  const page = (browser: Browser, viewport: { width: number; height: number }) =>
    pageOnDay(browser, running.baseURL, now, viewport);
  return {
    page,
    async admin(browser, viewport) {
      const admin = await page(browser, viewport);
      await apiSignIn(
        admin.request,
        E2E_ADMIN.email,
        [E2E_ADMIN.firstPassword, E2E_ADMIN.password],
        E2E_ADMIN.password,
      );
      return admin;
    },
  };
}

/**
 * A fresh browser on a journey's own server (`baseURL`), signed in as nobody, its clock fixed at `now` —
 * the moment that server's clock started at.
 */
export async function pageOnDay(
  browser: Browser,
  baseURL: string,
  now: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(now));
  return page;
}

/** The `data` of an API answer that must have succeeded (the answer's text is the failure message). */
export async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Signs in through the API with the first password that works, changing a provisional one to `final`. */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  passwords: string[],
  final: string,
) {
  for (const password of passwords) {
    const response = await request.post('/api/auth/login', { data: { email, password } });
    if (!response.ok()) continue;
    const body = (await response.json()) as { data: { user: { primeiro_login: boolean } } };
    if (body.data.user.primeiro_login) {
      const changed = await request.post('/api/auth/change-password', {
        data: { senhaAtual: password, novaSenha: final },
      });
      expect(changed.ok()).toBe(true);
    }
    await acceptPrivacyByApi(request);
    return;
  }
  throw new Error(`não foi possível entrar como ${email}`);
}

/**
 * A guardian accepts the current privacy notice and terms before the portal opens; journeys about
 * something else accept them here, as the guardian would have on an earlier day (the gate's own
 * journey is e2e/lgpd.spec.ts). Nothing happens for a role that accepts nothing.
 */
export async function acceptPrivacyByApi(request: APIRequestContext) {
  const status = await request.get('/api/privacidade');
  expect(status.ok()).toBe(true);
  const { data } = (await status.json()) as {
    data: { pendente: boolean; privacidade: { versao: number }; termos: { versao: number } };
  };
  if (!data.pendente) return;
  const accepted = await request.post('/api/privacidade/aceite', {
    data: { versao_privacidade: data.privacidade.versao, versao_termos: data.termos.versao },
  });
  expect(accepted.ok()).toBe(true);
}

/** A guardian's first time in the portal: the privacy gate, read and accepted on the screen. */
export async function acceptPrivacyOnScreen(page: Page) {
  await expect(page.getByRole('heading', { name: 'Antes de começar' })).toBeVisible();
  await page.getByLabel('Li e aceito o Aviso de Privacidade e os Termos de Uso.').check();
  await page.getByRole('button', { name: 'Aceitar e continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Antes de começar' })).toHaveCount(0);
}

/** A new signed-in administrator's context and page (the setup's saved session), at `viewport` if given. */
export async function adminPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ storageState: ADMIN_STATE, ...(viewport ? { viewport } : {}) });
  return { context, page: await context.newPage() };
}

/**
 * A new staff account holding one built-in profile (by its name, e.g. 'Secretaria'), created by the
 * director through the API, signed in with its password changed: the context and page of that person.
 */
export async function staffPage(
  browser: Browser,
  perfil: string,
  viewport?: { width: number; height: number },
) {
  const { context: director, page: admin } = await adminPage(browser);
  const perfis = (await (await admin.request.get('/api/perfis')).json()) as {
    data: { id: string; nome: string }[];
  };
  const profile = perfis.data.find((item) => item.nome === perfil);
  if (!profile) throw new Error(`perfil ${perfil} não encontrado`);
  const email = `${perfil.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@escola.test`;
  const provisional = 'Provisoria-Do-Portao-2026';
  const made = await admin.request.post('/api/users', {
    data: {
      nome: `Rosa Andrade (${perfil})`,
      email,
      tipo: 'admin',
      senha: provisional,
      perfis: [profile.id],
      senha_atual: E2E_ADMIN.password,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await director.close();
  const context = await browser.newContext(viewport ? { viewport } : {});
  await apiSignIn(context.request, email, [provisional], 'Ipe-Roxo-Floresce-9');
  return { context, page: await context.newPage() };
}

/** Opens a tab of Configurações. */
export async function openSettingsTab(page: Page, name: string) {
  await page.goto('/dashboard/configuracoes');
  await page.getByRole('tab', { name }).click();
}

/** A CPF with valid check digits, new at every call (specs share one database, so data never repeats). */
export function uniqueCpf(): string {
  return completeCpf(String(randomInt(100_000_000, 1_000_000_000)));
}

/** A matrícula no other student of any run has: `prefix` and a random number. */
export function uniqueMatricula(prefix: string): string {
  return `${prefix}-${String(randomInt(1_000_000, 10_000_000))}`;
}

/** Creates a teacher with a portal account through the API; answers the record and the first password. */
export async function createTeacher(
  api: APIRequestContext,
  teacher: { nome: string; email: string; disciplinas?: string[] },
): Promise<{ professor: { id: string; nome: string }; senhaGerada?: string }> {
  return dataOf(
    await api.post('/api/professores', {
      data: { disciplinas: ['Português'], ...teacher, criar_acesso: true },
    }),
  );
}

/** Creates a class through the API (as the signed-in administrator); answers its id. */
export async function createClass(
  api: APIRequestContext,
  nome: string,
  fields: {
    serie?: string;
    turno?: Turno;
    ano_letivo?: string;
    professor_responsavel_id?: string | null;
  } = {},
): Promise<string> {
  const response = await api.post('/api/turmas', {
    data: {
      nome,
      nivel: 'Fundamental I',
      serie: '2º ano',
      turno: 'manha',
      ano_letivo: String(new Date().getFullYear()),
      capacidade_maxima: 30,
      professor_responsavel_id: null,
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/**
 * Creates a student with one guardian through the API; answers the student and, when the guardian has an
 * e-mail, the portal account's generated first password.
 */
export async function createStudent(
  api: APIRequestContext,
  student: {
    nome: string;
    turmaId: string | null;
    nascimento?: string;
    matricula?: string;
    /** Data da matrícula (YYYY-MM-DD); the server's today when absent. */
    dataMatricula?: string;
    guardian: { nome: string; email?: string; parentesco?: 'mae' | 'pai'; telefone?: string };
  },
): Promise<{ aluno: { id: string; matricula: string }; senhaGerada?: string }> {
  const { guardian } = student;
  const response = await api.post('/api/alunos', {
    data: {
      nome: student.nome,
      data_nascimento: student.nascimento ?? '2017-05-10',
      // Arranged data, not the desk's double entry: a journey retried in CI creates its student again.
      confirmar_homonimo: true,
      matricula: student.matricula ?? uniqueMatricula('E2E'),
      turma_id: student.turmaId,
      ...(student.dataMatricula ? { data_matricula: student.dataMatricula } : {}),
      responsavel: {
        nome: guardian.nome,
        parentesco: guardian.parentesco ?? 'mae',
        telefone: guardian.telefone ?? '11987650000',
        cpf: uniqueCpf(),
        eh_principal: true,
        ...(guardian.email ? { email: guardian.email } : {}),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (
    (await response.json()) as { data: { aluno: { id: string; matricula: string }; senhaGerada?: string } }
  ).data;
}

/**
 * A screenshot of a screen to look at, written only when asked: `E2E_SCREENSHOTS=1 npx playwright test`
 * (the journeys' pictures land in `test-results/screenshots`). In `npm test` nobody opens them, and
 * Chromium drawing 280 of them, half full-page, was a sixth of the journeys' time (ADR 0069). Never a
 * wait: a step that needs the screen settled says so with an `expect`.
 */
export async function screenshot(target: Page, options: PageScreenshotOptions): Promise<void>;
export async function screenshot(target: Locator, options: LocatorScreenshotOptions): Promise<void>;
export async function screenshot(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions,
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await target.screenshot(options);
}

/** Today in the school's time zone (YYYY-MM-DD), as the server and the date inputs count it. */
export function todayInSaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/**
 * Waits until the portal's service worker is active and controls the page (issue 35): the first install
 * claims the open page; if it has not yet, one reload puts the page under it.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js$/);
}

/** A pré-matrícula's address step filled as a family in São Paulo types it (the CEP is not looked up here). */
export async function fillPracaDaSe(site: Page) {
  await site.getByLabel('CEP').fill('01001000');
  await site.getByLabel('Rua (logradouro)').fill('Praça da Sé');
  await site.getByLabel('Número').fill('100');
  await site.getByLabel('Bairro').fill('Sé');
  await site.getByLabel('Cidade').fill('São Paulo');
  await site.getByLabel('UF').fill('SP');
}
