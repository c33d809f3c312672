/**
 * The NFS-e module's public face (issue 36 §2, ADR 0057): the routes and the job for app.ts; what the
 * DANFSe and the accountant's export need (part 5: one note with its XML and student, a competência's
 * notes, a mensalidade's note); and what the simulated national API (features/nfse-simulado) reuses —
 * the XSD validation, the XMLDSig signing and checking, the layouts' helpers.
 */
export { ALGORITMOS, assinarXml, verificarAssinatura } from './assinatura.js';
export { cnpjDoCertificadoPem } from './certificado.js';
export { dataHoraBrasilia, NFSE_NS, VERSAO_LEIAUTE } from './dps.js';
export { EVENTO_CANCELAMENTO } from './evento.js';
export {
  confiarNaAcDeTeste,
  FISCAL_SEALED_COLUMNS,
  getFiscalConfiguracao,
  updateFiscalConfiguracao,
} from './fiscal-config.service.js';
export { URLS_NACIONAIS } from './nfse-api.client.js';
export { registerNfseJobs } from './nfse.job.js';
export { fiscalRoutes } from './nfse.routes.js';
export { lerNfse, listarNfse, nfseDaMensalidade, xmlDaNfse } from './nfse.service.js';
export { escapeXml, group, tag, textOf } from './xml.js';
export { validarXsd } from './xsd.js';
// The documents (part 5): the DANFSe, a family's notes, the month's XMLs for the accountant.
export { danfseRoutes, nfseFamiliaRoutes } from './danfse.routes.js';
export { nfseXmlZipRoutes } from './exportacao.routes.js';
