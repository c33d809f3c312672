/**
 * The cnab module's public face (issue 36 §1, ADR 0056): the bank's CNAB 240 files — remessa, retorno —
 * and the layouts the bank simulator shares the code lists of.
 */
export { cnabRemessaRoutes, cnabRetornoRoutes, cnabRoutes } from './cnab.routes.js';
export { MOTIVOS_REJEICAO, OCORRENCIAS_RETORNO } from './cnab.codigos.js';
