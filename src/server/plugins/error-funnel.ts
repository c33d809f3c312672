import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { messages, type ApiFailure, type FieldError } from '../../shared/api.js';
import { AppError } from '../lib/errors.js';
import { globalPlugin } from './global-plugin.js';

/** The failure envelope every /api error answers with (docs/architecture.md). */
export function failure(message: string, code: ApiFailure['code'], details?: FieldError[]): ApiFailure {
  return details && details.length > 0
    ? { success: false, message, code, details }
    : { success: false, message, code };
}

function fieldPath(instancePath: string | undefined, fallback: string): string {
  const trimmed = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return trimmed === '' ? fallback : trimmed;
}

/**
 * One error funnel: `AppError` → its status and Portuguese message; validation → 400 with field paths;
 * the framework's own 4xx → the envelope; anything else → logged with the request, 500 with no detail.
 */
export const errorFunnel = globalPlugin('error-funnel', async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.status).send(failure(error.message, error.code, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fallback = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath, fallback),
        message: issue.message ?? messages.validation,
      }));
      const message = details.length === 1 ? details[0]!.message : messages.validation;
      return reply.status(400).send(failure(message, 'VALIDATION', details));
    }
    if (error instanceof ZodError) {
      const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return reply
        .status(400)
        .send(failure(details[0]?.message ?? messages.validation, 'VALIDATION', details));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(failure(messages.payloadTooLarge, 'PAYLOAD_TOO_LARGE'));
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(failure(messages.unsupportedMediaType, 'UNSUPPORTED_MEDIA_TYPE'));
    }
    if (status === 429) {
      return reply.status(429).send(failure(messages.rateLimited, 'RATE_LIMITED'));
    }
    if (status >= 400 && status < 500) {
      // Errors thrown by libraries may carry no code at all, whatever FastifyError's type says.
      const code = (error as { code?: string }).code;
      const message = code?.startsWith('FST_ERR_CTP') ? messages.malformedJson : messages.validation;
      return reply.status(400).send(failure(message, 'VALIDATION'));
    }
    request.log.error({ err: error, req: request }, 'erro interno');
    return reply.status(500).send(failure(messages.internal, 'INTERNAL'));
  });
});
