import type { FastifyPluginAsync } from 'fastify';

/**
 * A plugin whose hooks and handlers apply to the whole app rather than to its own encapsulated context
 * — what `fastify-plugin` does, through the `skip-override` symbol Fastify documents for it. The app's
 * plugins (security headers, origin check, sessions, error funnel, client) are registered this way, in
 * order, the way fastify/demo composes its app.
 */
export function globalPlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
  return plugin;
}
