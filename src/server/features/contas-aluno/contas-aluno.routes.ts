import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdStudentAccountSchema,
  createStudentAccountInputSchema,
  disableRequestInputSchema,
  pendingRequestsQuerySchema,
  resetStudentPasswordResultSchema,
  studentAccessSchema,
  studentAccountSchema,
  studentAccountSettingsInputSchema,
  studentAccountSettingsSchema,
  studentAccountStatusInputSchema,
  studentPortalSchema,
} from '../../../shared/contas-aluno.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import {
  createStudentAccount,
  familyStudentAccounts,
  getAccountSettings,
  getStudentAccess,
  listStudentAccounts,
  requestDisable,
  resetStudentPassword,
  setStudentAccountStatus,
  studentPortal,
  updateAccountSettings,
} from './contas-aluno.service.js';

const idParams = z.strictObject({ id: uuidParam });

/** `/api/alunos/:id/acesso`: a student's own portal account (issue 31 §4, ADR 0029). */
export const studentAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = { access: 'students.write' } as const;

  app.get(
    '/',
    {
      schema: { params: idParams, response: okResponse(studentAccessSchema) },
      // The child's sign-in e-mail, last sign-in and consenting guardian: only for whoever manages the
      // account (a teacher is not shown the student's e-mail; the family has /api/contas-aluno/familia).
      // Part of the record, logged as such.
      config: { ...write, childRecord: { via: 'acesso_portal' } },
    },
    async (request) => ok(await getStudentAccess(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.post(
    '/',
    {
      schema: {
        params: idParams,
        body: createStudentAccountInputSchema,
        response: createdResponse(createdStudentAccountSchema),
      },
      config: write,
    },
    async (request, reply) => {
      const created = await createStudentAccount(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return reply.status(201).send(ok(created, 'Acesso ao Portal do Aluno criado.'));
    },
  );

  app.patch(
    '/',
    {
      schema: {
        params: idParams,
        body: studentAccountStatusInputSchema,
        response: okResponse(studentAccountSchema),
      },
      config: write,
    },
    async (request) => {
      const status = request.body.status;
      const conta = await setStudentAccountStatus(
        app.ctx,
        signedInUser(request),
        request.params.id,
        status,
        actorOf(request),
      );
      return ok(
        conta,
        status === 'ativo' ? 'Acesso reativado.' : 'Acesso desativado; o histórico fica guardado.',
      );
    },
  );

  app.post(
    '/senha',
    { schema: { params: idParams, response: okResponse(resetStudentPasswordResultSchema) }, config: write },
    async (request) =>
      ok(
        await resetStudentPassword(app.ctx, signedInUser(request), request.params.id, actorOf(request)),
        'Nova senha gerada.',
      ),
  );

  app.post(
    '/pedido-desativacao',
    {
      schema: {
        params: idParams,
        body: disableRequestInputSchema,
        response: okResponse(studentAccountSchema),
      },
      config: { access: 'guardians.self' },
    },
    async (request) =>
      ok(
        await requestDisable(
          app.ctx.db,
          signedInUser(request),
          request.params.id,
          request.body.motivo ?? null,
          actorOf(request),
        ),
        'Pedido enviado à escola.',
      ),
  );
};

/** `/api/contas-aluno`: the accounts (and the guardians' requests) as a list, and the first série allowed. */
export const studentAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        querystring: pendingRequestsQuerySchema,
        response: okResponse(z.array(studentAccountSchema)),
      },
      config: { access: 'students.write' },
    },
    async (request) => ok(await listStudentAccounts(app.ctx.db, request.query.pedidos === '1')),
  );

  app.get(
    '/familia',
    { schema: { response: okResponse(z.array(studentAccountSchema)) }, config: { access: 'guardians.self' } },
    async (request) => ok(await familyStudentAccounts(app.ctx.db, signedInUser(request))),
  );

  app.get(
    '/configuracao',
    { schema: { response: okResponse(studentAccountSettingsSchema) }, config: { access: 'students.read' } },
    async () => ok(await getAccountSettings(app.ctx.db)),
  );

  app.put(
    '/configuracao',
    {
      schema: { body: studentAccountSettingsInputSchema, response: okResponse(studentAccountSettingsSchema) },
      config: { access: 'settings.manage' },
    },
    async (request) =>
      ok(await updateAccountSettings(app.ctx.db, request.body, actorOf(request)), 'Configuração salva.'),
  );
};

/** `/api/portal-aluno`: the signed-in student's own home (the Portal do Aluno). */
export const studentPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { response: okResponse(studentPortalSchema) }, config: { access: 'academics.read' } },
    async (request) => ok(await studentPortal(app.ctx, signedInUser(request))),
  );
};
