/**
 * The auth module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { authRoutes } from './auth.routes.js';
export { forgetPasswordResets } from './auth.service.js';
export { forgetDevices } from './known-devices.service.js';
export { confirmCurrentPassword } from './password-check.service.js';
export type { PasswordClient } from './password-check.service.js';
export {
  assertStrongPassword,
  generatePassword,
  hashPassword,
  provisionalPassword,
  SENHA_PROVISORIA_DIAS,
} from './passwords.js';
export { sessionsAdminRoutes } from './sessions-admin.routes.js';
export {
  forgetCachedSessions,
  resolveSession,
  revokeUserSessions,
  sha256,
  watchAuthChanges,
} from './sessions.service.js';
export { nivelByUserTipo, toUser, userTipoByNivel } from './user.presenter.js';
export { loadUserAccess, permissionsOfPerfil } from './user-permissions.js';
