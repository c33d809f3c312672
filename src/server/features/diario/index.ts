/**
 * The diário de classe module's public face (ADR 0078, 0080): the lessons, their content, the attendance
 * and the grades of a class read together and printed. It sits above attendance and grades, which both
 * feed it (grades already reads attendance, so neither could hold the diary without a cycle).
 */
export { diarioRoutes } from './diario.routes.js';
