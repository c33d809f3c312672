import IMask, { type FactoryArg } from 'imask';

/**
 * The input masks of the Brazilian fields (imask underneath, see docs/decisions/0010). The masked text
 * is what the form holds; the shared zod schemas strip it to what the server stores (CPF, phone and CEP
 * digits, CNPJ as 00.000.000/0000-00, money in centavos).
 */
export type MaskKind = 'cpf' | 'cnpj' | 'phone' | 'cep' | 'money';

const masks: Record<MaskKind, FactoryArg> = {
  cpf: { mask: '000.000.000-00' },
  // From July 2026 the first twelve characters of a CNPJ may be letters (IN RFB 2.229/2024); the two
  // check digits stay digits. Letters are shown in capitals, as the Receita prints them.
  cnpj: {
    mask: 'XX.XXX.XXX/XXXX-00',
    definitions: { X: /[0-9A-Za-z]/ },
    prepareChar: (text: string) => text.toUpperCase(),
  },
  // Landlines have 8 digits after the DDD, mobiles 9: the mask follows the count of digits, so a
  // pasted '(11) 91234-5678' keeps all eleven.
  phone: {
    mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
    dispatch: (appended: string, dynamic: { value: string; compiledMasks: unknown[] }) => {
      const digits = `${dynamic.value}${appended}`.replace(/\D/g, '').length;
      return dynamic.compiledMasks[digits > 10 ? 1 : 0];
    },
  } as FactoryArg,
  cep: { mask: '00000-000' },
  money: {
    mask: Number,
    scale: 2,
    radix: ',',
    mapToRadix: [','],
    thousandsSeparator: '.',
    padFractionalZeros: true,
    normalizeZeros: true,
    min: 0,
    max: 1_000_000,
  },
};

export const maskPlaceholders: Record<MaskKind, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  phone: '(11) 91234-5678',
  cep: '00000-000',
  money: '0,00',
};

export const maskInputModes: Record<MaskKind, 'numeric' | 'decimal' | 'tel' | 'text'> = {
  cpf: 'numeric',
  cnpj: 'text',
  phone: 'tel',
  cep: 'numeric',
  money: 'decimal',
};

/** Attaches the mask to an input; the returned mask is destroyed by the caller when the input goes. */
export function attachMask(input: HTMLInputElement, kind: MaskKind) {
  return IMask(input, masks[kind]);
}

/** The text as the mask shows it ('12345678909' → '123.456.789-09'); for values set from outside. */
export function applyMask(kind: MaskKind, text: string): string {
  return IMask.pipe(text, masks[kind]);
}
