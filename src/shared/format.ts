/** pt-BR formats (design §8): BRL, dd/mm/aaaa, America/Sao_Paulo, (11) 91234-5678. */
export const TIME_ZONE = 'America/Sao_Paulo';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});

/** Money is integer centavos everywhere; this is the only place it becomes reais. */
export function formatCentavos(centavos: number): string {
  return brl.format(centavos / 100).replace(/\u00a0/g, ' ');
}

/** Accepts an ISO timestamp or a `YYYY-MM-DD` calendar date (shown as that same day). */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return dateTimeFormat.format(new Date(value)).replace(',', '');
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function formatPhone(value: string | null | undefined): string {
  const digits = onlyDigits(value ?? '');
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return value ?? '';
}

/** Today's calendar date in the school's time zone, as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}
