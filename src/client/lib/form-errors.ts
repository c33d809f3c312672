import { get, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors (`details`) under the fields the form has; returns the message for the
 * form's banner when none of them matched a field (or the failure was not a field error).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | T,
): string | null {
  if (!(error instanceof ApiError)) return 'Erro inesperado. Tente novamente.';
  const known = (path: string) =>
    Array.isArray(fields) ? fields.includes(path) : get(fields, path) !== undefined;
  let placed = false;
  for (const detail of error.details) {
    if (known(detail.path)) {
      setError(detail.path as Path<T>, { type: 'server', message: detail.message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? null : error.message;
}

/** A schema's complaints by the field they are about (its first path segment), for a form's fields. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
}
