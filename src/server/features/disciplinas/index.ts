/**
 * The disciplinas module's public face: the school's subject catalogue, its routes and what the modules
 * that name subjects (curriculum, teachers, grades, backup) ask of it.
 */
export { disciplinasRoutes } from './disciplinas.routes.js';
export {
  bySubjectOrder,
  ensureSubjectCatalogue,
  readStageFit,
  readSubjectOrder,
  resolveChosenSubjects,
  type StageFit,
  type SubjectOrder,
} from './disciplinas.catalogue.js';
export { subjectNamesInUse } from './disciplinas.service.js';
