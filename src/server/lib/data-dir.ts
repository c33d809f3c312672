import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Only the server's own user may read the data directory: it holds reset links, backups and keys. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Folders of DATA_DIR whose files earlier versions wrote readable by every local user. */
const PRIVATE_FOLDERS = ['outbox', 'backups'];

function tighten(target: string, mode: number): void {
  if ((statSync(target).mode & 0o777) === mode) return;
  try {
    chmodSync(target, mode);
  } catch (error) {
    // Owned by another user (a volume mounted as root, say): start anyway, and say what to fix.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    console.warn(
      `Aviso: não foi possível restringir as permissões de ${target} para ${mode.toString(8)}; ` +
        'ajuste o dono ou as permissões para que só o usuário do servidor o leia.',
    );
  }
}

/** Puts 0600 back on a private file written with other modes. */
export function tightenFile(file: string): void {
  tighten(file, PRIVATE_FILE_MODE);
}

/**
 * Creates DATA_DIR as 0700, and at every start puts back 0700 on it and 0600 on the outbox messages and
 * backups inside (an installation made before this rule, or a copy restored with other modes). PGlite
 * writes its own files 0666 whatever the umask; the directory's 0700 is what keeps other users out of
 * them (and of everything else here).
 */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dataDir, PRIVATE_DIR_MODE);
  for (const folder of PRIVATE_FOLDERS) {
    const full = path.join(dataDir, folder);
    let names: string[];
    try {
      names = readdirSync(full);
    } catch {
      continue;
    }
    tighten(full, PRIVATE_DIR_MODE);
    for (const name of names) {
      const file = path.join(full, name);
      if (statSync(file).isFile()) tighten(file, PRIVATE_FILE_MODE);
    }
  }
}
