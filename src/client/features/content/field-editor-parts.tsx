/** What every field editor shares: the save callback, the box and input classes, the props and the field error. */

/** Saves a value; resolves when the server accepted it, rejects (already toasted) otherwise. */
export type SaveValue<T> = (value: T) => Promise<unknown>;
export const box = 'rounded-xl border border-gray-200 bg-white p-4';
export const labelClass = 'block text-sm font-medium text-gray-700';
export const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-primary focus:ring-2 focus:ring-primary/25 focus:outline-none';
/** An editor of one value that saves at once. */
export interface ValueEditorProps<T> {
  label: string;
  value: T;
  onSave: SaveValue<T>;
}
export class FieldError extends Error {
  override name = 'FieldError';
}
