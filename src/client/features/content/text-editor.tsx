/** The text field editor: read mode, then edit with Confirmar or Cancelar. */
import { useEffect, useId, useRef, useState } from 'react';
import { Check, Pencil, X } from 'lucide-react';
import { Button } from '../../components/button';
import { box, labelClass, inputClass, type SaveValue } from './field-editor-parts';

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
                <Button variant="secondary" onClick={stop} aria-disabled={saving}>
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
