/**
 * The classes module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { classesRoutes } from './classes.routes.js';
export { classNotFound, diaryAccessOf, rollsVisibleTo, seesSubject } from './diary-access.js';
export type { ClassDiaryAccess, Viewer } from './diary-access.js';
export { classMembershipsDuring } from './class-members.js';
export type { ClassMembership } from './class-members.js';
