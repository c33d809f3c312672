/**
 * The students module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { assertClassHasRoom } from './enrolment.rules.js';
export { onGuardianUnlinked, onStudentEnrolledAtDesk, onStudentsLeft, studentsLeft } from './departures.js';
export type {
  Departure,
  DepartureHandler,
  DepartureOutcome,
  EnrolmentHandler,
  UnlinkHandler,
} from './departures.js';
export { classOnDate, coversDate, syncMembership, syncMemberships } from './memberships.js';
export { guardianOfAccount, linkGuardian, otherPerson, resolveGuardian } from './guardians.service.js';
export { matriculaAllocator, matriculaYear } from './matricula.js';
export { payersOf } from './payer.js';
export type { Payer, PayerAddress } from './payer.js';
export type { MatriculaAllocator } from './matricula.js';
export { guardianContacts, NO_ADDRESS_PARTS, readerOf } from './students.presenter.js';
export { createStudentIn, updateStudentIn } from './students.service.js';
export { guardiansRoutes, studentsRoutes } from './students.routes.js';
export {
  classIdsTaughtBy,
  classesInScope,
  scopeOf,
  fichaAccessOf,
  studentNotFound,
  studentsInScope,
} from './students.scope.js';
export type { RecordsScope, Viewer } from './students.scope.js';
