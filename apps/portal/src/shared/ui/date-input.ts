/**
 * Dates typed as DD/MM/YYYY whatever the browser's locale (a native date input shows MM/DD/YYYY in some):
 * the mask that puts the slashes in as digits are typed, and the conversion to and from ISO dates.
 */

/** Keeps the digits typed (at most 8) and puts the slashes in: '0112' -> '01/12', '01122026' -> '01/12/2026'. */
export function maskDateInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** 'DD/MM/YYYY' -> 'YYYY-MM-DD', or null when it is not a whole, real calendar date ('31/02/2026'). */
export function isoFromDisplayDate(display: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(display.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY' ('' stays ''). */
export function displayFromIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
