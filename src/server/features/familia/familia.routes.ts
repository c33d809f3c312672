import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedQuerySchema, feedSchema } from '../../../shared/familia.schemas.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getFamilyFeed } from './familia.service.js';

/** `/api/familia`: the family's own home (issue 32 §1). */
export const familiaRoutes: FastifyPluginAsyncZod = async (app) => {
  // A guardian's own feed; a staff account holding the permission has no family: an empty feed.
  app.get(
    '/feed',
    {
      schema: { querystring: feedQuerySchema, response: okResponse(feedSchema) },
      config: { access: 'guardians.self' },
    },
    async (request) => ok(await getFamilyFeed(app.ctx.db, signedInUser(request), request.query)),
  );
};
