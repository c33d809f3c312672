import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
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
