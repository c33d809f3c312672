/**
 * The DANFSe PDF (`GET /api/fiscal/nfse/:id/danfse.pdf`) and a family's list of notes
 * (`GET /api/fiscal/nfse/familia`), each a URL family of its own (app.ts registers the prefixes).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nfseFamiliaSchema } from '../../../shared/nfse-documentos.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { sendFile } from '../../lib/download.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { buildDanfse, listFamilyNfse, nfseScopeOf } from './danfse.service.js';

/** Who reads tuition (the finance desk, and a family for its children) reads their notes. */
const read = { access: 'finance.read' } as const;

export const danfseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { params: z.strictObject({ id: uuidParam }) }, config: read },
    async (request, reply) => {
      const db = app.ctx.db;
      const file = await buildDanfse(db, request.params.id, await nfseScopeOf(db, signedInUser(request)));
      reply.header('cache-control', 'no-store');
      return sendFile(reply, { contentType: 'application/pdf', ...file });
    },
  );
};

export const nfseFamiliaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { response: okResponse(z.array(nfseFamiliaSchema)) }, config: read },
    async (request) => {
      const db = app.ctx.db;
      return ok(await listFamilyNfse(db, await nfseScopeOf(db, signedInUser(request))));
    },
  );
};
