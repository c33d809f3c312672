/** An input with a mask (documents, phones), used by the form fields. */
import { useCallback, useLayoutEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  applyMask,
  caretAfter,
  maskInputModes,
  maskPlaceholders,
  significantCount,
  type MaskKind,
} from '../lib/masks';
import { InputField } from './field';

export type MaskedInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'label'
> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  mask: MaskKind;
  value: string;
  onValueChange: (value: string) => void;
  ref?: (input: HTMLInputElement | null) => void;
};
/** The masked input itself, for a value that is not a form field (the CEP of an address lookup). */
export function MaskedInput({ mask, value, onValueChange, ref, ...props }: MaskedInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  // After reformatting, the caret goes back after the same characters the user had before it.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current !== null && input.current === document.activeElement) {
      input.current?.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });
  const setRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      ref?.(element);
    },
    [ref],
  );

  return (
    <InputField
      inputMode={maskInputModes[mask]}
      placeholder={maskPlaceholders[mask]}
      autoComplete="off"
      {...props}
      ref={setRef}
      value={value}
      onChange={(event) => {
        const typed = event.target.value;
        const before = significantCount(mask, typed.slice(0, event.target.selectionStart ?? typed.length));
        const masked = applyMask(mask, typed);
        caret.current = caretAfter(mask, masked, before);
        onValueChange(masked);
      }}
    />
  );
}
