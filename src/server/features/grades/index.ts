/**
 * The grades module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { classGradeAverages, teacherGradeTasks } from './grades.dashboard.js';
export {
  academicSettingsRoutes,
  assessmentsRoutes,
  councilRoutes,
  gradesRoutes,
  periodsRoutes,
  rectificationsRoutes,
  reportCardsRoutes,
} from './grades.routes.js';
export { finalRecoveryRoutes } from './final-recovery.routes.js';
export { reEnrolmentRoutes, yearCloseRoutes, yearEndRoutes, yearEndTaskRoutes } from './year-end.routes.js';
export { diaryGradesOf } from './class-diary-grades.js';
export { drawCard } from './report-card.pdf.js';
export { buildReportCard, buildReportCards, situationsOf } from './report-card.service.js';
export { gradesFeed } from './grades.feed.js';
export { nextSerieOf } from './rematricula-plan.service.js';
export { registerSignedOnlineQuery } from './rematricula-online.seam.js';
export { gradesProgress } from './grades-progress.service.js';
