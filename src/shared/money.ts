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
