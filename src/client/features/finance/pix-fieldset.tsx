import { useWatch } from 'react-hook-form';
import { PIX_BENEFICIARIO_MAX, PIX_CIDADE_MAX, samePixKey } from '../../../shared/finance.schemas';
import { FormInput } from '../../components/form-fields';

/** A text the Pix code carries up to `max` letters: the limit and how much of it is used, as one types. */
function LimitedInput({
  name,
  label,
  max,
  hint,
}: {
  name: string;
  label: string;
  max: number;
  hint: string;
}) {
  const value = useWatch({ name }) as string | undefined;
  const used = value?.length ?? 0;
  return (
    <FormInput
      name={name}
      label={label}
      maxLength={max}
      hint={
        <>
          {hint}{' '}
          <span aria-live={used >= max ? 'polite' : 'off'}>
            ({used}/{max})
          </span>
          {used >= max && ' Chegou ao limite: confira se o nome não ficou cortado.'}
        </>
      }
    />
  );
}

/**
 * Whether the fixed code's payments confirm themselves: only when its key is the one Pix automático is
 * connected with (the PSP reports Pix to that key, and the code's reference names the tuition).
 */
function keyHint(chave: string | undefined, automatico: string | null): string | undefined {
  if (!automatico) return undefined;
  if (samePixKey(chave, automatico))
    return 'A mesma chave do Pix automático: o pagamento pelo código fixo também se confirma sozinho.';
  return `O Pix automático usa a chave ${automatico}. Com outra chave aqui, o pagamento pelo código fixo não se confirma sozinho: a escola o confirma à mão.`;
}

/** 'Pix da escola': the key, and the name and city the family's bank app shows (BR Code limits). */
export function PixFieldset({ automaticoChave = null }: { automaticoChave?: string | null }) {
  const chave = useWatch({ name: 'pix_chave' }) as string | undefined;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Pix da escola</legend>
      <FormInput name="pix_chave" label="Chave Pix" hint={keyHint(chave, automaticoChave)} />
      <LimitedInput
        name="pix_beneficiario"
        label="Beneficiário"
        max={PIX_BENEFICIARIO_MAX}
        hint={`Até ${String(PIX_BENEFICIARIO_MAX)} letras, como aparece no app do banco.${
          automaticoChave ? ' Em branco, o código usa o nome da escola.' : ''
        }`}
      />
      <LimitedInput
        name="pix_cidade"
        label="Cidade"
        max={PIX_CIDADE_MAX}
        hint={`Até ${String(PIX_CIDADE_MAX)} letras.${automaticoChave ? ' Pode ficar em branco com o Pix automático.' : ''}`}
      />
    </fieldset>
  );
}
