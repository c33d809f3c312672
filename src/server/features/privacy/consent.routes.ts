import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classConsentsSchema,
  consentPurposeSchema,
  giveConsentInputSchema,
  mediaTagsSchema,
  purposeInputSchema,
  studentConsentsSchema,
  tagMediaInputSchema,
} from '../../../shared/consent.schemas.js';
import { galeriaSchema } from '../../../shared/content.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { checkSectionBeforeSave } from '../content/index.js';
import {
  assertGalleryPublishable,
  createPurpose,
  getClassConsents,
  getMediaTags,
  getStudentConsents,
  listPurposes,
  recordConsent,
  tagMedia,
  updatePurpose,
} from './consent.service.js';

const idParams = z.strictObject({ id: uuidParam });

/** `/api/consentimentos`: the consent purposes, and a class's consents at a glance. */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  checkSectionBeforeSave('galeria', (tx, data) => assertGalleryPublishable(tx, galeriaSchema.parse(data)));

  app.get(
    '/finalidades',
    { schema: { response: okResponse(z.array(consentPurposeSchema)) }, config: { access: 'authenticated' } },
    async () => ok(await listPurposes(app.ctx.db)),
  );

  app.post(
    '/finalidades',
    {
      schema: { body: purposeInputSchema, response: createdResponse(consentPurposeSchema) },
      config: { access: 'privacy.manage' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createPurpose(app.ctx.db, request.body, actorOf(request)), 'Finalidade criada.')),
  );

  app.put(
    '/finalidades/:id',
    {
      schema: { params: idParams, body: purposeInputSchema, response: okResponse(consentPurposeSchema) },
      config: { access: 'privacy.manage' },
    },
    async (request) =>
      ok(
        await updatePurpose(app.ctx.db, request.params.id, request.body, actorOf(request)),
        'Finalidade atualizada.',
      ),
  );

  app.get(
    '/turmas/:id',
    {
      schema: { params: idParams, response: okResponse(classConsentsSchema) },
      config: { access: 'privacy.manage' },
    },
    async (request) => ok(await getClassConsents(app.ctx.db, request.params.id)),
  );
};

/** `/api/alunos/:id/consentimentos`: the consents given (or withdrawn) for the student `:id`. */
export const studentConsentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { params: idParams, response: okResponse(studentConsentsSchema) },
      config: { access: 'students.read', childRecord: { via: 'consentimentos' } },
    },
    async (request) => ok(await getStudentConsents(app.ctx, signedInUser(request), request.params.id)),
  );

  app.post(
    '/',
    {
      schema: { params: idParams, body: giveConsentInputSchema, response: okResponse(studentConsentsSchema) },
      config: { access: 'students.read' },
    },
    async (request) => {
      const result = await recordConsent(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return ok(result, request.body.concedido ? 'Consentimento registrado.' : 'Consentimento retirado.');
    },
  );
};

/** `/api/media/:id/alunos`: the students shown in the photo `:id` (its publication follows their consent). */
export const mediaTagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { params: idParams, response: okResponse(mediaTagsSchema) },
      config: { access: 'content.manage' },
    },
    async (request) => ok(await getMediaTags(app.ctx.db, request.params.id)),
  );

  app.put(
    '/',
    {
      schema: { params: idParams, body: tagMediaInputSchema, response: okResponse(mediaTagsSchema) },
      config: { access: 'content.manage' },
    },
    async (request) => {
      const tags = await tagMedia(app.ctx, request.params.id, request.body.aluno_ids, actorOf(request));
      return ok(
        tags,
        tags.publicavel
          ? 'Alunos da foto salvos.'
          : 'Alunos da foto salvos. A foto mostra aluno sem consentimento de uso de imagem e não fica na galeria pública.',
      );
    },
  );
};
