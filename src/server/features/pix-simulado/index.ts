/**
 * The demo's Pix (issue 33 §5): with PIX_PROVIDER=simulado (on in `npm run demo` and the e2e journeys)
 * the simulated bank runs in this process and the school's Pix automático points at it, so the demo's
 * tuition gets real `cobv` charges and a family can pay one in 'Pagar (simulação)'. app.ts imports this
 * module only then (a dynamic import): in production nothing of the bank is loaded, and its page is the
 * portal's 404.
 */
export { pixSimuladoRoutes } from './pix-simulado.routes.js';
export { provedorDoBancoSimulado, type BankCredentials } from './provedor.js';
