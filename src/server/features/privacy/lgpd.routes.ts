import type { FastifyPluginAsync } from 'fastify';
import { consentRoutes } from './consent.routes.js';
import { dataRightsRoutes } from './data-rights.routes.js';
import { privacyRoutes } from './privacy.routes.js';

/** Everything of issue 17 (families' data, the LGPD way), registered with one line in app.ts. */
export const lgpdRoutes: FastifyPluginAsync = async (app) => {
  await app.register(privacyRoutes);
  await app.register(consentRoutes);
  await app.register(dataRightsRoutes);
};
