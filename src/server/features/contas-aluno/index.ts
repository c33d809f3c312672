/**
 * The contas-aluno module's public face (issue 31 §4, ADR 0029): the routes of the students' own
 * portal accounts, the staff's list of them and the student's own home.
 */
export { studentAccessRoutes, studentAccountsRoutes, studentPortalRoutes } from './contas-aluno.routes.js';
