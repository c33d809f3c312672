import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';

/** The only module that reads `process.env` (style: env is parsed once). */
/** Whether an address is https by its parsed scheme, not its text: 'HTTPS://…' is the same public site. */
export const isHttpsUrl = (url: string | undefined): boolean => URL.parse(url ?? '')?.protocol === 'https:';

/** A listening address only this machine reaches: 127.0.0.0/8, ::1 or localhost. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres://')
      .optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Sistema Escolar <nao-responda@escola.local>'),
    PUBLIC_URL: z.url().optional(),
    SMS_URL: z.string().optional(),
    CEP_SERVICE_URL: z.url().default('https://viacep.com.br/ws'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    DEMO: z.enum(['1', '0', '']).optional(),
    // The built-in test bank (issue 33 §5): on in `npm run demo` and the e2e journeys, never in production.
    PIX_PROVIDER: z.enum(['simulado', '']).optional(),
    PIX_SIMULADO_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    NFSE_PROVIDER: z.enum(['simulado', '']).optional(),
    BACKUP_KEY: z
      .string()
      .regex(
        /^[0-9a-fA-F]{64}$/,
        'BACKUP_KEY deve ter 64 caracteres hexadecimais (gere com: openssl rand -hex 32)',
      )
      .optional(),
    // Several instances (ADR 0015): where automatic backups go, the metrics token, job timings, shutdown.
    BACKUP_DIR: z.string().optional(),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN deve ter pelo menos 16 caracteres').optional(),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    JOB_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    // Open notification streams one instance holds at most (default: from the open-files limit).
    EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).optional(),
    // Web Push (issue 35, ADR 0054): push services besides Google's, Mozilla's, Apple's and Microsoft's.
    PUSH_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((value, context) => {
        const parsed = parsePushOrigins(value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    PUSH_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(100),
  })
  .superRefine((env, context) => {
    // The simulated bank and NFS-e API accept any payment and issue notes nobody files: reachable by others
    // they would let anyone pay a mensalidade with money that does not exist. The demo (DEMO=1) and a server
    // only this machine reaches (HOST loopback, PUBLIC_URL not https: the tests) may run them; a school's
    // installation — https, or listening on the network (HOST 0.0.0.0, the default) — never (ADR 0083, 0101).
    const simulated = (['PIX_PROVIDER', 'NFSE_PROVIDER'] as const).filter((name) => env[name] === 'simulado');
    if (simulated.length === 0 || env.DEMO === '1') return;
    const where = isHttpsUrl(env.PUBLIC_URL)
      ? 'numa instalação pública (PUBLIC_URL https)'
      : isLoopbackHost(env.HOST)
        ? null
        : `num servidor aberto à rede (HOST=${env.HOST})`;
    if (where === null) return;
    for (const name of simulated)
      context.addIssue({
        code: 'custom',
        path: [name],
        message: `${name}=simulado liga o ${name === 'PIX_PROVIDER' ? 'banco' : 'emissor de NFS-e'} de teste, que não pode rodar ${where} fora da demonstração (DEMO=1). Remova ${name}.`,
      });
  });

/**
 * PUSH_ALLOWED_ORIGINS: comma-separated origins (`https://push.example.com`, `http://127.0.0.1:9000`),
 * each exactly an origin — scheme, host and port, nothing else — or a message saying which is not.
 */
export function parsePushOrigins(value: string): string[] | string {
  const origins: string[] = [];
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return `PUSH_ALLOWED_ORIGINS: "${item}" não é uma origem (ex.: https://push.exemplo.com.br)`;
    }
    const bare = item.replace(/\/$/, '');
    if (!['https:', 'http:'].includes(url.protocol) || url.origin !== bare.toLowerCase())
      return `PUSH_ALLOWED_ORIGINS: "${item}" deve ser só esquema, host e porta (ex.: https://push.exemplo.com.br)`;
    origins.push(url.origin);
  }
  return origins;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  smsUrl: string | undefined;
  /** The public CEP service the address lookup asks, when the school turns it on (ViaCEP's format). */
  cepServiceUrl: string;
  logLevel: string;
  /** false, a hop count, or the proxies' addresses/CIDRs (never 'trust everyone'). */
  trustProxy: TrustProxy;
  demo: boolean;
  /**
   * PIX_PROVIDER=simulado: the simulated bank runs in this process and the school's Pix automático points
   * at it (features/pix-simulado); null in production, where nothing of that bank is loaded.
   */
  pixProvider?: 'simulado' | null | undefined;
  /**
   * NFSE_PROVIDER=simulado: the simulated national NFS-e API runs in this process and the school's fiscal
   * settings point at it (features/nfse-simulado); null in production.
   */
  nfseProvider?: 'simulado' | null | undefined;
  /** The simulated bank's port (PIX_SIMULADO_PORT; 0: any free port). */
  pixSimuladoPort?: number | undefined;
  /** Signs backups (hex, 32 bytes); without it the key lives in DATA_DIR/backup.key. */
  backupKey: string | undefined;
  /** Automatic backups (daily, before restore/wipe): BACKUP_DIR, else DATA_DIR/backups. */
  backupDir: string;
  /** Bearer token of GET /metrics; without it the route answers 404. */
  metricsToken: string | undefined;
  jobLeaseMs: number;
  jobPollMs: number;
  /** How long SIGTERM waits for requests in flight before closing anyway. */
  shutdownTimeoutMs: number;
  /**
   * The most notification streams this instance holds open (EVENT_STREAMS_MAX); without it, derived
   * from the open-files limit (lib/open-files.ts).
   */
  eventStreamsMax?: number | undefined;
  /** Push services allowed besides the four known ones (PUSH_ALLOWED_ORIGINS; origins, `http://` too). */
  pushAllowedOrigins: string[];
  /** Pushes one instance hands to the push services per second at most (PUSH_RATE_PER_SECOND). */
  pushRatePerSecond: number;
  /** Tests only: a CA the push sender trusts besides the system's (the simulator's throwaway one). */
  pushCa?: string | undefined;
  /** How long one call to the Pix PSP may take (default 20 s in the adapter; tests shorten it). */
  pixTimeoutMs?: number | undefined;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    console.error(`Configuração inválida:\n${lines.join('\n')}`);
    process.exit(1);
  }
  const env = parsed.data;
  const demo = env.DEMO === '1';
  const dataDir = path.resolve(demo && source.DATA_DIR === undefined ? './data-demo' : env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smsUrl: env.SMS_URL,
    cepServiceUrl: env.CEP_SERVICE_URL.replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    demo,
    pixProvider: env.PIX_PROVIDER === 'simulado' ? 'simulado' : null,
    pixSimuladoPort: env.PIX_SIMULADO_PORT,
    nfseProvider: env.NFSE_PROVIDER === 'simulado' ? 'simulado' : null,
    backupKey: env.BACKUP_KEY,
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    metricsToken: env.METRICS_TOKEN,
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    jobPollMs: Math.round(env.JOB_POLL_SECONDS * 1000),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    eventStreamsMax: env.EVENT_STREAMS_MAX,
    pushAllowedOrigins: env.PUSH_ALLOWED_ORIGINS,
    pushRatePerSecond: env.PUSH_RATE_PER_SECOND,
  };
}
