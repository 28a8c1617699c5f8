/** Money is integer cents everywhere; these helpers format it only at the edge. */
export type Cents = number;

export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${dollars}.${rest}`;
}

export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

/** An amount as staff type it ("12", "12.5", "$12.50"), in cents; null when it is not one. */
export function parseAmount(text: string): Cents | null {
  const t = text.trim().replace(/^\$/, '');
  return /^\d{1,9}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : null;
}

/** Cents as an amount to edit or export ("12.50"); empty for none. */
export function centsToAmount(cents: Cents | null): string {
  return cents == null ? '' : (cents / 100).toFixed(2);
}
