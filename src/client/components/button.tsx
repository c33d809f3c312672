import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Loader2 } from 'lucide-react';
import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-primary-strong text-white hover:brightness-110 focus-visible:outline-primary-strong',
  secondary: 'bg-white text-gray-800 border border-gray-300 hover:bg-gray-50 focus-visible:outline-primary',
  danger: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-gray-700 hover:bg-gray-100 focus-visible:outline-primary',
};

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * The base's size, except what the caller's classes set: Tailwind orders utilities by its own rules, not
 * by their place in the class list, so a caller's `px-2` beside the base's `px-4` lost, silently.
 */
export function sizeClasses(className: string): string {
  const own = className.split(/\s+/);
  const sets = (prefix: string) => own.some((name) => name.startsWith(prefix));
  return [sets('min-h-') ? '' : 'min-h-10', sets('px-') ? '' : 'px-4', sets('py-') ? '' : 'py-2']
    .filter(Boolean)
    .join(' ');
}

/** A link to another screen that looks like a button (the next step of an empty state). */
export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: Variant }) {
  return (
    <Link
      className={`${buttonBase} ${sizeClasses(className)} ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
}

/**
 * While `loading`, the button is aria-disabled and ignores clicks, but is not `disabled`: a disabled button
 * drops the keyboard focus to <body> (Entrar with a wrong password, Salvar on the roll), and the person had
 * to find their place again. Cancelling the click also cancels the form's submission, including the one
 * Enter in a field makes (implicit submission clicks the default button), so nothing is sent twice.
 * A button that is only unavailable while something else saves (a dialog's Cancelar, the roll's 'Todos
 * presentes') takes `aria-disabled` instead of `disabled`, for the same reason, and is held the same way,
 * without the spinner. `disabled` stays for what cannot be done at all (nothing chosen yet, no permission).
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    loading = false,
    className = '',
    disabled,
    children,
    type = 'button',
    onClick,
    'aria-disabled': ariaDisabled,
    ...props
  },
  ref,
) {
  const held = loading || ariaDisabled === true || ariaDisabled === 'true';
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled === true}
      aria-disabled={held || undefined}
      aria-busy={loading || undefined}
      className={`${buttonBase} ${sizeClasses(className)} disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${variants[variant]} ${className}`}
      onClick={(event) => {
        if (held) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {loading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  );
});

/** An icon's button; held by `aria-disabled` while something saves, as `Button` is. */
export function IconButton({
  label,
  className = '',
  children,
  onClick,
  'aria-disabled': ariaDisabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  const held = ariaDisabled === true || ariaDisabled === 'true';
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={held || undefined}
      className={`inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-600 transition sm:h-9 sm:w-9 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${className}`}
      onClick={(event) => {
        if (held) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {children}
    </button>
  );
}
