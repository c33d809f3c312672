import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { writeAutomaticBackup } from '../features/backup/backup-automatic.service.js';
import { testConfig, setupTestApp } from '../test/test-app.js';
import { prepareDataDir } from './data-dir.js';
import { createMailer } from './mailer.js';
import { testTiming } from '../../../test-timing.config.js';
import { freePort } from '../test/ports.js';

/** Finding: reset links in the outbox and the database files were readable by any local user. */
const modeOf = (file: string) => statSync(file).mode & 0o777;
/** A DATA_DIR path inside a folder anyone may enter, so only DATA_DIR's own mode protects it. */
function scratch(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'escola-modos-'));
  chmodSync(parent, 0o755);
  return path.join(parent, 'dados');
}

const t = setupTestApp({}, { keepData: true });

describe('private data directory', () => {
  it('creates DATA_DIR 0700 when the app is built', async () => {
    const dataDir = scratch();
    const app = await buildApp(testConfig({ dataDir }), { database: t.database, serveClient: false });
    await app.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'backup.key'))).toBe(0o600);
  });

  it('puts 0700 back on DATA_DIR and 0600 on old outbox messages and backups at start', () => {
    const dataDir = scratch();
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    mkdirSync(path.join(dataDir, 'backups'), { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'outbox', 'antigo.eml'), 'link de redefinição', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'backups', 'diario-2026-01-01T00-00-00Z.json'), '{}', { mode: 0o666 });
    chmodSync(dataDir, 0o755);
    prepareDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'outbox'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'outbox', 'antigo.eml'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'backups'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'backups', 'diario-2026-01-01T00-00-00Z.json'))).toBe(0o600);
  });

  it('writes outbox messages 0600', async () => {
    const dataDir = scratch();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Escola <x@escola.test>', dataDir });
    await mailer.send({
      to: 'mae@familia.test',
      subject: 'Redefinição de senha',
      text: 'https://…/redefinir',
    });
    const outbox = path.join(dataDir, 'outbox');
    const [message] = readdirSync(outbox);
    expect(modeOf(outbox)).toBe(0o700);
    expect(modeOf(path.join(outbox, message!))).toBe(0o600);
  });

  it('writes backups 0600', async () => {
    const written = await writeAutomaticBackup(t.app.ctx, 'diario');
    const folder = path.join(t.app.ctx.config.dataDir, 'backups');
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(path.join(folder, written.nome))).toBe(0o600);
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

// The server process with PGlite: its own database files are private too (umask 077).
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'a real server start',
  { timeout: testTiming.serverStartMs + 60_000 },
  () => {
    it('leaves nothing in DATA_DIR that another local user could read', async () => {
      const dataDir = scratch();
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      try {
        let healthy = false;
        const deadline = Date.now() + testTiming.serverStartMs;
        while (!healthy && Date.now() < deadline) {
          healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (response) => response.ok,
            () => false,
          );
          if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(healthy).toBe(true);
        // PGlite writes its files 0666 whatever the umask: the directory's 0700 is what shuts them in.
        expect(modeOf(dataDir)).toBe(0o700);
        const exposed = walk(dataDir)
          .filter((file) => !path.relative(dataDir, file).startsWith('pgdata'))
          .filter((file) => (statSync(file).mode & 0o077) !== 0)
          .map((file) => `${path.relative(dataDir, file)} ${modeOf(file).toString(8)}`);
        expect(exposed).toEqual([]);
        const catalogue = path.join(dataDir, 'pgdata', 'PG_VERSION');
        expect(statSync(catalogue).isFile()).toBe(true);
        // Another user really cannot read it (checked where the test can act as one).
        if (process.getuid?.() === 0 && existsSync('/usr/sbin/runuser')) {
          const read = spawnSync('/usr/sbin/runuser', ['-u', 'nobody', '--', 'cat', catalogue]);
          expect(read.status).toBe(1);
          expect(read.stderr.toString()).toMatch(/Permission denied/);
        }
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    });
  },
);
