import {
  useCallback,
  useLayoutEffect,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import {
  FormProvider,
  useController,
  useFormContext,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { applyMask } from '../lib/masks';
import type { SchemaForm } from '../lib/use-schema-form';
import { ErrorBanner } from './feedback';
import { InputField, SelectField, TextAreaField } from './field';
import { PasswordInput } from './password-input';
import { MaskedInput, type MaskedInputProps } from './masked-input';
import { useFieldError } from './form-field-error';
export { MaskedInput } from './masked-input';
export { FormCheckbox, FormCheckboxGroup } from './form-checkboxes';

interface Labelled {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
}

/**
 * A form of the one style: the schema form's context, `<form noValidate>` and its error banner. Field
 * components below read the form from context, so a form is a list of named fields.
 */
export function Form<In extends FieldValues, Out>({
  form,
  onSubmit,
  id,
  className = 'space-y-4',
  label,
  children,
}: {
  form: SchemaForm<In, Out>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  id?: string;
  className?: string;
  /** Names the form for assistive technology (and tests) when the page holds more than one. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form
        id={id}
        aria-label={label}
        noValidate
        className={className}
        onSubmit={(event) => {
          // A form inside another (e.g. inside a dialog's form) must not submit the outer one.
          event.stopPropagation();
          void onSubmit(event);
        }}
      >
        {form.formError && (
          <div className="sm:col-span-full">
            <ErrorBanner>{form.formError}</ErrorBanner>
          </div>
        )}
        {children}
      </form>
    </FormProvider>
  );
}

type InputProps = Labelled &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
    setValueAs?: RegisterOptions['setValueAs'];
    trailing?: ReactNode;
    labelHidden?: boolean;
  };

export function FormInput({ name, setValueAs, ...props }: InputProps) {
  const { register } = useFormContext();
  return <InputField {...props} error={useFieldError(name)} {...register(name, { setValueAs })} />;
}

export function FormPassword({
  name,
  ...props
}: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { register } = useFormContext();
  return <PasswordInput {...props} error={useFieldError(name)} {...register(name)} />;
}

type SelectProps = Labelled &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & {
    /** value → label (a shared `…Labels` map); the options come in its order. */
    options?: Readonly<Record<string, string>>;
    /** A first option with the empty value ('Selecione', 'Sem turma'). */
    empty?: string;
    /** Store the empty value as null (an optional reference such as turma_id). */
    emptyAsNull?: boolean;
  };

export function FormSelect({ name, options, empty, emptyAsNull, children, ...props }: SelectProps) {
  const { register, getValues } = useFormContext();
  const field = register(
    name,
    emptyAsNull ? { setValueAs: (value: string) => (value === '' ? null : value) } : {},
  );
  const select = useRef<HTMLSelectElement | null>(null);
  const { ref: registerRef } = field;
  const ref = useCallback(
    (element: HTMLSelectElement | null) => {
      registerRef(element);
      select.current = element;
    },
    [registerRef],
  );
  // Options that arrive after the form (teachers loaded by a query) find the DOM select already set to
  // its first option: the browser cannot select a value it does not list yet. Show the form's value
  // once its option exists, or the screen says 'Sem professor' while the form keeps the teacher.
  useLayoutEffect(() => {
    const element = select.current;
    const value: unknown = getValues(name);
    const wanted = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    if (element && element.value !== wanted && [...element.options].some((option) => option.value === wanted))
      element.value = wanted;
  });
  return (
    <SelectField {...props} error={useFieldError(name)} {...field} ref={ref}>
      {empty !== undefined && <option value="">{empty}</option>}
      {options &&
        Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      {children}
    </SelectField>
  );
}

export function FormTextArea({
  name,
  ...props
}: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const { register } = useFormContext();
  return <TextAreaField {...props} error={useFieldError(name)} {...register(name)} />;
}

/**
 * A masked input (CPF, CNPJ, phone, CEP, R$) bound to a form field: the mask formats as the user types;
 * the form holds the masked text and the schema turns it into what the server stores.
 */
export function FormMasked({
  name,
  ...props
}: Labelled & Omit<MaskedInputProps, 'value' | 'onValueChange' | 'error'>) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  return (
    <MaskedInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={typeof field.value === 'string' ? applyMask(props.mask, field.value) : ''}
      onValueChange={field.onChange}
      onBlur={field.onBlur}
      error={useFieldError(name)}
    />
  );
}
