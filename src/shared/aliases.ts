import { z } from 'zod';

type Key<Shape> = Extract<keyof Shape, string>;

/**
 * An object schema that also takes, for some fields, the name an issue gave them (issue 14 named the
 * grade grid's period `?periodo=`, the API took only `periodo_id`): each alias is read as its field, and
 * what comes out has only the field's name, so the routes and services never see the alias. Both names
 * with different values is a 400 on the alias; a required field given by neither name is the usual
 * 'Campo obrigatório' on the field. Unknown names are refused as in any strict object.
 */
export function withAliases<
  Shape extends Record<string, z.ZodType>,
  Aliases extends Record<string, Key<Shape>>,
>(shape: Shape, aliases: Aliases) {
  const fields: Record<string, z.ZodType> = {};
  const required = new Set<string>();
  for (const [name, field] of Object.entries(shape)) {
    const optional = field.safeParse(undefined).success;
    if (!optional) required.add(name);
    fields[name] = optional ? field : field.optional();
  }
  for (const [alias, name] of Object.entries(aliases)) fields[alias] = fields[name]!;
  return z
    .strictObject(fields)
    .superRefine((input, context) => {
      for (const [alias, name] of Object.entries(aliases)) {
        const given = input[alias];
        const canonical = input[name];
        if (given !== undefined && canonical !== undefined && given !== canonical)
          context.addIssue({
            code: 'custom',
            path: [alias],
            message: `Informe ${name} ou ${alias}, não os dois com valores diferentes`,
          });
      }
      for (const name of required) {
        const byAlias = Object.entries(aliases).some(
          ([alias, target]) => target === name && input[alias] !== undefined,
        );
        if (input[name] === undefined && !byAlias)
          context.addIssue({ code: 'custom', path: [name], message: 'Campo obrigatório' });
      }
    })
    .transform((input) => {
      const names = new Set(Object.keys(aliases));
      const output = Object.fromEntries(Object.entries(input).filter(([key]) => !names.has(key)));
      for (const [alias, name] of Object.entries(aliases))
        if (output[name] === undefined && input[alias] !== undefined) output[name] = input[alias];
      // The fields' own schemas parsed every value; the refinement made the required ones present.
      return output as z.output<z.ZodObject<Shape, z.core.$strict>>;
    });
}
