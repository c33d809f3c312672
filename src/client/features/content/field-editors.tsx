import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { Button } from '../../components/button';
import { ImagePicker, MediaLibraryButton } from '../../domain/media-library';

/** Saves a value; resolves when the server accepted it, rejects (already toasted) otherwise. */
export type SaveValue<T> = (value: T) => Promise<unknown>;

const box = 'rounded-xl border border-gray-200 bg-white p-4';
const labelClass = 'block text-sm font-medium text-gray-700';
const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-primary focus:ring-2 focus:ring-primary/25 focus:outline-none';

/** An editor of one value that saves at once. */
interface ValueEditorProps<T> {
  label: string;
  value: T;
  onSave: SaveValue<T>;
}

/** Text fields: read mode, then edit with Confirmar or Cancelar (spec 'Content management'). */
export function TextEditor({
  label,
  value,
  onSave,
  multiline = false,
  type = 'text',
  hint,
  parse,
}: {
  label: string;
  value: string;
  onSave: SaveValue<string>;
  multiline?: boolean;
  type?: 'text' | 'email' | 'number' | 'url' | 'tel';
  hint?: string;
  /** Turns the typed text into the stored value (numbers); throws a message to refuse it. */
  parse?: (text: string) => unknown;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Leaving the editor removes the input that had the focus: it goes back to 'Editar', not to <body>.
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  function start() {
    setDraft(value);
    setError(null);
    setEditing(true);
  }

  function stop() {
    refocus.current = true;
    setEditing(false);
  }

  async function confirm() {
    setSaving(true);
    try {
      await onSave(parse ? (parse(draft) as string) : draft);
      stop();
    } catch (caught) {
      if (caught instanceof Error) setError(caught.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={box}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          {editing ? (
            <label htmlFor={id} className={labelClass}>
              {label}
            </label>
          ) : (
            <p className={labelClass}>{label}</p>
          )}
          {editing ? (
            <div className="mt-2 space-y-2">
              {multiline ? (
                <textarea
                  id={id}
                  rows={draft.length > 1000 ? 18 : 4}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  className={inputClass}
                  // The editor opens on the user's click: the caret goes where they are about to type.
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus
                />
              ) : (
                <input
                  id={id}
                  type={type}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') void confirm();
                    if (event.key === 'Escape') stop();
                  }}
                  className={inputClass}
                  // The editor opens on the user's click: the caret goes where they are about to type.
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus
                />
              )}
              {hint && <p className="text-xs text-gray-500">{hint}</p>}
              {error && (
                <p className="text-sm text-red-600" role="alert">
                  {error}
                </p>
              )}
              <div className="flex gap-2">
                <Button onClick={() => void confirm()} loading={saving}>
                  <Check className="h-4 w-4" aria-hidden="true" />
                  Confirmar
                </Button>
                <Button variant="secondary" onClick={stop} disabled={saving}>
                  <X className="h-4 w-4" aria-hidden="true" />
                  Cancelar
                </Button>
              </div>
            </div>
          ) : (
            <p className="mt-1 break-words whitespace-pre-line text-gray-900">
              {value === '' ? <span className="text-gray-500 italic">(vazio)</span> : value}
            </p>
          )}
        </div>
        {!editing && (
          <Button ref={editButton} variant="secondary" onClick={start} aria-label={`Editar ${label}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Editar
          </Button>
        )}
      </div>
    </div>
  );
}

export class FieldError extends Error {
  override name = 'FieldError';
}

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
