import type { FastifyPluginAsync } from 'fastify';
import { accessLogRoutes } from './access-log.routes.js';
import { anonymiseRoutes } from './anonymise.routes.js';
import { consentRoutes } from './consent.routes.js';
import { dataRightsRoutes } from './data-rights.routes.js';
import { privacyRoutes } from './privacy.routes.js';
import { processingRegisterRoutes } from './processing-register.routes.js';
import { retentionRoutes } from './retention.routes.js';

/** Families' data the LGPD way (notice, consents, data rights), registered with one line in app.ts. */
export const lgpdRoutes: FastifyPluginAsync = async (app) => {
  await app.register(privacyRoutes);
  await app.register(consentRoutes);
  await app.register(dataRightsRoutes);
  await app.register(accessLogRoutes);
  await app.register(anonymiseRoutes);
  await app.register(retentionRoutes);
  await app.register(processingRegisterRoutes);
};
