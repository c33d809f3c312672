/**
 * An amount of money in words, as a Brazilian receipt or contract writes it beside the figures
 * ('R$ 437,33 (quatrocentos e trinta e sete reais e trinta e três centavos)'): the words are what holds
 * when a figure is smudged or altered. Up to 999.999.999,99; whole cents.
 */
const UNIDADES = [
  '',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
] as const;
const DEZENAS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
] as const;
const CENTENAS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
] as const;

/** 1 to 999 in words ('cem', 'cento e um', 'trinta e sete'). */
function ateMil(n: number): string {
  if (n === 100) return 'cem';
  const centena = CENTENAS[Math.floor(n / 100)]!;
  const resto = n % 100;
  const dezena =
    resto < 20
      ? UNIDADES[resto]!
      : [DEZENAS[Math.floor(resto / 10)]!, UNIDADES[resto % 10]!].filter(Boolean).join(' e ');
  return [centena, dezena].filter(Boolean).join(' e ');
}

/** A whole number of units in words (0 to 999.999.999): 'um milhão e duzentos mil', 'dois mil e cem'. */
function inteiro(n: number): string {
  if (n === 0) return 'zero';
  const grupos: [number, (g: number) => string][] = [
    [Math.floor(n / 1_000_000), (g) => `${ateMil(g)} ${g === 1 ? 'milhão' : 'milhões'}`],
    [Math.floor(n / 1000) % 1000, (g) => (g === 1 ? 'mil' : `${ateMil(g)} mil`)],
    [n % 1000, ateMil],
  ];
  const partes = grupos.filter(([g]) => g > 0);
  return partes
    .map(([g, escrever], index) => {
      // 'e' before the last group when it is under a hundred or a round hundred ('mil e cem', 'mil e dez');
      // otherwise a plain space ('mil duzentos e trinta').
      const ultimo = index === partes.length - 1 && index > 0;
      const liga = ultimo && (g < 100 || g % 100 === 0) ? 'e ' : '';
      return liga + escrever(g);
    })
    .join(' ');
}

/** 'de' after a round million ('um milhão de reais'), as Portuguese says it. */
const deReais = (reais: number) => (reais >= 1_000_000 && reais % 1_000_000 === 0 ? ' de' : '');

/** An amount in cents in words: 43733 → 'quatrocentos e trinta e sete reais e trinta e três centavos'. */
export function valorPorExtenso(centavos: number): string {
  if (!Number.isInteger(centavos) || centavos < 0 || centavos >= 100_000_000_000)
    throw new RangeError(`valor fora do alcance: ${centavos}`);
  const reais = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const parteReais = reais > 0 ? `${inteiro(reais)}${deReais(reais)} ${reais === 1 ? 'real' : 'reais'}` : '';
  const parteCentavos = cents > 0 ? `${inteiro(cents)} ${cents === 1 ? 'centavo' : 'centavos'}` : '';
  if (!parteReais && !parteCentavos) return 'zero real';
  return [parteReais, parteCentavos].filter(Boolean).join(' e ');
}
