import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from './errors.js';
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacters } from '../../shared/validators.js';

/** No form nests this deep; a body that does is refused before any recursive walk could overflow the stack. */
export const MAX_NESTING = 32;
export const NESTING_MESSAGE = `Dados aninhados demais: no máximo ${String(MAX_NESTING)} níveis.`;

/** Whether arrays and objects nest deeper than `max` levels (iterative: any depth is safe to ask). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Every string of every body, query string and path (object keys included) must be text: no NUL, no
 * escape codes (src/shared/validators.ts). The check runs before the route's own schema, so a route
 * cannot forget it; a violation is a 400 with the field's path, like any other validation error.
 */
const textOnly = z.unknown().superRefine((data, ctx) => {
  if (nestedDeeperThan(data, MAX_NESTING)) {
    ctx.addIssue({ code: 'custom', path: [], message: NESTING_MESSAGE });
    return;
  }
  for (const path of findControlCharacters(data)) {
    ctx.addIssue({ code: 'custom', path, message: CONTROL_CHARACTERS_MESSAGE });
  }
});

export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: textOnly.pipe(route.schema as z.ZodType) });

/**
 * The same rule for what a route reads itself, past the schema compiler: the text fields of a multipart
 * body (security review, 2026-12-07: a NUL in a justification's reason answered 500). A 400 with the
 * fields' paths, as the compiler's.
 */
export function assertTextOnly(value: unknown): void {
  const paths = findControlCharacters(value);
  if (paths.length === 0) return;
  throw new AppError(
    'VALIDATION',
    CONTROL_CHARACTERS_MESSAGE,
    paths.map((path) => ({ path: path.join('.'), message: CONTROL_CHARACTERS_MESSAGE })),
  );
}
