import helmet from 'helmet';
import { globalPlugin } from './global-plugin.js';

/**
 * Security headers on every answer (CSP without inline scripts), and no caching of API answers.
 *
 * Helmet's middleware is built once, here: `@fastify/helmet` built it again on every request (parsing
 * the CSP's directives each time), which was a tenth of `/api/health`'s CPU (issue 38's profile).
 */
export const securityHeaders = globalPlugin('security-headers', async (app) => {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // An image the school points to by its https:// address (the logo, a gallery photo) shows as the
        // forms promise (ADR 0087); images never run code, and the referrer policy sends them only the origin.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
});
