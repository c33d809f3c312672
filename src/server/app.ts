import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '../shared/zod-setup.js';
import { messages } from '../shared/api.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import type { AppConfig } from './env.js';
import { clientErrorHandler } from './lib/client-error.js';
import { purgeExpiredIdempotencyKeys } from './lib/idempotency.js';
import { createReplayingServer, ResponseReplay } from './lib/response-replay.js';
import { prepareDataDir } from './lib/data-dir.js';
import { loggerOptions, type LogStream } from './lib/log.js';
import { validatorCompiler } from './lib/validation.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { watchAuthChanges } from './features/auth/index.js';
import { authRoutes } from './features/auth/index.js';
import { sessionsAdminRoutes } from './features/auth/index.js';
import { docsRoutes, registerApiDocs } from './features/docs/index.js';
import { perfisRoutes } from './features/perfis/index.js';
import { usersRoutes } from './features/users/index.js';
import { healthRoutes } from './features/health/index.js';
import { boletoMensalidadeRoutes, boletoRoutes } from './features/boleto/index.js';
import { financeRoutes } from './features/finance/index.js';
import {
  closePixAutomatico,
  closePixProvider,
  pixAConciliarRoutes,
  pixAutomaticoRoutes,
  pixAutomaticoWebhookRoutes,
  pixConciliarRoutes,
  pixRoutes,
  pixWebhookRoutes,
  registerPixJobs,
} from './features/pix/index.js';
import { fiscalRoutes, registerNfseJobs } from './features/nfse/index.js';
import { cnabRemessaRoutes, cnabRetornoRoutes, cnabRoutes } from './features/cnab/index.js';
import { dashboardRoutes } from './features/dashboard/index.js';
import { guardiansRoutes, studentsRoutes } from './features/students/index.js';
import { importacaoRoutes } from './features/importacao/index.js';
import {
  anuidadesRoutes,
  assinadosDaRodada,
  assinaturasRoutes,
  contratosRoutes,
  funilRoutes,
  interessadosPublicRoutes,
  matriculaOnlineRoutes,
  modelosContratoRoutes,
  preMatriculaConfigRoutes,
  rematriculaOnlineRoutes,
  verificarContrato,
} from './features/matriculas/index.js';
import { teachersRoutes } from './features/teachers/index.js';
import { disciplinasRoutes } from './features/disciplinas/index.js';
import { classesRoutes } from './features/classes/index.js';
import { settingsRoutes } from './features/settings/index.js';
import { automaticBackupsRoutes, backupRoutes, restoreRoutes, wipeRoutes } from './features/backup/index.js';
import { loadBackupKey } from './features/backup/index.js';
import { auditRoutes } from './features/audit/index.js';
import { reportsRoutes } from './features/reports/index.js';
import { ContentService } from './features/content/index.js';
import { DEFAULT_SCHOOL_NAME } from '../shared/settings.schemas.js';
import { contentRoutes } from './features/content/index.js';
import { mediaFileRoutes, mediaUploadRoutes } from './features/media/index.js';
import {
  appIconRoutes,
  appManifestRoutes,
  appleTouchIconRoutes,
  appSplashRoutes,
} from './features/app-instalavel/index.js';
import { cepRoutes } from './features/cep/index.js';
import {
  censoAlunosRoutes,
  censoArquivosRoutes,
  censoDisciplinasRoutes,
  censoEscolaRoutes,
  censoProfissionaisRoutes,
  censoTurmasRoutes,
} from './features/censo/index.js';
import { JobQueue } from './features/jobs/index.js';
import {
  addressLimitError,
  databaseRateLimitStore,
  metrics,
  purgeRateLimitHits,
  registerDatabaseMaintenance,
  startCacheBus,
  watchStatistics,
} from './features/operations/index.js';
import { requestIdOf } from './lib/request-id.js';
import type { CacheBus } from './db/cache-bus.js';
import { calendarFeedRoutes, calendarRoutes, schoolYearsRoutes } from './features/calendar/index.js';
import { classCurriculumRoutes, classItinerariosRoutes } from './features/curriculum/index.js';
import { developmentReportRoutes, pareceresRoutes } from './features/pareceres/index.js';
import { attendanceRoutes, justificativasRoutes } from './features/attendance/index.js';
import { diarioRoutes } from './features/diario/index.js';
import { agendaRoutes } from './features/agenda/index.js';
import {
  academicSettingsRoutes,
  assessmentsRoutes,
  councilRoutes,
  gradesRoutes,
  finalRecoveryRoutes,
  periodsRoutes,
  reEnrolmentRoutes,
  rectificationsRoutes,
  registerSignedOnlineQuery,
  reportCardsRoutes,
  yearCloseRoutes,
  yearEndRoutes,
  yearEndTaskRoutes,
} from './features/grades/index.js';
import { documentsRoutes, priorYearsRoutes } from './features/documents/index.js';
import { validationPageRoutes } from './features/documents/index.js';
import {
  loadVapidKeys,
  Notifier,
  PushSender,
  pushRoutes,
  STREAM_LIMITS,
  vapidSubject,
} from './features/notificacoes/index.js';
import { connectionBudget } from './lib/open-files.js';
import { deliveryQueueRoutes, notificacoesRoutes } from './features/notificacoes/index.js';
import { comunicadosRoutes } from './features/comunicados/index.js';
import { mensagensRoutes } from './features/mensagens/index.js';
import { familiaRoutes } from './features/familia/index.js';
import { danfseRoutes, nfseFamiliaRoutes, nfseXmlZipRoutes } from './features/nfse/index.js';
import { legalPageRoutes, privacyRoutes } from './features/privacy/index.js';
import { consentRoutes, mediaTagsRoutes, studentConsentsRoutes } from './features/privacy/index.js';
import { dataRequestsRoutes, myDataRoutes } from './features/privacy/index.js';
import {
  studentAccessRoutes,
  studentAccountsRoutes,
  studentPortalRoutes,
} from './features/contas-aluno/index.js';
import { accessLogRoutes, studentAccessLogRoutes } from './features/privacy/index.js';
import { anonymiseGuardianRoutes, anonymiseStudentRoutes } from './features/privacy/index.js';
import { retentionRoutes } from './features/privacy/index.js';
import { processingRegisterRoutes } from './features/privacy/index.js';
import { client } from './plugins/client.js';
import { errorFunnel, failure } from './plugins/error-funnel.js';
import { originCheck } from './plugins/origin-check.js';
import { requestId } from './plugins/request-id.js';
import { childRecordAccess } from './plugins/child-record-access.js';
import { routeAccess, type RouteAccess } from './plugins/route-access.js';
import { securityHeaders } from './plugins/security-headers.js';
import { sessions } from './plugins/sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The public page and the content's 304, answered from memory before routing (ADR 0009). */
    replay: ResponseReplay;
    /** Every /api route with the access it declares (the permission-matrix test walks it). */
    routeAccess: RouteAccess[];
  }
}

export type { RouteAccess };

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

const ONE_MEBIBYTE = 1024 * 1024;

/**
 * The name e-mails are sent as: the school's (Configurações → Escola), none while it is still the
 * product's default (MAIL_FROM's name then stays), and none if it cannot be read (the message still goes).
 */
async function schoolNameForMail(content: ContentService): Promise<string | null> {
  try {
    const name = (await content.getSchoolName()).trim();
    return name === '' || name === DEFAULT_SCHOOL_NAME ? null : name;
  } catch {
    return null;
  }
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
    // One id per request in every log line and the X-Request-Id header (a proxy's id is kept).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A malformed or overlong path segment is refused by the router before any route runs: answer it
    // with the envelope too (400), not the framework's own JSON.
    // It answers before any hook, so it sets the request id itself.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      void reply
        .status(400)
        .header('x-request-id', request.id)
        .send(failure(messages.invalidUrl, 'VALIDATION'));
    },
    // Before that, Node's parser refuses what is not HTTP at all (a raw non-ASCII byte in the URL): the
    // envelope too, not Fastify's own JSON.
    clientErrorHandler,
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

  const caches: { bus?: CacheBus } = {};
  const content = new ContentService(database.db, () => caches.bus?.isLive() ?? false);
  loaded.content = content;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      schoolName: () => schoolNameForMail(content),
    });
  // Every per-process cache follows the writes of every instance (ADR 0015).
  caches.bus = await startCacheBus(database, content);
  app.addHook('onClose', () => caches.bus?.stop().catch(() => undefined));
  if (!options.database) app.addHook('onClose', () => database.close());
  const ctx: AppContext = {
    db: database.db,
    config,
    mailer,
    content,
    getSchoolName: () => content.getSchoolName(),
    jobs: new JobQueue(database.db, app.log, { leaseMs: config.jobLeaseMs, pollMs: config.jobPollMs }),
    log: app.log,
    backupKey: loadBackupKey(config),
    notifier: new Notifier(
      database,
      mailer,
      config.smsUrl,
      app.log,
      { ...STREAM_LIMITS, total: config.eventStreamsMax ?? connectionBudget(STREAM_LIMITS.total) },
      // Web Push (issue 35): the installation's VAPID keys are made here at the first start.
      new PushSender(database.db, {
        config,
        keys: loadVapidKeys(config),
        subject: () => vapidSubject(content, config),
      }),
    ),
  };
  app.decorate('ctx', ctx);
  // The PSP adapter's kept-alive connections (features/pix) end with the app.
  app.addHook('onClose', async () => {
    closePixProvider(ctx);
    closePixAutomatico(ctx);
  });
  app.decorate('replay', replay);
  // Tests drain the queue by hand; a running server works it (and stops before the database closes).
  if (config.env !== 'test') app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('preClose', async () => ctx.jobs.stop());
  await ctx.notifier.listen();
  if (config.env !== 'test') app.addHook('onReady', async () => ctx.notifier.worker.start());
  app.addHook('preClose', async () => ctx.notifier.close());
  await content.getPublic();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart where a route allows it) reaches a handler: text bodies are 415.
  app.removeContentTypeParser('text/plain');

  // The app's plugins, in order (docs/architecture.md): each adds its hooks to the whole app. The
  // request id first: every answer carries it, whichever hook answers.
  await app.register(requestId);
  await app.register(securityHeaders);
  // Counted in the database, so the limits hold across every instance (ADR 0015).
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: addressLimitError,
  });
  ctx.jobs.onPoll(() => purgeRateLimitHits(database.db));
  ctx.jobs.onPoll(() => purgeExpiredIdempotencyKeys(database.db));
  await app.register(routeAccess);
  await app.register(childRecordAccess);
  await app.register(originCheck);
  await app.register(sessions);
  await app.register(errorFunnel);
  await app.register(metrics, { database });

  // The URL map: each route plugin serves one URL family and is registered here with that family's
  // prefix (paths inside a plugin are relative; route-prefixes.test.ts keeps '/api/...' out of them).
  // A family nested in another module's (/api/alunos/:id/consentimentos) is a prefix of its own.
  // The description first: @fastify/swagger sees every route as it is added.
  await registerApiDocs(app);
  // docs
  await app.register(docsRoutes, { prefix: '/api/docs' });
  // health
  await app.register(healthRoutes, { prefix: '/api' });
  // auth
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(sessionsAdminRoutes, { prefix: '/api/configuracoes/sessoes' });
  // users
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(perfisRoutes, { prefix: '/api/perfis' });
  // finance
  await app.register(financeRoutes, { prefix: '/api/financeiro' });
  // pix (issue 33: the PSP's settings; charges, received Pix)
  await app.register(pixRoutes, { prefix: '/api/financeiro/pix' });
  // pix (issue 33): the PSP's webhook (public, by the installation's secret); reconciliation, Pix a conciliar
  await app.register(pixWebhookRoutes, { prefix: '/api/pix/webhook' });
  await app.register(pixConciliarRoutes, { prefix: '/api/financeiro/pix/conciliar' });
  await app.register(pixAConciliarRoutes, { prefix: '/api/financeiro/pix/a-conciliar' });
  // boleto (issue 36 §1): the bank's CNAB 240 files — remessa, retorno, the Boletos screen's panel
  await app.register(cnabRemessaRoutes, { prefix: '/api/financeiro/boleto/remessa' });
  await app.register(cnabRetornoRoutes, { prefix: '/api/financeiro/boleto/retorno' });
  await app.register(cnabRoutes, { prefix: '/api/financeiro/boleto/cnab' });
  // Pix Automático (issue 33 §3): the families' monthly debit, and the PSP's rec/cobr notices
  await app.register(pixAutomaticoRoutes, { prefix: '/api/financeiro/pix/automatico' });
  // Boleto registrado (issue 36 §1): the agreement and a class's PDF; one mensalidade's boleto.
  await app.register(boletoRoutes, { prefix: '/api/financeiro/boleto' });
  await app.register(boletoMensalidadeRoutes, { prefix: '/api/financeiro/mensalidades/:id' });
  await app.register(pixAutomaticoWebhookRoutes, { prefix: '/api/pix/webhook/:segredo' });
  // PIX_PROVIDER=simulado (the demo, the e2e journeys): the test bank in this process, the school's Pix
  // automático pointed at it, and its 'Pagar (simulação)' page. Imported only then: never in production.
  if (config.pixProvider === 'simulado') {
    const { pixSimuladoRoutes } = await import('./features/pix-simulado/index.js');
    await app.register(pixSimuladoRoutes, { prefix: '/banco-simulado' });
  }
  // NFS-e (issue 36 §2): settings, batches and cancellation under /api/fiscal; NFSE_PROVIDER=simulado
  // starts the simulated national API in this process (never in production).
  await app.register(fiscalRoutes, { prefix: '/api/fiscal' });
  if (config.nfseProvider === 'simulado') {
    const { nfseSimuladoPlugin } = await import('./features/nfse-simulado/index.js');
    await app.register(nfseSimuladoPlugin, { prefix: '/nfse-simulado' });
  }
  // dashboard
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  // students
  await app.register(studentsRoutes, { prefix: '/api/alunos' });
  await app.register(guardiansRoutes, { prefix: '/api/responsaveis' });
  // matriculas (matrícula online, issue 34): the funnel, the pré-matrícula link, contracts and signatures
  // The year-end rematrícula (grades) asks the online round which families signed (issue 34 §3).
  registerSignedOnlineQuery(assinadosDaRodada);
  await app.register(interessadosPublicRoutes, { prefix: '/api/interessados' });
  await app.register(funilRoutes, { prefix: '/api/matriculas/interessados' });
  await app.register(matriculaOnlineRoutes, { prefix: '/api/matricula-online' });
  await app.register(contratosRoutes, { prefix: '/api/matriculas/contratos' });
  await app.register(assinaturasRoutes, { prefix: '/api/assinaturas' });
  await app.register(modelosContratoRoutes, { prefix: '/api/matriculas/modelos-contrato' });
  await app.register(anuidadesRoutes, { prefix: '/api/matriculas/anuidades' });
  await app.register(rematriculaOnlineRoutes, { prefix: '/api/matriculas/rematricula-online' });
  await app.register(preMatriculaConfigRoutes, { prefix: '/api/matriculas/configuracoes' });
  // importacao (a school moved in from a spreadsheet)
  await app.register(importacaoRoutes, { prefix: '/api/importacao' });
  // teachers
  await app.register(teachersRoutes, { prefix: '/api/professores' });
  // classes
  await app.register(classesRoutes, { prefix: '/api/turmas' });
  // settings
  await app.register(settingsRoutes, { prefix: '/api/configuracoes' });
  // backup
  await app.register(backupRoutes, { prefix: '/api/configuracoes/backup' });
  await app.register(automaticBackupsRoutes, { prefix: '/api/configuracoes/backups' });
  await app.register(restoreRoutes, { prefix: '/api/configuracoes/restore' });
  await app.register(wipeRoutes, { prefix: '/api/configuracoes/limpar' });
  // audit
  await app.register(auditRoutes, { prefix: '/api/auditoria' });
  // reports
  await app.register(reportsRoutes, { prefix: '/api/relatorios' });
  // content
  await app.register(contentRoutes, { prefix: '/api/content' });
  // media
  await app.register(mediaUploadRoutes, { prefix: '/api/media' });
  await app.register(mediaFileRoutes, { prefix: '/media' });
  // the installable portal (issue 35): its manifest and icons, from the school's settings
  await app.register(appManifestRoutes, { prefix: '/manifest.webmanifest' });
  await app.register(appIconRoutes, { prefix: '/app-icon-:arquivo' });
  await app.register(appleTouchIconRoutes, { prefix: '/apple-touch-icon.png' });
  await app.register(appSplashRoutes, { prefix: '/app-splash-:arquivo' });
  // cep
  await app.register(cepRoutes, { prefix: '/api/cep' });
  // Censo Escolar (issue 37, ADR 0059): the census data of the school, classes, subjects and people, and
  // the year's files, pending list and import of INEP IDs under /api/censo/:ano.
  await app.register(censoEscolaRoutes, { prefix: '/api/censo/escola' });
  await app.register(censoAlunosRoutes, { prefix: '/api/censo/alunos' });
  await app.register(censoProfissionaisRoutes, { prefix: '/api/censo/profissionais' });
  await app.register(censoTurmasRoutes, { prefix: '/api/censo/turmas' });
  await app.register(censoDisciplinasRoutes, { prefix: '/api/censo/disciplinas' });
  await app.register(censoArquivosRoutes, { prefix: '/api/censo/:ano' });
  // calendar
  await app.register(schoolYearsRoutes, { prefix: '/api/anos-letivos' });
  await app.register(calendarRoutes, { prefix: '/api/calendario' });
  await app.register(calendarFeedRoutes, { prefix: '/calendario.ics' });
  // curriculum
  await app.register(disciplinasRoutes, { prefix: '/api/disciplinas' });
  await app.register(classCurriculumRoutes, { prefix: '/api/turmas/:id/disciplinas' });
  await app.register(classItinerariosRoutes, { prefix: '/api/turmas/:id/itinerarios' });
  // attendance
  await app.register(attendanceRoutes, { prefix: '/api/frequencia' });
  await app.register(justificativasRoutes, { prefix: '/api/frequencia/justificativas' });
  await app.register(diarioRoutes, { prefix: '/api/frequencia/diario' });
  // grades
  await app.register(academicSettingsRoutes, { prefix: '/api/configuracoes/academico' });
  await app.register(assessmentsRoutes, { prefix: '/api/avaliacoes' });
  await app.register(gradesRoutes, { prefix: '/api/notas' });
  await app.register(finalRecoveryRoutes, { prefix: '/api/recuperacao-final' });
  await app.register(rectificationsRoutes, { prefix: '/api/retificacoes' });
  await app.register(periodsRoutes, { prefix: '/api/periodos' });
  await app.register(councilRoutes, { prefix: '/api/conselho' });
  await app.register(reportCardsRoutes, { prefix: '/api/boletins' });
  await app.register(yearEndRoutes, { prefix: '/api/anos-letivos/:id/encerramento' });
  await app.register(yearCloseRoutes, { prefix: '/api/anos-letivos/:id/encerrar' });
  await app.register(reEnrolmentRoutes, { prefix: '/api/anos-letivos/:id/rematricula' });
  await app.register(yearEndTaskRoutes, { prefix: '/api/anos-letivos/:id/tarefas' });
  await app.register(pareceresRoutes, { prefix: '/api/pareceres' });
  await app.register(agendaRoutes, { prefix: '/api/agenda' });
  await app.register(developmentReportRoutes, { prefix: '/api/alunos/:id/relatorio-desenvolvimento.pdf' });
  // documents
  await app.register(documentsRoutes, { prefix: '/api/documentos' });
  await app.register(priorYearsRoutes, { prefix: '/api/alunos/:id/anos-anteriores' });
  // A signed contract's code (issue 34) is checked on the same page: matriculas hands its lookup over here.
  await app.register(validationPageRoutes, { prefix: '/validar', lookups: [verificarContrato] });
  // notificacoes
  await app.register(notificacoesRoutes, { prefix: '/api/notificacoes' });
  await app.register(deliveryQueueRoutes, { prefix: '/api/configuracoes/notificacoes/fila' });
  await app.register(pushRoutes, { prefix: '/api/notificacoes/push' });
  // comunicados
  await app.register(comunicadosRoutes, { prefix: '/api/comunicados' });
  // mensagens
  await app.register(mensagensRoutes, { prefix: '/api/mensagens' });
  // familia (the family's home feed, issue 32 §1)
  await app.register(familiaRoutes, { prefix: '/api/familia' });

  // NFS-e documents (issue 36 §2): the DANFSe, a family's notes, the month's XMLs for the accountant.
  await app.register(danfseRoutes, { prefix: '/api/fiscal/nfse/:id/danfse.pdf' });
  await app.register(nfseFamiliaRoutes, { prefix: '/api/fiscal/nfse/familia' });
  await app.register(nfseXmlZipRoutes, { prefix: '/api/fiscal/nfse/xml.zip' });
  // privacy (LGPD: notice, consents, data rights, access log, erasure, retention)
  await app.register(privacyRoutes, { prefix: '/api/privacidade' });
  await app.register(legalPageRoutes, { prefix: '/privacidade', section: 'privacidade' });
  await app.register(legalPageRoutes, { prefix: '/termos', section: 'termos' });
  await app.register(consentRoutes, { prefix: '/api/consentimentos' });
  await app.register(studentConsentsRoutes, { prefix: '/api/alunos/:id/consentimentos' });
  await app.register(mediaTagsRoutes, { prefix: '/api/media/:id/alunos' });
  await app.register(myDataRoutes, { prefix: '/api/meus-dados' });
  await app.register(dataRequestsRoutes, { prefix: '/api/solicitacoes' });
  await app.register(studentAccessLogRoutes, { prefix: '/api/alunos/:id/acessos' });
  // Students' own portal accounts (issue 31 §4, ADR 0029).
  await app.register(studentAccessRoutes, { prefix: '/api/alunos/:id/acesso' });
  await app.register(studentAccountsRoutes, { prefix: '/api/contas-aluno' });
  await app.register(studentPortalRoutes, { prefix: '/api/portal-aluno' });
  await app.register(accessLogRoutes, { prefix: '/api/auditoria/acessos' });
  await app.register(anonymiseStudentRoutes, { prefix: '/api/alunos/:id/anonimizar' });
  await app.register(anonymiseGuardianRoutes, { prefix: '/api/responsaveis/:id/anonimizar' });
  await app.register(retentionRoutes, { prefix: '/api/configuracoes/retencao' });
  await app.register(processingRegisterRoutes, { prefix: '/api/lgpd/registro-tratamento' });

  // pix (issue 33): the charges' sync job and its schedule (finance enqueues it by name).
  registerPixJobs(app.ctx);
  // NFS-e (issue 36 §2): one job per note (sign, send, retry).
  registerNfseJobs(app.ctx);
  // PGlite has no autovacuum: the statistics and the visibility map are the product's to keep.
  if (database.kind === 'pglite') {
    registerDatabaseMaintenance(app.ctx);
    // And between two nights, the tables a day grew (ADR 0072); not in tests, which analyse by hand.
    if (config.env !== 'test') {
      const stop = watchStatistics(app.ctx);
      app.addHook('preClose', async () => stop());
    }
  }

  await app.register(client, { serveClient: options.serveClient ?? true });

  return app;
}
