import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import '../shared/zod-setup.js';
import { messages, type ApiFailure, type FieldError } from '../shared/api.js';
import { can, type Access } from '../shared/permissions.js';
import { isClientRoute } from '../shared/routes.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import type { AppConfig } from './env.js';
import { AppError } from './lib/errors.js';
import { readSessionToken } from './lib/http.js';
import { createReplayingServer, ResponseReplay } from './lib/response-replay.js';
import { prepareDataDir } from './lib/data-dir.js';
import { loggerOptions, type LogStream } from './lib/log.js';
import { validatorCompiler } from './lib/validation.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { clientDistFolder } from './lib/paths.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { resolveSession, watchAuthChanges } from './features/auth/sessions.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { registerApiDocs } from './features/docs/docs.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { financeRoutes } from './features/finance/finance.routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { guardiansRoutes, studentsRoutes } from './features/students/students.routes.js';
import { teachersRoutes } from './features/teachers/teachers.routes.js';
import { classesRoutes } from './features/classes/classes.routes.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { backupRoutes } from './features/backup/backup.routes.js';
import { loadBackupKey } from './features/backup/backup-key.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { isMaintenanceOn } from './features/settings/settings.service.js';
import { ContentService } from './features/content/content.service.js';
import { contentRoutes } from './features/content/content.routes.js';
import { mediaFileRoutes, mediaUploadRoutes } from './features/media/media.routes.js';
import { hasSiteRenderer, sitePageRoutes } from './features/content/site-page.routes.js';
import { cepRoutes } from './features/cep/cep.routes.js';
import { JobQueue } from './features/jobs/jobs.service.js';
import { calendarRoutes } from './features/calendar/calendar.routes.js';
import { academicsRoutes } from './features/academics/academics.routes.js';
import { gradesRoutes } from './features/grades/grades.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The public page and the content's 304, answered from memory before routing (ADR 0009). */
    replay: ResponseReplay;
    /** Every /api route with the access it declares (the permission-matrix test walks it). */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export type App = FastifyInstance;

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  mailer?: Mailer;
  /** Serve the built client from dist/client (off in API tests). */
  serveClient?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ONE_MEBIBYTE = 1024 * 1024;

function failure(message: string, code: ApiFailure['code'], details?: FieldError[]): ApiFailure {
  return details && details.length > 0
    ? { success: false, message, code, details }
    : { success: false, message, code };
}

function fieldPath(instancePath: string | undefined, fallback: string): string {
  const trimmed = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return trimmed === '' ? fallback : trimmed;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  // The content service exists once the database is open, after the server is created.
  const loaded: { content?: ContentService } = {};
  const replay = new ResponseReplay(() => loaded.content?.peek()?.etag ?? null);
  const app = Fastify({
    serverFactory: (handler, serverOptions) => createReplayingServer(replay, handler, serverOptions),
    logger: loggerOptions(config, options.logStream),
    bodyLimit: ONE_MEBIBYTE,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or overlong path segment is refused by the router before any route runs: answer it
    // with the envelope too (400), not the framework's own JSON.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.status(400).send(failure(messages.invalidUrl, 'VALIDATION'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  prepareDataDir(config.dataDir);
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));
  // Signed-in requests resolve their session from memory; every change to users or sessions is
  // notified, so the cache stays true (ADR 0009). Stopped before the database closes.
  const stopWatchingAuth = await watchAuthChanges(database);
  app.addHook('onClose', () => stopWatchingAuth().catch(() => undefined));
  if (!options.database) app.addHook('onClose', () => database.close());

  const content = new ContentService(database.db);
  loaded.content = content;
  const ctx: AppContext = {
    db: database.db,
    config,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    content,
    getSchoolName: () => content.getSchoolName(),
    jobs: new JobQueue(database.db, app.log),
    log: app.log,
    backupKey: loadBackupKey(config),
  };
  app.decorate('ctx', ctx);
  app.decorate('replay', replay);
  // Tests drain the queue by hand; a running server works it (and stops before the database closes).
  if (config.env !== 'test') app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('preClose', async () => ctx.jobs.stop());
  await content.getPublic();
  app.decorateRequest('auth', null);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart where a route allows it) reaches a handler: text bodies are 415.
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  const routeAccess: RouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // A route registered without options has no config object at all, whatever the type says.
    const config: unknown = route.config;
    const access = (config as { access?: Access } | undefined)?.access;
    if (access === undefined) {
      throw new Error(`A rota ${String(route.method)} ${route.url} não declara a permissão (config.access).`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeAccess.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // Requests from another site are refused before anything else (SameSite plus an origin check).
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('FORBIDDEN', messages.crossSite);
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null;
      }
      if (host !== request.host) throw new AppError('FORBIDDEN', messages.crossSite);
    } else if (origin === 'null') {
      throw new AppError('FORBIDDEN', messages.crossSite);
    }
  });

  // After the access check (onRequest), so an unauthorised caller gets 401/403 whatever it sends.
  app.addHook('preParsing', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    // A multipart route also takes JSON, so a caller without access gets 401/403 rather than 415;
    // the route itself refuses a JSON body.
    const allowed =
      request.routeOptions.config.multipart === true
        ? type === 'multipart/form-data' || type === 'application/json'
        : type === 'application/json';
    if (!allowed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    if (access === 'public' && request.routeOptions.config.sessionless === true) return;
    const token = readSessionToken(request);
    if (token) {
      const resolved = await resolveSession(ctx.db, token);
      if (resolved) request.auth = { ...resolved, token };
    }
    if (access === 'public') return;
    const user = request.auth?.user;
    if (!user) throw new AppError('UNAUTHENTICATED', 'Faça login para continuar.');
    if (user.primeiroLogin && request.routeOptions.config.allowDuringFirstLogin !== true) {
      throw new AppError('FORBIDDEN', 'Troque a sua senha antes de continuar.');
    }
    // Maintenance mode: signed-in non-administrators get 503 on every API call but the public ones and
    // /api/auth (sign in, sign out, who am I). The flag is cached in memory (settings.service).
    if (
      user.nivel !== 'administrador' &&
      !request.url.startsWith('/api/auth/') &&
      (await isMaintenanceOn(ctx.db))
    ) {
      throw new AppError('MAINTENANCE', messages.maintenance, undefined, { 'retry-after': '300' });
    }
    if (!can(user.nivel, access)) throw new AppError('FORBIDDEN', messages.forbidden);
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.status).send(failure(error.message, error.code, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fallback = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath, fallback),
        message: issue.message ?? messages.validation,
      }));
      const message = details.length === 1 ? details[0]!.message : messages.validation;
      return reply.status(400).send(failure(message, 'VALIDATION', details));
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return reply
        .status(400)
        .send(failure(details[0]?.message ?? messages.validation, 'VALIDATION', details));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(failure(messages.payloadTooLarge, 'PAYLOAD_TOO_LARGE'));
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(failure(messages.unsupportedMediaType, 'UNSUPPORTED_MEDIA_TYPE'));
    }
    if (status === 429) {
      return reply.status(429).send(failure(messages.rateLimited, 'RATE_LIMITED'));
    }
    if (status >= 400 && status < 500) {
      // Errors thrown by libraries may carry no code at all, whatever FastifyError's type says.
      const code = (error as { code?: string }).code;
      const message = code?.startsWith('FST_ERR_CTP') ? messages.malformedJson : messages.validation;
      return reply.status(400).send(failure(message, 'VALIDATION'));
    }
    request.log.error({ err: error, req: request }, 'erro interno');
    return reply.status(500).send(failure(messages.internal, 'INTERNAL'));
  });

  await registerApiDocs(app);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(financeRoutes, { prefix: '/api/financeiro' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(studentsRoutes, { prefix: '/api/alunos' });
  await app.register(guardiansRoutes, { prefix: '/api/responsaveis' });
  await app.register(teachersRoutes, { prefix: '/api/professores' });
  await app.register(classesRoutes, { prefix: '/api/turmas' });
  await app.register(settingsRoutes, { prefix: '/api/configuracoes' });
  await app.register(backupRoutes, { prefix: '/api/configuracoes' });
  await app.register(auditRoutes, { prefix: '/api/auditoria' });
  await app.register(reportsRoutes, { prefix: '/api/relatorios' });
  await app.register(contentRoutes, { prefix: '/api/content' });
  await app.register(mediaUploadRoutes, { prefix: '/api/media' });
  await app.register(mediaFileRoutes);
  await app.register(cepRoutes, { prefix: '/api/cep' });
  await app.register(calendarRoutes);
  await app.register(academicsRoutes);
  await app.register(gradesRoutes);

  const serveClient = (options.serveClient ?? true) && existsSync(path.join(clientDistFolder, 'index.html'));
  const indexHtml = serveClient ? await readFile(path.join(clientDistFolder, 'index.html'), 'utf8') : null;
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDistFolder,
      index: false,
      // The build writes .br/.gz copies of the assets (scripts/build-lib.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  if (serveClient && hasSiteRenderer()) await app.register(sitePageRoutes);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api') ||
      indexHtml === null ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send(failure(messages.notFound, 'NOT_FOUND'));
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });

  return app;
}
