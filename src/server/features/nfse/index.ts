/**
 * The nfse module's public face (NFS-e padrão nacional, issue 36 §2): what app.ts and other modules may
 * import from it.
 */
export { danfseRoutes, nfseFamiliaRoutes } from './danfse.routes.js';
export { nfseXmlZipRoutes } from './exportacao.routes.js';
