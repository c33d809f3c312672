/**
 * The contas-aluno module's public face (issue 31 §4, ADR 0029): the routes of the students' own
 * portal accounts, the staff's list of them and the student's own home.
 */
export { studentAccessRoutes, studentAccountsRoutes, studentPortalRoutes } from './contas-aluno.routes.js';

import { offerConsentWhen, onConsentWithdrawn } from '../privacy/index.js';
import { onStudentsLeft } from '../students/index.js';
import { disableOnConsentWithdrawn, disableOnStudentsLeft } from './contas-aluno.disable.js';
import { portalAccountOffered } from './contas-aluno.service.js';

// Withdrawing the family's consent disables the account it rested on, in the same transaction.
onConsentWithdrawn('portal_aluno', disableOnConsentWithdrawn);
// A student who leaves the school (transferred, inactive, graduated) leaves the Portal do Aluno too.
onStudentsLeft(disableOnStudentsLeft);
// Below the série mínima the family is not asked for the consent an account would rest on.
offerConsentWhen('portal_aluno', portalAccountOffered);
