import { useEffect, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerErrors } from './form-errors';

export type SchemaForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out> & {
  /** The banner's message: a failure that is not about one field. */
  formError: string | null;
  /**
   * The form's submit handler: validates with the schema, then runs `save` with the parsed values
   * (what the server will parse again). The server's field errors land on their fields; anything else
   * goes to the banner and to `onError`.
   */
  submit: (
    save: (values: Out) => Promise<void>,
    onError?: (message: string) => void,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
};

/** zod's issue codes: the `type` zodResolver gives the errors it puts on fields. */
const schemaIssueCodes = new Set([
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
]);

/**
 * The paths of the errors the schema put on fields (react-hook-form's `errors`, nested as the values
 * are); not the server's ('server') nor a screen's own: only the next answer or submit clears those.
 */
function schemaErrorPaths(errors: object, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors) as [string, unknown][]) {
    if (key === 'root' || typeof value !== 'object' || value === null) continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const { type } = value as { type?: unknown };
    if (typeof type === 'string' && schemaIssueCodes.has(type)) paths.push(path);
    const nested = Object.fromEntries(
      Object.entries(value).filter(([inner]) => !['type', 'message', 'ref', 'types'].includes(inner)),
    );
    paths.push(...schemaErrorPaths(nested, path));
  }
  return paths;
}

/**
 * One form style (docs/client.md): react-hook-form with a shared zod schema — the same one the server
 * parses with — so the browser shows the server's own messages before the request is sent.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): SchemaForm<z.input<S>, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never),
    defaultValues,
  });
  const [formError, setFormError] = useState<string | null>(null);
  // react-hook-form checks again only the field that changed; an error the schema put on another field
  // because of this one ('O recesso deve ficar dentro do ano letivo' when the year's end moves, a série
  // of another stage when the nível changes) would stay after it is fixed. Once submitted, a change
  // checks again every field that shows a schema error.
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change' || !form.formState.isSubmitted) return;
      const stale = schemaErrorPaths(form.formState.errors);
      if (stale.length > 0) void form.trigger(stale as Path<z.input<S>>[]);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const submit: SchemaForm<z.input<S>, z.output<S>>['submit'] = (save, onError) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await save(values);
      } catch (error) {
        const message = applyServerErrors(error, form.setError, form.getValues());
        setFormError(message);
        onError?.(message ?? 'Verifique os campos destacados.');
      }
    });
  return { ...form, formError, submit };
}
