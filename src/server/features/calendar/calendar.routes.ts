import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarEntryInputSchema,
  calendarEntrySchema,
  calendarQuerySchema,
  calendarViewSchema,
  publicCalendarSchema,
  schoolYearInputSchema,
  schoolYearSchema,
} from '../../../shared/calendar.schemas.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { uuidParam } from '../../../shared/validators.js';
import { clock } from '../../lib/clock.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { buildIcs } from './calendar.ics.js';
import {
  createCalendarEntry,
  deleteCalendarEntry,
  getCalendar,
  getPublicCalendar,
  listPublicItems,
  updateCalendarEntry,
} from './calendar-entries.service.js';
import {
  createSchoolYear,
  deleteSchoolYear,
  getSchoolYear,
  listSchoolYears,
  updateSchoolYear,
} from './school-years.service.js';

const idParams = z.strictObject({ id: uuidParam });

const read = { access: 'authenticated' } as const;
const manage = { access: 'academics.manage' } as const;

/** `/api/anos-letivos`: the school years (their end and re-enrolment are the grades module's). */
export const schoolYearsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: okResponse(z.array(schoolYearSchema)) }, config: read }, async () =>
    ok(await listSchoolYears(app.ctx.db)),
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(schoolYearSchema) }, config: read },
    async (request) => ok(await getSchoolYear(app.ctx.db, request.params.id)),
  );

  app.post(
    '/',
    { schema: { body: schoolYearInputSchema, response: createdResponse(schoolYearSchema) }, config: manage },
    async (request, reply) => {
      const created = await createSchoolYear(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Ano letivo criado com sucesso!'));
    },
  );

  app.put(
    '/:id',
    {
      schema: { params: idParams, body: schoolYearInputSchema, response: okResponse(schoolYearSchema) },
      config: manage,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const updated = await updateSchoolYear(
        app.ctx,
        request.params.id,
        request.body,
        version,
        actorOf(request),
      );
      return ok(updated, 'Ano letivo atualizado com sucesso!');
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: okResponse(z.null()) }, config: manage },
    async (request) => {
      await deleteSchoolYear(app.ctx, request.params.id, actorOf(request));
      return ok(null, 'Ano letivo excluído com sucesso!');
    },
  );
};

/** `/api/calendario`: the school calendar, and its public view for the site. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { querystring: calendarQuerySchema, response: okResponse(calendarViewSchema) }, config: read },
    async (request) => ok(await getCalendar(app.ctx.db, signedInUser(request), request.query)),
  );

  app.get(
    '/publico',
    {
      schema: { querystring: calendarQuerySchema, response: okResponse(publicCalendarSchema) },
      config: { access: 'public', sessionless: true },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await getPublicCalendar(app.ctx, request.query));
    },
  );

  app.post(
    '/',
    {
      schema: { body: calendarEntryInputSchema, response: createdResponse(calendarEntrySchema) },
      config: manage,
    },
    async (request, reply) => {
      const created = await createCalendarEntry(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Item adicionado ao calendário.'));
    },
  );

  app.put(
    '/:id',
    {
      schema: { params: idParams, body: calendarEntryInputSchema, response: okResponse(calendarEntrySchema) },
      config: manage,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const updated = await updateCalendarEntry(
        app.ctx,
        request.params.id,
        request.body,
        version,
        actorOf(request),
      );
      return ok(updated, 'Item do calendário atualizado.');
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: okResponse(z.null()) }, config: manage },
    async (request) => {
      await deleteCalendarEntry(app.ctx, request.params.id, actorOf(request));
      return ok(null, 'Item removido do calendário.');
    },
  );
};

/** `/calendario.ics`: the feed a family subscribes to: last year to next year, public items and national holidays. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { access: 'public', sessionless: true } }, async (_request, reply) => {
    const year = Number(clock.today().slice(0, 4));
    const items = await listPublicItems(app.ctx.db, `${String(year - 1)}-01-01`, `${String(year + 1)}-12-31`);
    const body = buildIcs({
      schoolName: await app.ctx.getSchoolName(),
      items,
      now: clock.now(),
      domain: new URL(app.ctx.config.publicUrl).hostname,
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="calendario.ics"')
      .header('cache-control', 'public, max-age=900')
      .send(body);
  });
};
