import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedQuerySchema, feedSchema } from '../../../shared/familia.schemas.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { familyHomeLane } from '../../lib/lane.js';
import { sendsSms } from '../settings/index.js';
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
    // In the family home's lane (lib/lane.ts): at 7:30 it waits its turn behind the teachers' rolls.
    async (request) =>
      ok(
        await familyHomeLane.run(async () =>
          getFamilyFeed(app.ctx.db, signedInUser(request), request.query, {
            sendsSms: await sendsSms(app.ctx),
          }),
        ),
      ),
  );
};
