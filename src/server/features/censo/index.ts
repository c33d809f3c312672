/** The Censo Escolar module's public face (issue 37, ADR 0059): its routes for app.ts. */
export { censoAlunosRoutes } from './alunos.routes.js';
export { censoArquivosRoutes } from './arquivos.routes.js';
export { censoDisciplinasRoutes } from './disciplinas.routes.js';
export { censoEscolaRoutes } from './escola.routes.js';
export { censoProfissionaisRoutes } from './profissionais.routes.js';
export { censoTurmasRoutes } from './turmas.routes.js';
export { seedCensoTurmasDemo } from './turmas.demo.js';
// Part 1 (escola): the demo stores its census data under this settings key.
export { CENSO_ESCOLA_KEY } from './escola.service.js';
export { matriculasNaData } from './matriculas.js';
