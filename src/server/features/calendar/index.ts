/**
 * The calendar module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export {
  currentAcademicValues,
  getAcademicSettings,
  rulesForAssessment,
  rulesForClass,
  rulesForPeriod,
  rulesForYear,
  snapshotMissingYearRules,
  updateAcademicSettings,
} from './academic-settings.service.js';
export { calendarFeedRoutes, calendarRoutes, schoolYearsRoutes } from './calendar.routes.js';
export {
  classifyRange,
  describeDay,
  dropCalendarSnapshot,
  latestSchoolDay,
  monthRange,
} from './calendar.service.js';
export {
  closedMessage,
  periodContextOf,
  periodStateFor,
  periodStatesFor,
  periodStatesForClasses,
  yearPeriodStates,
} from './period-state.js';
export type { PeriodContext } from './period-state.js';
export { writePeriods } from './school-periods.service.js';
export { listSchoolYears, resolveYear } from './school-years.service.js';
export { calendarFeed } from './calendar.feed.js';
