/**
 * The simulated national API of the NFS-e (issue 36 §2, ADR 0057): with NFSE_PROVIDER=simulado (the demo,
 * the e2e journeys) it runs in this process and the school's fiscal settings point at it; the tests start
 * it on their own. app.ts imports this module only then (a dynamic import): never in production.
 */
export { chaveValida, digitoChave, formarChave } from './chave.js';
export { gerarA1, gerarAc, type A1Gerado, type AcDeTeste } from './certificados.js';
export { CPF_REJEITADO, startNfseSimulada, VALOR_REJEITADO, type NfseSimulada } from './servidor.js';
export { DEMO_FISCAL, nfseSimuladoPlugin } from './plugin.js';
