/**
 * The users module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { findAccountForTeacher } from './teacher-link.js';
export { usersRoutes } from './users.routes.js';
export { ensureFirstAdmin, insertUser, sendWelcomeMail } from './users.service.js';
