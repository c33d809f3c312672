import { globalPlugin } from './global-plugin.js';

/**
 * Every answer carries its request's id (`X-Request-Id`, the `reqId` of its log lines), set before any
 * other hook can answer: the session check's 401, the rate limit's 429, maintenance's 503, a body too
 * large or malformed, a 404. Set on the raw response, so answers written by hand (the notification
 * stream) carry it too. Registered first (docs/architecture.md); the router's own refusals, the
 * replayed answers and Node's parser errors set it where they answer (app.ts, lib/response-replay.ts,
 * lib/client-error.ts).
 */
export const requestId = globalPlugin('request-id', async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
});
