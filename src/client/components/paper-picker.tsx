import { Camera, Paperclip, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from './button';

const TEN_MB = 10 * 1024 * 1024;

/**
 * A paper a person sends from the phone (an atestado, a comprovante): 'Tirar foto' opens the camera,
 * 'Escolher arquivo' a photo or a PDF; the chosen file shows with a way to take it back. Too large a
 * file is refused here with `tooLarge` (the server checks again, and checks what the bytes are).
 */
export function PaperPicker({
  heading,
  noun,
  file,
  onChange,
  tooLarge,
  hint,
  inputLabel,
  inputTestId,
  chosenTestId,
  maxBytes = TEN_MB,
}: {
  /** Above the buttons, e.g. 'Atestado (opcional)'. */
  heading: string;
  /** Completes 'Tirar foto d…', 'Remover …': 'o atestado', 'o comprovante'. */
  noun: string;
  file: File | null;
  onChange: (file: File | null) => void;
  tooLarge: string;
  hint: string;
  /** The file input's accessible name (tests and screen readers reach the input by it). */
  inputLabel: string;
  inputTestId?: string;
  chosenTestId?: string;
  maxBytes?: number;
}) {
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (files: FileList | null) => {
    const chosen = files?.[0] ?? null;
    if (chosen && chosen.size > maxBytes) {
      setError(tooLarge);
      return;
    }
    setError(null);
    onChange(chosen);
  };
  const of = noun.replace(/^o /, 'do ').replace(/^a /, 'da ');
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-gray-800">{heading}</p>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => choose(event.target.files)}
      />
      <input
        ref={picker}
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        data-testid={inputTestId}
        onChange={(event) => choose(event.target.files)}
      />
      {file ? (
        <p
          data-testid={chosenTestId}
          className="flex items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm"
        >
          <span className="min-w-0 truncate">
            <Paperclip className="mr-1 inline h-4 w-4" aria-hidden="true" />
            {file.name}
          </span>
          <Button variant="secondary" onClick={() => onChange(null)} aria-label={`Remover ${noun}`}>
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => camera.current?.click()} aria-label={`Tirar foto ${of}`}>
            <Camera className="h-4 w-4" aria-hidden="true" /> Tirar foto
          </Button>
          <Button
            variant="secondary"
            onClick={() => picker.current?.click()}
            aria-label={`Escolher arquivo ${of}`}
          >
            <Paperclip className="h-4 w-4" aria-hidden="true" /> Escolher arquivo
          </Button>
        </div>
      )}
      <p className={`text-xs ${error ? 'text-red-700' : 'text-gray-600'}`} role={error ? 'alert' : undefined}>
        {error ?? hint}
      </p>
    </div>
  );
}
