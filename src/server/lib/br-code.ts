/**
 * A rule of the Pix BR Code (EMV® QRCPS-MPM, the BCB's "Manual de Padrões para Iniciação do Pix") that
 * both sides writing a code follow: the product's charges (`features/finance/pix.ts`) and the built-in
 * test bank's Pix Automático QR (`features/banco-simulado/recorrencias.validacao.ts`), which uses nothing
 * else of the product. Declared once, below the modules, as `pix-bcb.ts` is. Reading and checking a code
 * (its fields, its CRC) stays on each side: the test bank checks the product's codes as a payer's bank
 * does, with its own reader (`banco-simulado/br-code.ts`), so that a code the product writes wrong fails.
 */

/**
 * Free text in a BR Code field (59 the payee's name, 60 the city, 26-02 a description): ASCII without
 * accents, anything but letters, digits, space and `.,-` as a space, spaces folded, upper case, at most
 * `max` characters.
 */
export function brCodeText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max);
}
