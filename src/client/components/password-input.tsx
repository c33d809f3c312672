import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { InputField } from './field';

type PasswordInputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A password field with the show/hide toggle the login screen has. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <InputField
        ref={ref}
        type={visible ? 'text' : 'password'}
        {...props}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            disabled={props.disabled}
            aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
            aria-pressed={visible}
            className="rounded-md p-2 text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
          >
            {visible ? (
              <EyeOff className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Eye className="h-5 w-5" aria-hidden="true" />
            )}
          </button>
        }
      />
    );
  },
);
