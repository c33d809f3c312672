/**
 * The NFS-e module's public face (issue 36 §2, ADR 0057). Part of it serves the simulated national API
 * (features/nfse-simulado): the XSD validation, the XMLDSig signing and checking, the layouts' helpers.
 */
export { ALGORITMOS, assinarXml, verificarAssinatura } from './assinatura.js';
export { cnpjDoCertificadoPem } from './certificado.js';
export { dataHoraBrasilia, NFSE_NS, VERSAO_LEIAUTE } from './dps.js';
export { EVENTO_CANCELAMENTO } from './evento.js';
export { URLS_NACIONAIS } from './nfse-api.client.js';
export { escapeXml, group, tag, textOf } from './xml.js';
export { validarXsd } from './xsd.js';
// The documents (part 5): the DANFSe, a family's notes, the month's XMLs for the accountant.
export { danfseRoutes, nfseFamiliaRoutes } from './danfse.routes.js';
export { nfseXmlZipRoutes } from './exportacao.routes.js';
