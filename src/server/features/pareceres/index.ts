/**
 * The pareceres module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { developmentReportRoutes, pareceresRoutes } from './pareceres.routes.js';
export { pareceresFeed } from './pareceres.feed.js';
/** Which children have a family that reads the portal (the daily agenda tells the teacher who does not). */
export { familiesOnPortal } from './pareceres.service.js';
/** The pareceres still to write in a period, per Infantil class (the coordenação's 'Lançamento de notas'). */
export { pareceresProgress } from './pareceres.progress.js';
