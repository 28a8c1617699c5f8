/** Flat delivery rate, SPEC §1 / §9 (the fee becomes a setting with checkout). */
export const FLAT_DELIVERY_CENTS = 2000;

export function isUsZip(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}
