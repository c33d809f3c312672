/** `/api/turmas/:id/disciplinas`: the subject grid of a class (the class's curriculum). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  curriculumInputSchema,
  curriculumSchema,
  itinerarioChoicesInputSchema,
  itinerarioChoicesSchema,
} from '../../../shared/curriculum.schemas.js';
import { buildsCurriculum } from '../../../shared/permissions.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getCurriculum, saveCurriculum } from './curriculum.service.js';
import { getItinerarioChoices, saveItinerarioChoices } from './itinerarios.service.js';

const idParams = z.strictObject({ id: uuidParam });

/** Registered at `/api/turmas/:id/disciplinas`: `:id` is the class. */
export const classCurriculumRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { params: idParams, response: okResponse(curriculumSchema) },
      config: { access: 'classes.read' },
    },
    async (request) => ok(await getCurriculum(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.put(
    '/',
    {
      schema: { params: idParams, body: curriculumInputSchema, response: okResponse(curriculumSchema) },
      config: { access: buildsCurriculum },
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await saveCurriculum(app.ctx, request.params.id, request.body, version, actorOf(request));
      return ok(saved, 'Grade curricular salva.');
    },
  );
};

/** Registered at `/api/turmas/:id/itinerarios`: each student's itinerário formativo (Ensino Médio). */
export const classItinerariosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { params: idParams, response: okResponse(itinerarioChoicesSchema) },
      config: { access: 'classes.read' },
    },
    async (request) => ok(await getItinerarioChoices(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.put(
    '/',
    {
      schema: {
        params: idParams,
        body: itinerarioChoicesInputSchema,
        response: okResponse(itinerarioChoicesSchema),
      },
      config: { access: 'students.write' },
    },
    async (request) => {
      const saved = await saveItinerarioChoices(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return ok(saved, 'Itinerários dos alunos salvos.');
    },
  );
};
