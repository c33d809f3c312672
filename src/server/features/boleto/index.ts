/**
 * The boleto module's public face (issue 36 §1, ADR 0055): what the rest of the server may import from
 * it. features/cnab reads the boletos and the agreement, and calls `reconcileBoletos` before a remessa.
 */
export { BANCOS, bancoOf } from './bancos.js';
export type { BancoBoleto, Convenio } from './bancos.js';
export { codigoBarrasDaLinha, fatorVencimento, formatLinhaDigitavel, vencimentoDoFator } from './febraban.js';
export { agreementOf, loadBoletoConfig } from './boleto.service.js';
export { reconcileBoletos, reconciledMovement, RECONCILED_SITUACOES } from './boleto.reconcile.js';
export { encargosDoBoleto } from './boleto.encargos.js';
export type { ReconcileOutcome } from './boleto.reconcile.js';
export { boletoMensalidadeRoutes, boletoRoutes } from './boleto.routes.js';
