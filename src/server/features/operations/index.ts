/**
 * The operations module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { startCacheBus } from './caches.js';
export { metrics } from './metrics.js';
export { addressLimitError, databaseRateLimitStore, purgeRateLimitHits } from './rate-limit-store.js';
export {
  analyzeStaleTables,
  MAINTENANCE_JOB,
  maintainDatabase,
  registerDatabaseMaintenance,
  watchStatistics,
} from './maintenance.job.js';
