import { get, useFormContext } from 'react-hook-form';

/** The message of field `name` (client validation or the server's `details`). */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const error: { message?: string } | undefined = get(formState.errors, name);
  return error?.message;
}
