import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acompanhamentoSchema,
  alunosParaConversaQuerySchema,
  alunosParaConversaSchema,
  conversaDetalheSchema,
  conversaInputSchema,
  conversasSchema,
  destinosOpcoesSchema,
  mensagemInputSchema,
  mensagensConfigSchema,
} from '../../../shared/mensagens.schemas.js';
import { formatCount } from '../../../shared/format.js';
import { uuidParam } from '../../../shared/validators.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { getMensagensConfig, updateMensagensConfig } from './mensagens.config.js';
import { startBySchool, studentsToWriteAbout } from './mensagens.escola.js';
import {
  DELIVERY_JOB,
  deliverHeldMessage,
  listConversations,
  listFollowed,
  listRecipients,
  openConversa,
  replyConversa,
  startConversa,
} from './mensagens.service.js';
import { clock } from '../../lib/clock.js';

const idParams = z.strictObject({ id: uuidParam });

/**
 * `/api/mensagens`: conversations between a family and the school, started by either side (issue 32 §2);
 * scope in the service.
 */
export const mensagensRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = { access: 'authenticated' } as const;
  app.ctx.jobs.handle(DELIVERY_JOB, (payload) => deliverHeldMessage(app.ctx, payload));

  // The conversations are the family's with the school: a student's own account never reaches them,
  // not even the list (issue 31 §4, ADR 0029). After the session hook, so anonymous stays a 401.
  app.addHook('onRequest', async (request) => {
    if (request.auth?.user.nivel === 'aluno')
      throw new AppError(
        'FORBIDDEN',
        'As mensagens são entre a escola e a família: a conta do aluno não tem acesso a elas.',
      );
  });

  app.get('/', { schema: { response: okResponse(conversasSchema) }, config: own }, async (request) =>
    ok(await listConversations(app.ctx.db, signedInUser(request))),
  );

  app.get(
    '/destinos',
    { schema: { response: okResponse(destinosOpcoesSchema) }, config: own },
    async (request) => ok(await listRecipients(app.ctx.db, signedInUser(request))),
  );

  /** The students the school's side may write about, with their guardians (a teacher: their classes'). */
  app.get(
    '/alunos',
    {
      schema: { querystring: alunosParaConversaQuerySchema, response: okResponse(alunosParaConversaSchema) },
      config: { access: 'mensagens.iniciar' },
    },
    async (request) => ok(await studentsToWriteAbout(app.ctx.db, signedInUser(request), request.query)),
  );

  /** The teachers' conversations, for the coordination following them (read only). */
  app.get(
    '/acompanhamento',
    { schema: { response: okResponse(acompanhamentoSchema) }, config: { access: 'mensagens.acompanhar' } },
    async (request) => ok(await listFollowed(app.ctx.db, signedInUser(request))),
  );

  /** The school's rules (Configurações → Mensagens). */
  app.get(
    '/configuracao',
    { schema: { response: okResponse(mensagensConfigSchema) }, config: { access: 'settings.manage' } },
    async () => ok(await getMensagensConfig(app.ctx.db)),
  );

  app.put(
    '/configuracao',
    {
      schema: { body: mensagensConfigSchema, response: okResponse(mensagensConfigSchema) },
      config: { access: 'settings.manage' },
    },
    async (request) =>
      ok(
        await updateMensagensConfig(app.ctx.db, request.body, actorOf(request)),
        'Regras das mensagens salvas.',
      ),
  );

  /**
   * A family starts one with the secretaria or a teacher; the school's side (a teacher, the secretaria)
   * with the guardians of `aluno_id`, one conversation each (the first is answered; the message counts).
   */
  app.post(
    '/',
    { schema: { body: conversaInputSchema, response: createdResponse(conversaDetalheSchema) }, config: own },
    async (request, reply) => {
      const viewer = signedInUser(request);
      let created;
      let message = 'Mensagem enviada.';
      if (viewer.nivel === 'responsavel') {
        created = await startConversa(app.ctx, viewer, request.body);
        message = created.aviso_horario ?? message;
      } else {
        const ids = await startBySchool(app.ctx, viewer, request.body, clock.now());
        created = await openConversa(app.ctx.db, viewer, ids[0]!);
        if (ids.length > 1)
          message = `Mensagem enviada a ${formatCount(ids.length, 'responsável', 'responsáveis')}.`;
      }
      app.ctx.notifier.worker.wake();
      return reply.status(201).send(ok(created, message));
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(conversaDetalheSchema) }, config: own },
    async (request) => ok(await openConversa(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.post(
    '/:id',
    {
      schema: { params: idParams, body: mensagemInputSchema, response: okResponse(conversaDetalheSchema) },
      config: own,
    },
    async (request) => {
      const updated = await replyConversa(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body.texto,
      );
      app.ctx.notifier.worker.wake();
      return ok(updated, updated.aviso_horario ?? 'Mensagem enviada.');
    },
  );
};
