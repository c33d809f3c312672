/**
 * The pieces the bank settings share (Configurações → Financeiro: boleto, débito automático): the
 * service's section with its state badge, its form, and the school's account at the bank.
 */
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { InputField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { issuesByField } from '../../lib/form-errors';

/** The school's account at its bank: agência and conta, digits only, as typed. */
export interface BankAccount {
  agencia: string;
  conta: string;
}

/** The account as the settings keep it (null when not yet given), for the form's fields. */
export const bankAccountOf = (config: { agencia: string | null; conta: string | null }): BankAccount => ({
  agencia: config.agencia ?? '',
  conta: config.conta ?? '',
});

/**
 * The school's account at its bank, as the bank settings ask it (boleto, débito automático): agência
 * and conta, digits only, required while the service is on, each with the message about it.
 */
export function BankAccountFields({
  account,
  onChange,
  erros,
  required,
  agenciaLabel = 'Agência',
  contaLabel = 'Conta (só números)',
}: {
  account: BankAccount;
  onChange: (account: BankAccount) => void;
  erros: Record<string, string>;
  required: boolean;
  agenciaLabel?: string;
  contaLabel?: string;
}) {
  return (
    <>
      <InputField
        label={agenciaLabel}
        inputMode="numeric"
        value={account.agencia}
        onChange={(event) => onChange({ ...account, agencia: event.target.value })}
        error={erros.agencia}
        required={required}
      />
      <InputField
        label={contaLabel}
        inputMode="numeric"
        value={account.conta}
        onChange={(event) => onChange({ ...account, conta: event.target.value })}
        error={erros.conta}
        required={required}
      />
    </>
  );
}

/** A bank service's section: its title with the badge of its state, then what it explains and asks. */
export function BankServiceSection({
  titleId,
  title,
  badge,
  children,
}: {
  titleId: string;
  title: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-gray-900">
          {title}
        </h3>
        {badge}
      </div>
      {children}
    </section>
  );
}

/**
 * Saving a bank service's settings: the values checked by the shared schema first (its messages under the
 * fields), then sent; the bank's rules the server checks come back under the fields too, and the outcome
 * is said in a toast.
 */
export function useBankSettingsSave<S extends z.ZodType>(
  schema: S,
  save: UseMutationResult<{ message?: string | undefined }, Error, z.infer<S>>,
): { erros: Record<string, string>; submit: (values: z.input<S>) => void } {
  const [erros, setErros] = useState<Record<string, string>>({});
  const submit = (values: z.input<S>) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErros(issuesByField(parsed.error.issues));
      return;
    }
    setErros({});
    save.mutate(parsed.data, {
      onSuccess: (result) => toast.success(result.message ?? 'Configurações salvas.'),
      onError: (error) => {
        if (error instanceof ApiError && error.details.length > 0)
          setErros(Object.fromEntries(error.details.map((detail) => [detail.path, detail.message])));
        toast.error(error.message);
      },
    });
  };
  return { erros, submit };
}

/** A bank service's form, named for screen readers; the browser's own checks give way to the schema's. */
export function BankSettingsForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
