/**
 * The curriculum module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { classCurriculumRoutes, classItinerariosRoutes } from './curriculum.routes.js';
export {
  itinerarioStudentsDuring,
  itinerarioStudentsOf,
  itinerariosOfClass,
  itinerariosOfClasses,
} from './itinerarios.service.js';
export {
  inSpans,
  leftItinerarioOn,
  subjectSpans,
  takesSubject,
  tookSubjectOn,
  type ClassItinerarios,
  type ItinerarioMember,
  type SubjectSpan,
} from './itinerario-spans.js';
