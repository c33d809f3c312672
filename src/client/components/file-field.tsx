import { FileUp } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A file chooser that speaks Portuguese whatever the browser's language: the native input's own button
 * reads 'Choose File · No file chosen' in an English browser. The input stays in the tab order (hidden
 * visually, focus drawn on its label), named by the field's label; the chosen file's name shows beside.
 */
export function FileField({
  id,
  label,
  fileName,
  input,
}: {
  id: string;
  label: ReactNode;
  /** The chosen file's name, or null before one is chosen. */
  fileName: string | null;
  /** The input's own props (accept, onChange, heldChoice's, a test id). */
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'>;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-gray-800" id={`${id}-rotulo`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 text-sm font-medium text-gray-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary hover:bg-gray-50"
        >
          <FileUp className="h-4 w-4" aria-hidden="true" />
          Escolher arquivo
          <input id={id} type="file" aria-labelledby={`${id}-rotulo`} className="sr-only" {...input} />
        </label>
        <span className="min-w-0 break-all text-sm text-gray-600">
          {fileName ?? 'Nenhum arquivo escolhido'}
        </span>
      </div>
    </div>
  );
}
