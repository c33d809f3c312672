/**
 * The pix module's public face (issue 33: Pix charges that confirm themselves): what the rest of the
 * server may import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export type { PixApi, PixProvider } from './pix-api.js';
export { PixApiError } from './pix-api.js';
export { closePixProvider, pixProviderOf } from './pix-provider.service.js';
export { PIX_SEALED_COLUMNS } from './pix-provedor.sealed.js';
export { updatePixProvedor, webhookSegredoOf } from './pix-provedor.service.js';
export { pixRoutes } from './pix.routes.js';
export { registerPixJobs, SYNC_JOB, syncCobrancas } from './cobrancas.sync.js';
export { buildCobvBody, txidOf } from './cobv-body.js';
export { closePixAutomatico, updatePixAutomaticoConfig } from './pix-automatico.service.js';
export { pixAutomaticoRoutes, pixAutomaticoWebhookRoutes } from './pix-automatico.routes.js';
export { pixWebhookRoutes } from './pix-webhook.routes.js';
export { pixAConciliarRoutes, pixConciliarRoutes } from './pix-recebidos.routes.js';

import { onGuardianUnlinked, onStudentsLeft } from '../students/index.js';
import { endDebitsOfUnlinkedGuardian, endDebitsOnDeparture } from './pix-automatico.saida.js';

// A student who leaves the school, or a guardian unlinked from one, leaves no monthly Pix debit behind.
onStudentsLeft(endDebitsOnDeparture);
onGuardianUnlinked(endDebitsOfUnlinkedGuardian);
