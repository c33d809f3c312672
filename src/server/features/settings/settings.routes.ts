import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicSystemSettingsSchema,
  roleMatrixEntrySchema,
  schoolSettingsSchema,
  systemSettingsSchema,
  updateSchoolSettingsInputSchema,
  updateSystemSettingsInputSchema,
} from '../../../shared/settings.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import {
  getPublicSettings,
  getRoleMatrix,
  getSchoolSettings,
  getSystemSettings,
  updateSchoolSettings,
  updateSystemSettings,
} from './settings.service.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'settings.manage' } as const;

  /**
   * Theme, formats and the maintenance flag: every visitor's portal needs them, even signed out. Every
   * open portal page polls them every 30 s: the session is not read, so the poll is not use of it.
   */
  app.get(
    '/publico',
    {
      schema: { response: okResponse(publicSystemSettingsSchema) },
      config: { access: 'public', sessionless: true },
    },
    async () => ok(await getPublicSettings(app.ctx.db)),
  );

  app.get('/escola', { schema: { response: okResponse(schoolSettingsSchema) }, config: access }, async () =>
    ok(await getSchoolSettings(app.ctx.db)),
  );

  app.put(
    '/escola',
    {
      schema: { body: updateSchoolSettingsInputSchema, response: okResponse(schoolSettingsSchema) },
      config: access,
    },
    async (request) =>
      ok(
        await updateSchoolSettings(app.ctx, request.body, actorOf(request)),
        'Configurações da escola salvas com sucesso',
      ),
  );

  app.get('/sistema', { schema: { response: okResponse(systemSettingsSchema) }, config: access }, async () =>
    ok(await getSystemSettings(app.ctx)),
  );

  app.put(
    '/sistema',
    {
      schema: { body: updateSystemSettingsInputSchema, response: okResponse(systemSettingsSchema) },
      config: access,
    },
    async (request) =>
      ok(
        await updateSystemSettings(app.ctx, request.body, actorOf(request)),
        'Configurações do sistema salvas com sucesso',
      ),
  );

  app.get(
    '/roles',
    { schema: { response: okResponse(z.array(roleMatrixEntrySchema)) }, config: access },
    async () => ok(await getRoleMatrix(app.ctx.db)),
  );
};
