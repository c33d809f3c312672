import v8 from 'node:v8';
import { buildApp } from './app.js';
import { DataDirLockedError } from './db/lock.js';
import { SchemaTooNewError } from './db/schema-version.js';
import { loadConfig } from './env.js';
import { InterruptedRotationError, InvalidBackupKeyError } from './features/backup/index.js';
import { warmUpPublish } from './features/comunicados/index.js';
import { analyzeStaleTables } from './features/operations/index.js';
import { ensureFirstAdmin } from './features/users/index.js';
import { seedDemo } from './demo/seed-demo.js';

// Files the server creates are for its own user only (DATA_DIR is 0700 too: lib/data-dir.ts).
process.umask(0o077);

// After a full collection V8 lets the old generation grow to up to several times what survived before the
// next one. A heavy task at 50,000 students (closing the year, the rematrícula, the census file, a backup)
// makes hundreds of MB of short-lived rows, and the server reached 2.3–3.1 × its idle memory. Growing by
// 20 % over what survived keeps those under 2 ×, at the cost of more frequent (short) collections (ADR 0064).
// Set here, not on the command line, so that `npm start`, the container and the systemd unit all have it.
v8.setFlagsFromString('--heap-growing-percent=20');

const config = loadConfig();

function printOnce(lines: string[]) {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const border = '═'.repeat(width);
  console.log(
    `\n╔${border}╗\n${lines.map((line) => `║  ${line.padEnd(width - 2)}║`).join('\n')}\n╚${border}╝\n`,
  );
}

async function main() {
  const started = Date.now();
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (
      error instanceof DataDirLockedError ||
      error instanceof SchemaTooNewError ||
      error instanceof InterruptedRotationError ||
      error instanceof InvalidBackupKeyError
    ) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.demo) {
    const accounts = await seedDemo(app.ctx);
    // A year of records written at once: the planner's statistics before the first visitor (ADR 0072).
    if (accounts) await analyzeStaleTables(app.ctx.db);
    if (accounts) printOnce(['Dados de demonstração criados. Contas:', ...accounts]);
  } else {
    const admin = await ensureFirstAdmin(app.ctx);
    if (admin?.senha) {
      printOnce([
        'Primeiro administrador criado.',
        `E-mail: ${admin.email}`,
        `Senha:  ${admin.senha}`,
        'Esta senha aparece só agora; o portal pedirá uma nova no primeiro acesso.',
      ]);
    } else if (admin) {
      printOnce([`Primeiro administrador criado: ${admin.email} (senha de ADMIN_PASSWORD).`]);
    }
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'encerrando');
    // /api/ready answers 503 from here on; requests in flight get SHUTDOWN_TIMEOUT_SECONDS to finish and
    // the job in hand is finished or, past that, left to its lease (another instance takes it).
    const force = setTimeout(() => process.exit(1), config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info({ ms: Date.now() - started, demo: config.demo }, `Sistema Escolar em ${config.publicUrl}`);
  // PGlite compiles its WebAssembly on first use: the first comunicado to the whole school would pay
  // for it in the author's request (comunicados.warmup.ts). In the background, after listening.
  if (!config.databaseUrl) {
    const warming = Date.now();
    warmUpPublish(app.ctx.db).then(
      () => app.log.info({ ms: Date.now() - warming }, 'aquecimento do banco concluído'),
      (error: unknown) => app.log.warn({ err: error }, 'aquecimento do banco falhou'),
    );
  }
}

/**
 * Connections the kernel holds for the server while its event loop is busy (Node's default is 511).
 * At 7:30 a thousand family phones open the home within a minute, each with a few connections; past a
 * full queue the kernel drops the new ones, and the phones retry after 1, 3, 7… s (then give up):
 * seconds of latency and ECONNRESET/ETIMEDOUT instead of a short wait (docs/performance.md, issue 38).
 * The kernel caps it at net.core.somaxconn (4,096 on current Linux).
 */
const LISTEN_BACKLOG = 4_096;

main().catch((error: unknown) => {
  console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});
