import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { ImagePicker, MediaLibraryButton } from '../../domain/media-library';
import {
  box,
  labelClass,
  inputClass,
  FieldError,
  type SaveValue,
  type ValueEditorProps,
} from './field-editor-parts';
export { TextEditor } from './text-editor';
export { type SaveValue } from './field-editor-parts';

/** Numbers typed as text: '' stays empty when allowed. */
export function numberParser(options: { optional?: boolean; min?: number; max?: number; integer?: boolean }) {
  return (text: string): number | '' => {
    const trimmed = text.trim().replace(',', '.');
    if (trimmed === '') {
      if (options.optional) return '';
      throw new FieldError('Informe um número.');
    }
    const value = Number(trimmed);
    if (!Number.isFinite(value) || (options.integer && !Number.isInteger(value)))
      throw new FieldError('Informe um número válido.');
    if (options.min !== undefined && value < options.min) throw new FieldError(`Mínimo ${options.min}.`);
    if (options.max !== undefined && value > options.max) throw new FieldError(`Máximo ${options.max}.`);
    return value;
  };
}

/** Images save as soon as they are uploaded, chosen from the library or removed. */
export function ImageEditor({ label, value, onSave }: ValueEditorProps<string>) {
  return (
    <div className={box}>
      <p className={labelClass}>{label}</p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {value ? (
          <img
            src={value}
            alt={`Prévia: ${label}`}
            className="h-20 w-32 rounded-lg bg-gray-100 object-cover"
          />
        ) : (
          <span className="flex h-20 w-32 items-center justify-center rounded-lg bg-gray-100 text-xs text-gray-600">
            Sem imagem
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <ImagePicker label={`Enviar ${label.toLowerCase()}`} onUploaded={(url) => onSave(url)} />
          <MediaLibraryButton onPick={(url) => onSave(url).catch(() => undefined)} />
          {value && (
            <Button variant="ghost" onClick={() => void onSave('').catch(() => undefined)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remover
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Colours save shortly after the picker stops moving. */
export function ColorEditor({ label, value, onSave }: ValueEditorProps<string>) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  function handleChange(next: string) {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void onSave(next.toUpperCase()).catch(() => setDraft(value)), 500);
  }
  return (
    <div className={`${box} flex items-center justify-between gap-3`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <span className="flex items-center gap-2">
        <code className="text-sm text-gray-700">{draft.toUpperCase()}</code>
        <input
          id={id}
          type="color"
          value={draft}
          onChange={(event) => handleChange(event.target.value)}
          className="h-10 w-14 cursor-pointer rounded border border-gray-300"
        />
      </span>
    </div>
  );
}

export function CheckboxEditor({ label, value, onSave }: ValueEditorProps<boolean>) {
  const id = useId();
  return (
    <div className={`${box} flex items-center gap-3`}>
      <input
        id={id}
        type="checkbox"
        checked={value}
        onChange={(event) => void onSave(event.target.checked).catch(() => undefined)}
        className="h-5 w-5 rounded border-gray-300 accent-[var(--color-primary)]"
      />
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
    </div>
  );
}

export function SelectEditor({
  label,
  value,
  options,
  onSave,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onSave: SaveValue<string>;
}) {
  const id = useId();
  return (
    <div className={box}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => void onSave(event.target.value).catch(() => undefined)}
        className={`${inputClass} mt-2`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function EditorGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 text-sm font-semibold tracking-wide text-gray-600 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}
