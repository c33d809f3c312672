import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's field errors under the fields; returns the message for the form when none matched. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return 'Erro inesperado. Tente novamente.';
  let placed = false;
  for (const detail of error.details) {
    if (fields.includes(detail.path)) {
      setError(detail.path as Path<T>, { type: 'server', message: detail.message });
      placed = true;
    }
  }
  return placed ? null : error.message;
}
