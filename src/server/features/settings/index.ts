/**
 * The settings module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { CENSO_ESCOLA_KEY, SCHOOL_KEY, getSchoolIdentity, readMatriculaPattern } from './school-identity.js';
export type { StoredSchoolIdentity } from './school-identity.js';
export { settingsRoutes } from './settings.routes.js';
export {
  dropSettingsCache,
  getPublicSettings,
  invalidateSettingsCache,
  isAutomaticBackupOn,
  isMaintenanceOn,
  readSystemValues,
  sendsSms,
} from './settings.service.js';
