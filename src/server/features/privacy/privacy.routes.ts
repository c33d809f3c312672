import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptPrivacyInputSchema, privacyStatusSchema } from '../../../shared/privacy.schemas.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { renderLegalPage } from './legal-page.js';
import { acceptPrivacy, currentLegalTexts, getPrivacyStatus, legalTextDates } from './privacy.service.js';

/** `/api/privacidade`: the signed-in person's acceptance of the privacy notice and terms. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { response: okResponse(privacyStatusSchema) }, config: { access: 'authenticated' } },
    async (request) => ok(await getPrivacyStatus(app.ctx, signedInUser(request))),
  );

  app.post(
    '/aceite',
    {
      schema: { body: acceptPrivacyInputSchema, response: okResponse(privacyStatusSchema) },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const status = await acceptPrivacy(app.ctx, signedInUser(request), request.body, actorOf(request));
      return ok(status, 'Obrigado! Seu aceite foi registrado.');
    },
  );
};

/**
 * `/privacidade` and `/termos`: the public pages of the privacy notice and of the terms, registered once
 * for each (`section` says which).
 */
export const legalPageRoutes: FastifyPluginAsyncZod<{ section: 'privacidade' | 'termos' }> = async (
  app,
  { section },
) => {
  app.get('/', async (_request, reply) => {
    const texts = await currentLegalTexts(app.ctx);
    const dates = await legalTextDates(app.ctx);
    const content = (await app.ctx.content.getState()).content;
    const text = texts[section];
    const html = renderLegalPage({
      escola: content.configuracoes.nome_escola,
      cor: content.configuracoes.cor_primaria,
      titulo: text.titulo,
      texto: text.texto,
      versao: text.versao,
      atualizadoEm: dates[section],
      outro:
        section === 'privacidade'
          ? { href: '/termos', label: texts.termos.titulo }
          : { href: '/privacidade', label: texts.privacidade.titulo },
    });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
};
