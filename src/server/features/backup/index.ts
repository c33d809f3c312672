/**
 * The backup module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { APP_VERSION } from './backup-format.js';
export { InterruptedRotationError, InvalidBackupKeyError, loadBackupKey } from './backup-key.js';
export {
  assertNoOtherSessions,
  backupKeysShown,
  KeyRotationError,
  rotateInstallationKey,
  rotationKeysOf,
} from './key-rotation.js';
export { automaticBackupsRoutes, backupRoutes, restoreRoutes, wipeRoutes } from './backup.routes.js';
