/**
 * The matriculas module's public face (issue 34, matrícula online): what the rest of the server (other
 * modules, app.ts, the demo) may import from it. Anything not exported here is internal to the module
 * (the ESLint zones say so).
 */
export { interessadosPublicRoutes } from './interessados.public.routes.js';
export { funilRoutes } from './funil.routes.js';
export { matriculaOnlineRoutes } from './matricula-online.routes.js';
export { contratosRoutes } from './contratos.routes.js';
export { assinaturasRoutes } from './assinaturas.routes.js';
export { modelosContratoRoutes } from './modelos-contrato.routes.js';
export { anuidadesRoutes } from './anuidades.routes.js';
export { rematriculaOnlineRoutes } from './rematricula-online.routes.js';
export { preMatriculaConfigRoutes } from './pre-matricula-config.routes.js';
export { matricularSePronto } from './matricula-automatica.js';
export { planosDisponiveis, planoPorId } from './anuidades.service.js';
export type { PlanoPagamento } from './anuidades.service.js';
export { assinadosDaRodada, avisoInadimplencia } from './anuidades.config.js';
export { seedAnuidadesDemo } from './anuidades.demo.js';
export { anularContratosDe, enviarContrato } from './contratos.service.js';
export { listarContratosDe, verificarContrato } from './contratos.leitura.js';
