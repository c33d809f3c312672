/**
 * The media module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { mediaFileRoutes, mediaUploadRoutes } from './media.routes.js';
export { readDocumentUpload } from './document-upload.js';
export type { DocumentUpload } from './document-upload.js';
export { MEDIA_LIMITS, findMedia, processImage, sniffImage } from './media.service.js';
export { readPhotoUpload, sendPrivatePhoto, storedPhotoOf } from './private-photo.js';
