/**
 * The attendance module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export {
  attendanceTallies,
  classYear,
  schoolDaysAhead,
  studentTotals,
  yearOutlook,
} from './attendance.figures.js';
export type { AttendanceTally } from './attendance.figures.js';
export { attendanceRoutes } from './attendance.routes.js';
export { loadGrid } from './attendance.service.js';
export { classFrequencies, listAlerts } from './class-frequencies.figures.js';
export { dayAbsentees } from './day-absentees.js';
export type { DayAbsentee } from './day-absentees.js';
export { getClassMonth } from './class-month.figures.js';
export { listRollClasses } from './roll-read.service.js';
/** The rolls not taken in a period, per class (the check before closing or publishing it). */
export { rollsPendingBetween } from './rolls-pending.figures.js';
export type { PendingRolls } from './rolls-pending.figures.js';
export { getStudentAttendance } from './student-attendance.figures.js';
export { attendanceFeed } from './attendance.feed.js';
export { homeworkFeed } from './homework.feed.js';
export { familyAttendance } from './attendance.family.js';
export type { FamilyChild } from './attendance.family.js';
export { justificativasRoutes } from './justificativas.routes.js';
