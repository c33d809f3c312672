/**
 * A person's address in parts (ADR 0058): CEP first — when the school turned on 'Consulta de CEP' it
 * fills rua, bairro, cidade and UF — then número and complemento. The boleto and the bank's file need
 * every part; an older record typed in one line shows that line until the parts are filled.
 */
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ENDERECO_LIMITES, UFS, formatCep, type EnderecoPartes } from '../../shared/endereco.schemas';
import type { CepAddress } from '../../shared/settings.schemas';
import { api } from '../lib/api-client';
import { cepLookupFailure } from '../lib/cep-lookup';
import { usePublicSettings } from '../lib/public-settings';
import { FormInput, FormMasked, FormSelect } from './form-fields';

const ufOptions: Record<string, string> = Object.fromEntries(UFS.map((uf) => [uf, uf]));

/** What the lookup may fill: the form's field and the CEP service's answer for it. */
const LOOKED_UP = ['logradouro', 'bairro', 'cidade', 'uf'] as const;

/**
 * The parts typed between the CEP and the UF, in the form's order: the width each takes on the grid and
 * the browser's autofill token (the número has none: autofill stays off for it).
 */
const TYPED_PARTS: readonly {
  part: keyof typeof ENDERECO_LIMITES;
  span: string;
  label: string;
  hint?: string;
  token?: string;
}[] = [
  { part: 'logradouro', span: 'sm:col-span-4', label: 'Rua (logradouro)', token: 'address-line1' },
  { part: 'numero', span: 'sm:col-span-2', label: 'Número', hint: 'Sem número? Digite s/n.' },
  { part: 'complemento', span: 'sm:col-span-4', label: 'Complemento (opcional)', token: 'address-line2' },
  { part: 'bairro', span: 'sm:col-span-2', label: 'Bairro', token: 'address-level3' },
  { part: 'cidade', span: 'sm:col-span-3', label: 'Cidade', token: 'address-level2' },
];

/**
 * The form values of a saved address: its parts, and its one-line address only when it has no parts
 * (the line of an address in parts is derived by the server, so clearing the parts clears it).
 */
export function addressFormValues(saved: Partial<EnderecoPartes> & { endereco?: string | null }) {
  const hasParts = Boolean(saved.cep);
  return {
    endereco: hasParts ? '' : (saved.endereco ?? ''),
    cep: saved.cep ? formatCep(saved.cep) : '',
    logradouro: saved.logradouro ?? '',
    numero: saved.numero ?? '',
    complemento: saved.complemento ?? '',
    bairro: saved.bairro ?? '',
    cidade: saved.cidade ?? '',
    uf: saved.uf ?? '',
  };
}

/**
 * The address fields of a form (its schema has `endereco` and the parts; `prefix` places them inside a
 * bigger object, the student form's `responsavel.`). `own`: the person types their own address, so the
 * browser may offer to fill it.
 */
export function AddressPartsFields({
  prefix = '',
  legend,
  own = false,
}: {
  prefix?: string;
  legend: string;
  own?: boolean;
}) {
  const { data: settings } = usePublicSettings();
  const lookup = settings?.consulta_cep === true;
  const { getValues, setValue, setFocus } = useFormContext();
  const name = (part: string) => `${prefix}${part}`;
  const cep = useWatch({ name: name('cep') }) as string | undefined;
  const digits = (cep ?? '').replace(/\D/g, '');
  // The one-line address of an older record, as the form opened (the parts replace it once filled).
  const [legacyLine] = useState(() => String(getValues(name('endereco')) ?? '').trim());
  const parts = useWatch({ name: [name('logradouro'), name('numero'), name('bairro'), name('cidade')] }) as (
    string | undefined
  )[];
  const partsTyped = digits !== '' || parts.some((part) => (part ?? '').trim() !== '');
  const [status, setStatus] = useState<string | undefined>(undefined);
  // The CEP the form opened with is not looked up again; what a lookup wrote may be replaced by the next.
  const openedWith = useRef(digits);
  const filled = useRef<Record<string, string>>({});
  const auto = (token: string) => (own ? token : 'off');

  useEffect(() => {
    if (!lookup || digits.length !== 8 || digits === openedWith.current) return;
    openedWith.current = '';
    const controller = new AbortController();
    setStatus('Buscando o endereço do CEP...');
    api<CepAddress>(`/api/cep/${digits}`, { globalErrors: false, signal: controller.signal }).then(
      (found) => {
        const kept: string[] = [];
        for (const part of LOOKED_UP) {
          const value = found[part];
          if (!value) continue;
          const current = String(getValues(name(part)) ?? '').trim();
          if (current === '' || current === filled.current[part]) {
            setValue(name(part), value, { shouldDirty: true, shouldValidate: current !== '' });
            filled.current[part] = value;
          } else if (current !== value) kept.push(part);
        }
        const where = [found.logradouro, found.bairro, `${found.cidade}/${found.uf}`]
          .filter(Boolean)
          .join(', ');
        setStatus(
          kept.length > 0
            ? `CEP de ${where}. O que já estava digitado foi mantido: confira.`
            : `Endereço encontrado: ${where}. Complete o número.`,
        );
        // Typing the CEP and going on to the number is the whole job: the focus goes there once.
        const numero = String(getValues(name('numero')) ?? '').trim();
        const focused = document.activeElement?.getAttribute('name');
        if (numero === '' && focused === name('cep')) setFocus(name('numero'));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus(cepLookupFailure(error));
      },
    );
    return () => controller.abort();
    // `name` is derived from `prefix`; the lookup runs once per CEP typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [digits, lookup, prefix, getValues, setValue, setFocus]);

  return (
    <fieldset className="grid gap-3 rounded-lg border border-gray-200 p-3 sm:col-span-full sm:grid-cols-6">
      <legend className="px-1 text-sm font-semibold text-gray-800">{legend}</legend>
      {legacyLine && !partsTyped && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 sm:col-span-6">
          Endereço registrado em uma linha: <span className="font-medium">{legacyLine}</span>. Para o boleto,
          preencha os campos abaixo (a linha é substituída por eles).
        </p>
      )}
      <div className="sm:col-span-2" aria-live="polite">
        <FormMasked
          name={name('cep')}
          mask="cep"
          label="CEP"
          autoComplete={auto('postal-code')}
          hint={status ?? (lookup ? 'Digite o CEP: rua, bairro, cidade e UF são preenchidos.' : undefined)}
        />
      </div>
      {TYPED_PARTS.map(({ part, span, label, hint, token }) => (
        <div key={part} className={span}>
          <FormInput
            name={name(part)}
            label={label}
            hint={hint}
            autoComplete={token ? auto(token) : 'off'}
            maxLength={ENDERECO_LIMITES[part]}
          />
        </div>
      ))}
      <div className="sm:col-span-1">
        <FormSelect
          name={name('uf')}
          label="UF"
          empty="—"
          options={ufOptions}
          autoComplete={auto('address-level1')}
        />
      </div>
    </fieldset>
  );
}
