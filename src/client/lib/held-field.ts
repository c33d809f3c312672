/**
 * A form field held while something saves, instead of `disabled`: a focused field that turns disabled
 * drops the keyboard focus to <body> (Chromium and Firefox do), and a keyboard or screen-reader user loses
 * their place in the form. A held field keeps the focus and says it waits (`aria-disabled`), the way
 * `Button` holds its buttons; `disabled` stays for what cannot be done at all (no permission, not
 * applicable, the photo's limit reached).
 */
import type { ChangeEvent, MouseEvent } from 'react';

/** A text field (input, textarea) held: read-only, so what was typed is kept and nothing new goes in. */
export function heldText(held: boolean): { readOnly?: true; 'aria-disabled'?: true } {
  return held ? { readOnly: true, 'aria-disabled': true } : {};
}

type Choice = HTMLInputElement | HTMLSelectElement;

/**
 * A select, a checkbox or a file input held: these have no read-only, so the change is ignored here.
 * A click opens no file picker and ticks no box; a change that comes anyway (a select's arrow keys) is
 * not passed on, and a chosen file is forgotten. A held select should be controlled (`value`): React
 * puts its value back after the ignored change.
 */
export function heldChoice<E extends Choice>(
  held: boolean,
  onChange?: (event: ChangeEvent<E>) => unknown,
): {
  'aria-disabled'?: true;
  onClick: (event: MouseEvent<E>) => void;
  onChange: (event: ChangeEvent<E>) => void;
} {
  return {
    ...(held ? { 'aria-disabled': true as const } : {}),
    onClick: (event) => {
      if (held) event.preventDefault();
    },
    onChange: (event) => {
      if (!held) {
        void onChange?.(event);
        return;
      }
      const target: Choice = event.target;
      if (target instanceof HTMLInputElement && target.type === 'file') target.value = '';
    },
  };
}
