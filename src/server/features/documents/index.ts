/**
 * The documents module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { documentsRoutes, priorYearsRoutes } from './documents.routes.js';
export { issueDocument, revokeDocument } from './documents.service.js';
export { validationPageRoutes } from './validation.page.js';
export { documentsFeed } from './documents.feed.js';
