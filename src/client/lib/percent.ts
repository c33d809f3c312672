/** '82,5 %' (one decimal, as the server rounds); '—' before any roll. */
export function formatPercent(value: number | null): string {
  if (value === null) return '—';
  return `${value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}
