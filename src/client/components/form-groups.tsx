import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { parentescoLabels } from '../../shared/students.schemas';
import type { CepAddress } from '../../shared/settings.schemas';
import { api } from '../lib/api-client';
import { cepLookupFailure } from '../lib/cep-lookup';
import { usePublicSettings } from '../lib/public-settings';
import { AddressPartsFields } from './address-fields';
import { FormCheckbox, FormInput, FormMasked, FormPassword, FormSelect, MaskedInput } from './form-fields';

/**
 * Field groups that repeat across forms. Each reads the form from context; `prefix` places the group
 * inside a bigger object (the student form's `responsavel.`).
 */

/** A guardian's data: the student form, 'Adicionar responsável'. */
export function GuardianFields({ prefix = '', cpfRequired }: { prefix?: string; cpfRequired: boolean }) {
  return (
    <>
      <FormInput name={`${prefix}nome`} label="Nome do responsável" required autoComplete="off" />
      <FormSelect
        name={`${prefix}parentesco`}
        label="Parentesco"
        required
        empty="Selecione"
        options={parentescoLabels}
      />
      <FormMasked name={`${prefix}telefone`} mask="phone" label="Telefone do responsável" required />
      <FormMasked
        name={`${prefix}cpf`}
        mask="cpf"
        label={cpfRequired ? 'CPF do responsável' : 'CPF do responsável (opcional)'}
        required={cpfRequired}
      />
      <FormInput
        name={`${prefix}email`}
        label="E-mail do responsável"
        type="email"
        autoComplete="off"
        hint="Com e-mail, o responsável recebe acesso ao portal."
      />
      <AddressPartsFields prefix={prefix} legend="Endereço do responsável" />
    </>
  );
}

/** A guardian's own contact data (what they may change themselves). */
export function ContactFields() {
  return (
    <>
      <FormMasked name="telefone" mask="phone" label="Telefone" required />
      <AddressPartsFields legend="Endereço" own />
    </>
  );
}

/** 'Gerar senha automaticamente' or a typed password with its confirmation (refinePasswordChoice). */
export function PasswordChoiceFields({
  generateLabel,
  passwordLabel = 'Senha',
  confirmLabel = 'Confirmar senha',
}: {
  generateLabel: string;
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  const generate = useWatch({ name: 'gerarSenha' }) as boolean;
  return (
    <>
      <FormCheckbox name="gerarSenha" label={generateLabel} />
      {generate ? (
        <p className="text-xs text-gray-500">
          Quatro grupos de letras minúsculas e números, fáceis de ditar ou de copiar do papel.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormPassword name="senha" label={passwordLabel} autoComplete="new-password" />
          <FormPassword name="confirmacao" label={confirmLabel} autoComplete="new-password" />
        </div>
      )}
    </>
  );
}

/** An amount in reais, masked as 1.234,56. */
export function MoneyField({
  name,
  label,
  hint,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
}) {
  return <FormMasked name={name} mask="money" label={label} hint={hint} required />;
}

/** The one-line address as the school writes it, from a CEP lookup. */
export function formatAddress(found: CepAddress): string {
  return [found.logradouro, found.bairro, `${found.cidade} - ${found.uf}`, `CEP ${found.cep}`]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/**
 * An address field. When the school turned on 'Consulta de CEP' (Configurações → Sistema), a CEP box
 * beside it fills the address from the CEP; the lookup never blocks the form — typing the address by
 * hand always works, and a failed lookup only says so. Text the user typed is never overwritten.
 */
export function AddressField({ name, label }: { name: string; label: string }) {
  const { data: settings } = usePublicSettings();
  if (!settings?.consulta_cep) return <FormInput name={name} label={label} />;
  return (
    <div className="grid gap-3 sm:col-span-full sm:grid-cols-[9rem_1fr]">
      <CepLookup name={name} />
      <FormInput name={name} label={label} />
    </div>
  );
}

function CepLookup({ name }: { name: string }) {
  const { getValues, setValue } = useFormContext();
  const [cep, setCep] = useState('');
  const [status, setStatus] = useState<string | undefined>(undefined);
  const filled = useRef<string | null>(null);
  const digits = cep.replace(/\D/g, '');

  useEffect(() => {
    if (digits.length !== 8) return;
    const controller = new AbortController();
    setStatus('Buscando endereço...');
    api<CepAddress>(`/api/cep/${digits}`, { globalErrors: false, signal: controller.signal }).then(
      (found) => {
        const current = String(getValues(name) ?? '');
        // Only an empty address, or the one this lookup wrote, is replaced.
        if (current.trim() === '' || current === filled.current) {
          const address = formatAddress(found);
          filled.current = address;
          setValue(name, address, { shouldDirty: true, shouldValidate: true });
          setStatus('Endereço preenchido: confira e complete com o número.');
        } else setStatus(`${found.logradouro || found.cidade}: o endereço digitado foi mantido.`);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus(cepLookupFailure(error, 'digite o endereço'));
      },
    );
    return () => controller.abort();
  }, [digits, getValues, setValue, name]);

  return (
    <div aria-live="polite">
      <MaskedInput mask="cep" label="CEP" value={cep} onValueChange={setCep} hint={status} />
    </div>
  );
}
