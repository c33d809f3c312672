import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { permissionLabels, type Access } from '../../../shared/permissions.js';
import { APP_VERSION } from '../backup/index.js';
import { renderDocsPage, type OpenApiDocument } from './docs-page.js';

function describeAccess(access: Access | undefined): string {
  if (access === undefined) return 'Pública (fora da API)';
  if (access === 'public') return 'Pública';
  if (access === 'authenticated') return 'Qualquer usuário autenticado';
  if (typeof access !== 'string')
    return access.map((one) => `${permissionLabels[one]} (permissão ${one})`).join(' ou ');
  return `${permissionLabels[access]} (permissão ${access})`;
}

/** The section of the API a path belongs to: `/api/financeiro/...` → `financeiro`. */
function tagOf(url: string): string {
  const [first, second] = url.split('/').filter(Boolean);
  return first === 'api' ? (second ?? 'api') : (first ?? 'site');
}

/**
 * The OpenAPI description, generated from the same zod schemas that validate each route (so it cannot
 * drift from what the server accepts), and a readable page of it. Both are for administrators: the API
 * is not public, and the description names every field of every record. Registered before the routes,
 * so @fastify/swagger sees each one as it is added; the pages are `docsRoutes`.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sistema Escolar — API',
        version: APP_VERSION,
        description:
          'API do portal. Respostas no envelope `{ success, data, message? }`; erros em ' +
          '`{ success: false, message, code, details? }`. Autenticação por cookie de sessão (`sid`, ou ' +
          '`__Host-sid` em HTTPS); requisições que alteram dados aceitam só JSON da mesma origem.',
      },
      components: {
        securitySchemes: { sessao: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const config: unknown = input.route.config;
      const access = (config as { access?: Access } | undefined)?.access;
      // A route without a schema has none after the transform either, whatever the type says.
      const schema = (transformed.schema as Record<string, unknown> | undefined) ?? {};
      if (schema.hide === true) return transformed;
      return {
        ...transformed,
        schema: {
          ...schema,
          tags: [tagOf(input.url)],
          description: `Acesso: ${describeAccess(access)}.`,
          'x-acesso': typeof access === 'object' ? access.join(' | ') : (access ?? 'public'),
          ...(access === undefined || access === 'public' ? {} : { security: [{ sessao: [] }] }),
        },
      };
    },
  });
}

/** `/api/docs`: the readable page of the description, and the OpenAPI document itself. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  const access = { access: 'docs.read' } as const;
  app.get('/openapi.json', { schema: { hide: true }, config: access }, async () => app.swagger());
  app.get('/', { schema: { hide: true }, config: access }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocsPage(app.swagger() as unknown as OpenApiDocument)),
  );
};
