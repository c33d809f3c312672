/**
 * The import module's public face (issue 31 §5: a school moved in from a spreadsheet). Anything not
 * exported here is internal to the module (the ESLint zones say so).
 */
export { importacaoRoutes } from './importacao.routes.js';
