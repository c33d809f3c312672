/**
 * The cep module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { cepRoutes } from './cep.routes.js';
export { lookupCep } from './cep.service.js';
