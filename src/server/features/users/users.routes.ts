import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdUserSchema,
  createUserInputSchema,
  generatedPasswordSchema,
  idParamsSchema,
  listUsersQuerySchema,
  patchUserInputSchema,
  resetUserPasswordInputSchema,
  resetUserPasswordResultSchema,
  userCountsSchema,
  userSchema,
  updateUserInputSchema,
} from '../../../shared/users.schemas.js';
import type { FastifyRequest } from 'fastify';
import { actorOf, expectedVersion, ok, passwordClientOf, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse, pageOf } from '../../lib/responses.js';
import { generatePassword } from '../auth/index.js';
import {
  createUser,
  getUser,
  listUsers,
  patchUser,
  resetUserPassword,
  toggleUserStatus,
  updateUser,
  type Reauthentication,
} from './users.service.js';

function reauthOf(request: FastifyRequest, senhaAtual: string | undefined): Reauthentication {
  return { user: signedInUser(request), senhaAtual, client: passwordClientOf(request) };
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'users.manage' } as const;

  app.get(
    '/',
    {
      schema: {
        querystring: listUsersQuerySchema,
        response: okResponse(pageOf(userSchema).extend({ counts: userCountsSchema })),
      },
      config: access,
    },
    async (request) => ok(await listUsers(app.ctx.db, request.query)),
  );

  app.post(
    '/',
    { schema: { body: createUserInputSchema, response: createdResponse(createdUserSchema) }, config: access },
    async (request, reply) => {
      const { senha_atual: senhaAtual, ...input } = request.body;
      const created = await createUser(app.ctx, input, actorOf(request), reauthOf(request, senhaAtual));
      return reply.status(201).send(ok(created, 'Usuário criado com sucesso!'));
    },
  );

  app.post(
    '/generate-password',
    { schema: { response: okResponse(generatedPasswordSchema) }, config: access },
    async () => ok({ senha: generatePassword() }),
  );

  app.get(
    '/:id',
    { schema: { params: idParamsSchema, response: okResponse(userSchema) }, config: access },
    async (request) => ok(await getUser(app.ctx.db, request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: { params: idParamsSchema, body: updateUserInputSchema, response: okResponse(userSchema) },
      config: access,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const user = await updateUser(
        app.ctx,
        request.params.id,
        request.body,
        version,
        actorOf(request),
        reauthOf(request, request.body.senha_atual),
      );
      return ok(user, 'Usuário atualizado com sucesso!');
    },
  );

  app.patch(
    '/:id',
    {
      schema: { params: idParamsSchema, body: patchUserInputSchema, response: okResponse(userSchema) },
      config: access,
    },
    async (request) => {
      const { senha_atual: senhaAtual, version, ...patch } = request.body;
      const user = await patchUser(
        app.ctx,
        request.params.id,
        { ...patch, senha_atual: senhaAtual },
        expectedVersion(request, version),
        actorOf(request),
        reauthOf(request, senhaAtual),
      );
      return ok(user, 'Usuário atualizado com sucesso!');
    },
  );

  app.patch(
    '/:id/toggle-status',
    { schema: { params: idParamsSchema, response: okResponse(userSchema) }, config: access },
    async (request) => {
      const user = await toggleUserStatus(
        app.ctx,
        request.params.id,
        actorOf(request),
        signedInUser(request),
      );
      return ok(
        user,
        user.status === 'ativo' ? 'Usuário ativado com sucesso!' : 'Usuário desativado com sucesso!',
      );
    },
  );

  app.post(
    '/:id/reset-password',
    {
      schema: {
        params: idParamsSchema,
        body: resetUserPasswordInputSchema,
        response: okResponse(resetUserPasswordResultSchema),
      },
      config: access,
    },
    async (request) => {
      const result = await resetUserPassword(
        app.ctx,
        request.params.id,
        request.body?.senha,
        actorOf(request),
        reauthOf(request, request.body?.senha_atual),
      );
      return ok(result, 'Senha redefinida com sucesso!');
    },
  );
};
