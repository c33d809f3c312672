import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacters } from '../../shared/validators.js';

/**
 * Every string of every body, query string and path (object keys included) must be text: no NUL, no
 * escape codes (src/shared/validators.ts). The check runs before the route's own schema, so a route
 * cannot forget it; a violation is a 400 with the field's path, like any other validation error.
 */
const textOnly = z.unknown().superRefine((data, ctx) => {
  for (const path of findControlCharacters(data)) {
    ctx.addIssue({ code: 'custom', path, message: CONTROL_CHARACTERS_MESSAGE });
  }
});

export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: textOnly.pipe(route.schema as z.ZodType) });
