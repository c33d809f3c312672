import { formatCount } from './format';

/**
 * What the family reads of the Conselho Tutelar line (ADR 0120): the law has the school notify the
 * Conselho Tutelar of a child with more absences than the line allows in the year (LDB art. 12, VIII,
 * by Lei 13.803/2019; the count for the year of ADR 0117), so the family hears it from the school first,
 * in plain words and with the way forward: when the child comes close (a fifth of the line or fewer
 * absences more, at least one, would pass it) and once past it. Null: nothing to say (no line, as in the
 * creche; no absence; still far from it).
 */
export function tutelaryNotice(figures: {
  faltas: number;
  /** The most absences the line allows in the year (`tutelaryLimit`); null: no line. */
  limite_faltas_conselho?: number | null | undefined;
  acima_limite_conselho?: boolean | undefined;
}): { tone: 'amber' | 'red'; text: string } | null {
  const { faltas, limite_faltas_conselho: limite } = figures;
  if (limite === null || limite === undefined) return null;
  if (figures.acima_limite_conselho === true || faltas > limite)
    return {
      tone: 'red',
      text: `Mais de ${formatCount(limite, 'falta', 'faltas')} no ano: nesse caso, a lei pede que a escola comunique o Conselho Tutelar, que acompanha a frequência escolar das crianças e dos adolescentes. Converse com a coordenação.`,
    };
  const left = limite - faltas;
  if (faltas === 0 || left >= Math.max(1, Math.floor(limite / 5))) return null;
  const more = left + 1;
  return {
    tone: 'amber',
    text: `Atenção às faltas: com mais ${formatCount(more, 'falta', 'faltas')}, passam de ${String(limite)} no ano, e a lei pede que a escola comunique o Conselho Tutelar.`,
  };
}
