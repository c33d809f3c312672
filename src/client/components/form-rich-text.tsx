import { useRef, useState, type ComponentType } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Bold, Eye, Link2, List } from 'lucide-react';
import { insertLink, toggleBold, toggleList, type TextEdit } from '../lib/text-formatting';
import { TextAreaField } from './field';
import { useFieldError } from './form-field-error';
import { RichText } from './rich-text';

const tool =
  'inline-flex min-h-11 items-center gap-1 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary sm:min-h-9';

function ToolButton({
  icon: Icon,
  label,
  onClick,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  label: string;
  onClick: () => void;
}) {
  return (
    // The text keeps its selection: pressing the button must not take the focus from it first.
    <button type="button" className={tool} onMouseDown={(event) => event.preventDefault()} onClick={onClick}>
      <Icon className="h-4 w-4" aria-hidden /> {label}
    </button>
  );
}

/**
 * A notice's text with its formatting as buttons — Negrito, Lista, Link — instead of marks to learn
 * (`**`, `- `, `[ ](…)`), and 'Ver como fica': the text as the families will read it. Stored as typed
 * (shared/rich-text.ts), so what the buttons write is what the hint used to explain.
 */
export function FormRichTextArea({
  name,
  label,
  required,
  rows,
  maxLength,
}: {
  name: string;
  label: string;
  required?: boolean;
  rows?: number;
  maxLength?: number;
}) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [preview, setPreview] = useState(false);
  const value = typeof field.value === 'string' ? field.value : '';
  const apply = (edit: (text: TextEdit) => TextEdit) => {
    const element = area.current;
    if (!element) return;
    const next = edit({ value, start: element.selectionStart, end: element.selectionEnd });
    field.onChange(next.value);
    // After React wrote the new text: the caret (or the words to type over) where the edit says.
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <div>
      <TextAreaField
        ref={(element) => {
          area.current = element;
          field.ref(element);
        }}
        name={field.name}
        label={label}
        required={required}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={error}
        hint="Selecione um trecho e use os botões; “Ver como fica” mostra a mensagem como as famílias vão ler."
        toolbar={
          <div role="toolbar" aria-label="Formatação do texto" className="flex flex-wrap gap-1">
            <ToolButton icon={Bold} label="Negrito" onClick={() => apply(toggleBold)} />
            <ToolButton icon={List} label="Lista" onClick={() => apply(toggleList)} />
            <ToolButton icon={Link2} label="Link" onClick={() => apply(insertLink)} />
            <button
              type="button"
              className={`${tool} ${preview ? 'border-primary text-primary-strong' : ''}`}
              aria-pressed={preview}
              onClick={() => setPreview((shown) => !shown)}
            >
              <Eye className="h-4 w-4" aria-hidden /> Ver como fica
            </button>
          </div>
        }
      />
      {preview && (
        <section
          aria-label="Como as famílias vão ler"
          className="mt-2 rounded-lg border border-dashed border-gray-300 bg-gray-50 p-3"
        >
          {value.trim() ? (
            <RichText source={value} />
          ) : (
            <p className="text-sm text-gray-500">A mensagem aparece aqui enquanto você escreve.</p>
          )}
        </section>
      )}
    </div>
  );
}
