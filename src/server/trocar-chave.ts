// `npm run trocar-chave`: the installation key's rotation (ADR 0118), with every server of the school
// stopped. Prints what to print and keep; exits 1 with the reason when it cannot run.
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { SchemaTooNewError } from './db/schema-version.js';
import { loadConfig } from './env.js';
import { formatCount } from '../shared/format.js';
import {
  assertNoOtherSessions,
  backupKeysShown,
  KeyRotationError,
  rotateInstallationKey,
  rotationKeysOf,
} from './features/backup/index.js';
import { prepareDataDir } from './lib/data-dir.js';

process.umask(0o077);

async function main(): Promise<void> {
  const config = loadConfig();
  // The keys are checked before the database is opened (a wrong DATA_DIR is not made a database).
  rotationKeysOf(config, process.env.NOVA_BACKUP_KEY);
  prepareDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await assertNoOtherSessions(database);
    const outcome = await rotateInstallationKey(database.db, config, process.env.NOVA_BACKUP_KEY);
    const shown = backupKeysShown(outcome.keys);
    const resealed = outcome.pix.resealed + outcome.fiscal.resealed;
    const unreadable = outcome.pix.unreadable + outcome.fiscal.unreadable;
    console.log(
      [
        'Chave da instalação trocada.',
        `- Segredos guardados (banco/PSP, certificado A1) cifrados de novo com a chave nova: ${formatCount(resealed, 'segredo', 'segredos')}.`,
        ...(unreadable > 0
          ? [
              `- Já ilegíveis (de um backup de outra instalação): ${formatCount(unreadable, 'segredo', 'segredos')}; informe-os de novo em Configurações.`,
            ]
          : []),
        ...(outcome.keys.mode === 'variavel'
          ? [
              `- Defina BACKUP_KEY=${outcome.keys.next.toString('hex')} em todos os servidores antes de iniciá-los.`,
            ]
          : ['- A chave nova está em DATA_DIR/backup.key.']),
        `- Nova chave de backup (imprima e guarde longe dos backups): ${shown.next}`,
        `- Os backups feitos antes desta troca abrem com a chave de backup anterior: ${shown.old}`,
        '  (na restauração, informe-a quando a tela pedir a chave da instalação de origem).',
        '- Quem tinha a chave antiga e um backup podia ler os segredos do banco e o certificado: gere',
        '  credenciais novas no banco/PSP e, se possível, um novo certificado A1, e informe-os em Configurações.',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof KeyRotationError ||
    error instanceof DataDirLockedError ||
    error instanceof SchemaTooNewError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
