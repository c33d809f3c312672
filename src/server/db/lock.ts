import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not stop a second process from opening the same data directory, and two writers there
 * silently lose each other's rows (toolchain.md). An O_EXCL lock file does. It names the holder by PID
 * *and* the process's start time, so a server killed with -9 does not lock the school out: a PID that is
 * gone, a zombie (the killed server not yet reaped by its parent) or a PID since reused by another
 * program (different start time) all count as dead. Node has no flock() without native addons, hence
 * the check.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Outro processo (pid ${pid}) já está usando o diretório de dados ${path.dirname(lockFile)}. ` +
        'Pare o outro servidor ou use outro DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface ProcessInfo {
  state: string;
  startTime: string;
}

/** Linux's view of a process (/proc/<pid>/stat); null when it does not exist, undefined without /proc. */
export function readProcessInfo(pid: number): ProcessInfo | null | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    try {
      readFileSync('/proc/self/stat', 'utf8');
      return null;
    } catch {
      return undefined;
    }
  }
  // "pid (comm) state ppid … starttime …": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

function isSignalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the lock (pid, and start time when recorded) is still running. */
export function isHolderAlive(pid: number, startTime: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  const info = readProcessInfo(pid);
  if (info === undefined) return isSignalable(pid);
  if (info === null) return false;
  if (info.state === 'Z' || info.state === 'X') return false;
  return startTime === undefined || startTime === info.startTime;
}

function lockContent(): string {
  const startTime = readProcessInfo(process.pid)?.startTime;
  return startTime ? `${process.pid} ${startTime}` : String(process.pid);
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const content = lockContent();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, content);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockFile, 'utf8').trim() === content) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText = '', startTime] = readFileSync(lockFile, 'utf8').trim().split(' ');
      const pid = Number.parseInt(pidText, 10);
      if (isHolderAlive(pid, startTime)) throw new DataDirLockedError(lockFile, pid);
      unlinkSync(lockFile);
    }
  }
  throw new Error(`Não foi possível obter o bloqueio de ${lockFile}`);
}
