/**
 * The content module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { contentRoutes } from './content.routes.js';
export {
  ContentService,
  checkSectionBeforeSave,
  followIdentityInFooter,
  readSiteContent,
  writeSiteSection,
} from './content.service.js';
export { hasSiteRenderer, sitePageRoutes } from './site-page.routes.js';
