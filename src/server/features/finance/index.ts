/**
 * The finance module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { sumTransacoesByMonth, summarizeMensalidades } from './finance.figures.js';
export { financeFeed } from './finance.feed.js';
export { financeRoutes } from './finance.routes.js';
export { financeScopeOf, listChildIdsOfUser } from './finance.scope.js';
export type { FinanceScope } from './finance.scope.js';
export { buildMensalidadePix } from './finance.documents.js';
export { mensalidadeOfStaticTxid } from './static-pix.js';
export { forgetSharedReads, sharedRead } from './finance.shared-reads.js';
export { generateMensalidades } from './mensalidades.generation.js';
export { generatePlanoMensalidades } from './mensalidades.plano.js';
export type { PlanoCobranca } from './mensalidades.plano.js';
export { getMensalidade, listMensalidades, listOpenMensalidades } from './mensalidades.service.js';
export { loadSettings, pontualidadeOf, ratesOf } from './finance-settings.service.js';
export { applyBoletoPayment, applyPixPayment } from './pix-payments.service.js';
export { wakePixSync } from './pix-cobranca.js';
export type {
  BoletoPaymentInput,
  BoletoPaymentOutcome,
  PixPaymentInput,
  PixPaymentOutcome,
  PixPaymentRefusal,
} from './pix-payments.service.js';
export { notifyFamily } from './comprovantes.service.js';
export { createTransaction } from './transacoes.service.js';
export { writeTransaction } from './finance.shared-reads.js';
export { registerPayment } from './payments.service.js';

import { onStudentEnrolledAtDesk, onStudentsLeft } from '../students/index.js';
import { chargeDeskEnrolment } from './mensalidades.matricula.js';
import { cancelAfterDeparture } from './mensalidades.saida.js';
import { warnFinanceOfDeparture } from './mensalidades.saida-aviso.js';

// A student who leaves on a day may take the tuition due after it along, when the school asks; when
// someone without the Financeiro records it, whoever holds it is told of the months left open.
onStudentsLeft(cancelAfterDeparture);
onStudentsLeft(warnFinanceOfDeparture);
// A student enrolled at the desk gets the year's tuition the others already have (ADR 0128).
onStudentEnrolledAtDesk(chargeDeskEnrolment);
