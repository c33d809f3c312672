import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, readProcessInfo } from './lock.js';

/** Issue 10 ('Also'): the data-directory lock must not take a dead server for a live one. */
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function spawnSleeper(): ChildProcess {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** A process that has exited but that its parent never reaps: `sleep` replaces the shell and never waits. */
async function makeZombie(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(parent);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10))),
  );
  for (let i = 0; i < 100 && readProcessInfo(pid)?.state !== 'Z'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pid;
}

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'escola-lock-'));
const hasProc = existsSync('/proc/self/stat');

describe.skipIf(!hasProc)('data-directory lock', () => {
  it('refuses while the holder runs: same PID and the same start time', () => {
    const dir = dataDir();
    const sleeper = spawnSleeper();
    const start = readProcessInfo(sleeper.pid!)!.startTime;
    writeFileSync(path.join(dir, 'server.lock'), `${sleeper.pid} ${start}`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose PID now belongs to another program (another start time)', () => {
    const dir = dataDir();
    const sleeper = spawnSleeper();
    const start = Number(readProcessInfo(sleeper.pid!)!.startTime);
    writeFileSync(path.join(dir, 'server.lock'), `${sleeper.pid} ${start - 1000}`);
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over the lock of a killed server that is still a zombie', async () => {
    const dir = dataDir();
    const zombie = await makeZombie();
    const info = readProcessInfo(zombie)!;
    expect(info.state).toBe('Z');
    // A PID check alone (kill -0) still answers for a zombie: this is the case that locked schools out.
    expect(() => process.kill(zombie, 0)).not.toThrow();
    writeFileSync(path.join(dir, 'server.lock'), `${zombie} ${info.startTime}`);
    const release = acquireDataDirLock(dir);
    release();
  });

  it('takes over a lock left by a PID that no longer exists, in the old format too', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'server.lock'), '4194304');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
