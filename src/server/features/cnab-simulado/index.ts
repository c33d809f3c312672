/**
 * The bank's side of boleto registrado for the demo and the tests (issue 36 §1): a simulated bank that
 * reads a remessa CNAB 240 with its own reading of the layout, answers the retorno, and records payments;
 * its pages on /banco-simulado (demo only, registered by features/pix-simulado).
 */
export { ArquivoRecusado, BancoCnabSimulado, type ConvenioSimulado } from './banco-cnab.js';
export { paginaDeBoletos } from './pagina.js';
