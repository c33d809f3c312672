import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * The buttons `names` of `dialog` wait held while it works: focusable and aria-disabled (a disabled one
 * drops the focus), a click or Enter on each does nothing, and the dialog stays open.
 */
export async function expectHeld(dialog: HTMLElement, names: string[]) {
  const user = userEvent.setup();
  for (const name of names) {
    const button = within(dialog).getByRole('button', { name });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(button).toHaveFocus();
  }
  expect(dialog).toBeInTheDocument();
}
