/**
 * The privacy module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { accessLogRoutes, studentAccessLogRoutes } from './access-log.routes.js';
export { recordStudentView } from './access-log.service.js';
export { anonymiseGuardianRoutes, anonymiseStudentRoutes } from './anonymise.routes.js';
export { consentRoutes, mediaTagsRoutes, studentConsentsRoutes } from './consent.routes.js';
export {
  currentConsentOf,
  hasImageConsent,
  listPurposes,
  mediaBlockedSql,
  onConsentWithdrawn,
  type ConsentWithdrawalHandler,
} from './consent.service.js';
export { dataRequestsRoutes, myDataRoutes } from './data-rights.routes.js';
export { legalPageRoutes, privacyRoutes } from './privacy.routes.js';
export { processingRegisterRoutes } from './processing-register.routes.js';
export { retentionRoutes } from './retention.routes.js';
export { consentFeed } from './consent.feed.js';
export { offerConsentWhen, type ConsentOffered } from './consent.offered.js';
