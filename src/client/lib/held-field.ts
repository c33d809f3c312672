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
 * A select, a checkbox or a file input held: these have no read-only, so the change is ignored here
 * instead. A click opens no file picker; a box's tick is put back and not passed on (a click's default
 * is not prevented for a box: React's controlled box would then show the opposite of its state); a
 * select's change is not passed on, so a held select should be controlled (`value`): React puts its
 * value back.
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
      if (held && isFile(event.currentTarget)) event.preventDefault();
    },
    onChange: (event) => {
      if (!held) {
        void onChange?.(event);
        return;
      }
      const target: Choice = event.target;
      if (isFile(target)) target.value = '';
      else if (target instanceof HTMLInputElement && target.type === 'checkbox')
        target.checked = !target.checked;
    },
  };
}

const isFile = (element: Choice) => element instanceof HTMLInputElement && element.type === 'file';
