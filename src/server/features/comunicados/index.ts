/**
 * The comunicados module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { audienceQuery } from './comunicados.audience.js';
export { recordVersion } from './comunicados.publish.js';
export { comunicadosRoutes } from './comunicados.routes.js';
export { comunicadosFeed } from './comunicados.feed.js';
export { warmUpPublish } from './comunicados.warmup.js';
